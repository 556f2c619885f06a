/**
 * The ticketings of the demo catalogue, in insertion order: ids follow this order, so ticketing 1 is
 * always « Les Nuits Électriques ». Dates are day offsets from the seeding day; hours are UTC.
 */
import type { RichTextDocument, Visual } from '@guichet/contracts';
import type { DiscountType, TicketingCategory, TicketingStatus } from '@guichet/domain';
import { ORGANIZERS } from './organizers.js';
import { PERFORMERS } from './performers.js';
import { CITIES, VENUES, type VenueKey } from './places.js';
import { richText } from './rich-text.js';
import { slugify } from './util.js';
import { hueFor, LANDSCAPE, toVisual, type VisualSpec } from './visuals.js';

type Promo = { position: number; type: DiscountType; value: number };

type TicketingDef = {
  title: string;
  category: TicketingCategory;
  venue: VenueKey;
  organizer: string;
  performers: string[];
  /** Day offset from the seeding day (negative: past). */
  day: number;
  /** UTC hour of the start (default 19, i.e. 20:00 in Paris in winter). */
  hour?: number;
  /** Number of days of a run (festival, exhibition, circus); the last day ends after the usual duration. */
  days?: number;
  /** Base price in euros of the first product. */
  price: number;
  summary: string;
  pitch: string[];
  status?: 'CANCELLED';
  /** The first product is sold out. */
  soldOut?: boolean;
  /** Slug of a previous address of this page (a redirect is seeded). */
  oldSlug?: string;
  /** A second, « scene » visual. */
  twoVisuals?: boolean;
  /** A promotion forced on one product (others come from the PRNG). */
  promo?: Promo;
  /** When its tickets go on sale (day offset and UTC hour), if not as soon as it is online. */
  salesOpen?: { day: number; hour: number };
};

const DEFS: TicketingDef[] = [
  {
    title: 'Les Nuits Électriques',
    category: 'Festival',
    venue: 'lyonConfluences',
    organizer: 'rhone-live',
    performers: ['sacha-vedrine', 'dj-nova-brise', 'kenza-et-les-lucioles'],
    day: 24,
    hour: 17,
    days: 2,
    price: 39,
    summary: 'Deux nuits de musiques électroniques au bord du Rhône, de la house à la soul.',
    pitch: [
      'Pour leur nouvelle édition, **Les Nuits Électriques** investissent la Salle des Confluences pendant deux nuits : trois scènes, des installations lumineuses et une programmation qui va de la techno mélodique à la soul.',
      'Têtes d’affiche : *Sacha Védrine*, *DJ Nova Brise* et *Kenza et les Lucioles*.',
    ],
    oldSlug: 'nuits-electriques-lyon',
    twoVisuals: true,
    promo: { position: 1, type: 'PERCENTAGE', value: 20 },
  },
  {
    title: 'Margaux Lenoir — Rivages',
    category: 'Concert',
    venue: 'parisCigale',
    organizer: 'scenes-d-avenir-productions',
    performers: ['margaux-lenoir'],
    day: 12,
    price: 35,
    summary:
      'Margaux Lenoir présente sur scène les chansons de son troisième album, accompagnée d’un quatuor à cordes.',
    pitch: [
      'Après une tournée des petites salles à guichets fermés, **Margaux Lenoir** pose ses *Rivages* à La Petite Cigale pour une soirée intimiste et lumineuse.',
    ],
    twoVisuals: true,
  },
  {
    title: 'Le Malade imaginaire',
    category: 'Théâtre',
    venue: 'parisCanal',
    organizer: 'scenes-d-avenir-productions',
    performers: ['compagnie-du-grand-large'],
    day: 5,
    hour: 19,
    price: 28,
    summary: 'La Compagnie du Grand Large offre une lecture joyeuse et moderne de la dernière comédie de Molière.',
    pitch: [
      'Argan se croit malade, sa famille en profite et les médecins s’en donnent à cœur joie : la **Compagnie du Grand Large** signe un *Malade imaginaire* vif, drôle et musical.',
    ],
    promo: { position: 0, type: 'FIXED', value: 500 },
  },
  {
    title: 'Théo Garnier — Presque adulte',
    category: 'Humour',
    venue: 'marseilleDome',
    organizer: 'mediterranee-spectacles',
    performers: ['theo-garnier'],
    day: 18,
    price: 32,
    summary: 'Le nouveau spectacle de Théo Garnier sur l’art délicat de devenir adulte, sans mode d’emploi.',
    pitch: [
      'Impôts, colocation, premier crédit : **Théo Garnier** raconte avec une autodérision redoutable le passage à l’âge adulte.',
    ],
    soldOut: true,
  },
  {
    title: 'Lumières Vives, l’exposition immersive',
    category: 'Exposition',
    venue: 'parisHalle',
    organizer: 'scenes-d-avenir-productions',
    performers: ['collectif-lumiere-vive'],
    day: -20,
    hour: 9,
    days: 90,
    price: 17,
    summary: 'Une plongée de quarante-cinq minutes dans des paysages de lumière qui réagissent à chaque visiteur.',
    pitch: [
      'Le **Collectif Lumière Vive** transforme la Grande Halle de l’Ourcq en un océan de lumière : projections à 360°, sol interactif et création sonore originale.',
      'Une expérience à vivre *en famille* comme entre amis.',
    ],
    twoVisuals: true,
  },
  {
    title: 'Les Aigles Bleus — Gala de handball',
    category: 'Sport',
    venue: 'parisArena',
    organizer: 'scenes-d-avenir-productions',
    performers: ['les-aigles-bleus'],
    day: 40,
    hour: 18,
    price: 22,
    summary: 'Les Aigles Bleus affrontent une sélection européenne lors d’un gala de handball exceptionnel.',
    pitch: [
      'Une soirée de gala pour fêter les trente ans du club : **Les Aigles Bleus** reçoivent une sélection des meilleurs joueurs européens.',
    ],
  },
  {
    title: 'Le Petit Bal des Lucioles',
    category: 'Jeune public',
    venue: 'nantesErdre',
    organizer: 'atlantique-evenements',
    performers: ['les-joyeux-lurons'],
    day: 9,
    hour: 14,
    price: 12,
    summary: 'Un bal pour les tout-petits et leurs parents, avec des chansons à reprendre en chœur.',
    pitch: [
      'On danse, on chante, on joue : **Les Joyeux Lurons** invitent les familles à un bal tendre et rythmé, pensé pour les enfants dès deux ans.',
    ],
  },
  {
    title: 'Symphonie du Nouveau Monde',
    category: 'Classique',
    venue: 'bordeauxAuditorium',
    organizer: 'atlantique-evenements',
    performers: ['orchestre-des-deux-rives'],
    day: 33,
    price: 42,
    summary: 'L’Orchestre des Deux Rives interprète la célèbre Neuvième Symphonie de Dvořák.',
    pitch: [
      'Sous la direction d’*Hélène Vasseur*, l’**Orchestre des Deux Rives** joue la *Symphonie du Nouveau Monde*, précédée de l’ouverture du *Carnaval romain* de Berlioz.',
    ],
  },
  {
    title: 'Les Frères Castagne en concert',
    category: 'Concert',
    venue: 'lilleAeronef',
    organizer: 'les-nuits-du-nord',
    performers: ['les-freres-castagne'],
    day: -12,
    price: 26,
    summary: 'Le rock garage survolté des Frères Castagne débarque à Lille pour une soirée sans temps mort.',
    pitch: [
      'Guitares saturées et refrains hurlés en chœur : **Les Frères Castagne** défendent leur nouvel album sur la scène de l’Aéronef du Nord.',
    ],
  },
  {
    title: 'Nadia Belkacem — Soleil d’hiver',
    category: 'Concert',
    venue: 'marseilleDome',
    organizer: 'mediterranee-spectacles',
    performers: ['nadia-belkacem'],
    day: 47,
    price: 38,
    summary: 'Nadia Belkacem revient à Marseille avec les chansons solaires de son nouvel album.',
    pitch: [
      'Pop lumineuse et rythmes raï : **Nadia Belkacem** fête à domicile la sortie de *Soleil d’hiver*, entourée de cinq musiciens.',
    ],
  },
  {
    title: 'Jules Arnaud Quartet — Nuit bleue',
    category: 'Concert',
    venue: 'geneveLeman',
    organizer: 'leman-concerts',
    performers: ['jules-arnaud-quartet'],
    day: 21,
    price: 40,
    summary: 'Le pianiste Jules Arnaud et son quartet revisitent les standards du jazz modal au bord du Léman.',
    pitch: [
      'Une soirée de jazz feutrée avec le **Jules Arnaud Quartet**, qui présente les compositions de *Nuit bleue* et quelques standards de Coltrane.',
    ],
  },
  {
    title: 'Kenza et les Lucioles — Lueurs',
    category: 'Concert',
    venue: 'nantesNef',
    organizer: 'atlantique-evenements',
    performers: ['kenza-et-les-lucioles'],
    day: -33,
    price: 29,
    summary: 'La soul cuivrée de Kenza et les Lucioles fait vibrer La Nef des Machines.',
    pitch: [
      'Une voix puissante et une section de cuivres : **Kenza et les Lucioles** rallument la flamme de la soul des années soixante-dix.',
    ],
  },
  {
    title: 'MC Rivage — Garonne Tour',
    category: 'Concert',
    venue: 'toulouseGaronne',
    organizer: 'occitanie-scenes',
    performers: ['mc-rivage'],
    day: 58,
    price: 34,
    summary: 'MC Rivage lance à Toulouse la tournée de son album certifié disque d’or.',
    pitch: [
      'Le rappeur toulousain **MC Rivage** ouvre le *Garonne Tour* à domicile, avec une scénographie inédite et plusieurs invités surprises.',
    ],
  },
  {
    title: 'Fil d’Ariane — Mémoires vives',
    category: 'Danse',
    venue: 'toulouseCarmes',
    organizer: 'occitanie-scenes',
    performers: ['compagnie-fil-d-ariane'],
    day: 27,
    price: 24,
    summary: 'Une pièce chorégraphique pour douze danseurs sur la mémoire du geste.',
    pitch: [
      'Dans *Mémoires vives*, la **Compagnie Fil d’Ariane** fait dialoguer danseurs professionnels et habitants autour des gestes du travail et de la fête.',
    ],
  },
  {
    title: 'Élodie Fontaine — Open space',
    category: 'Humour',
    venue: 'lilleVieuxLille',
    organizer: 'les-nuits-du-nord',
    performers: ['elodie-fontaine'],
    day: 15,
    price: 30,
    summary: 'Réunions interminables et collègues envahissants : Élodie Fontaine croque la vie de bureau.',
    pitch: [
      'Dans *Open space*, **Élodie Fontaine** passe au crible la machine à café, les séminaires et les messages envoyés à 23 heures.',
    ],
  },
  {
    title: 'Cirque Plume d’Or — Envol',
    category: 'Cirque',
    venue: 'rennesGayeulles',
    organizer: 'atlantique-evenements',
    performers: ['cirque-plume-d-or'],
    day: 36,
    days: 4,
    price: 25,
    summary: 'Acrobaties, jonglage et musique live sous un chapiteau de bois, pour toute la famille.',
    pitch: [
      'Avec *Envol*, le **Cirque Plume d’Or** invite à un voyage poétique où douze artistes défient la gravité.',
      'Quatre représentations seulement à Rennes.',
    ],
  },
  {
    title: 'Le Voyage de Pipo',
    category: 'Jeune public',
    venue: 'lyonTerrasses',
    organizer: 'rhone-live',
    performers: ['les-petites-mains'],
    day: 6,
    hour: 9,
    price: 9,
    summary: 'Un spectacle de marionnettes et d’ombres pour les enfants dès trois ans.',
    pitch: [
      'Pipo, petit nuage curieux, part découvrir le monde : **Les Petites Mains** racontent son voyage avec des marionnettes, des ombres et beaucoup de tendresse.',
    ],
  },
  {
    title: 'Ballet du Rhône — Roméo et Juliette',
    category: 'Danse',
    venue: 'lyonTerrasses',
    organizer: 'rhone-live',
    performers: ['ballet-du-rhone'],
    day: 64,
    price: 45,
    summary: 'Le Ballet du Rhône danse la tragédie de Shakespeare sur la partition de Prokofiev.',
    pitch: [
      'Vingt-quatre danseurs, des costumes somptueux et la musique de Prokofiev : le **Ballet du Rhône** livre un *Roméo et Juliette* intense et moderne.',
    ],
  },
  {
    title: 'Anouk Delmas en concert',
    category: 'Concert',
    venue: 'rennesVilaine',
    organizer: 'atlantique-evenements',
    performers: ['anouk-delmas'],
    day: -6,
    price: 22,
    summary: 'Les ballades folk d’Anouk Delmas en formation intimiste.',
    pitch: [
      'Guitare-voix et harmonica : **Anouk Delmas** partage ses chansons ciselées dans l’intimité de la Salle de la Vilaine.',
    ],
  },
  {
    title: 'Ensemble Mosan — Grétry et ses contemporains',
    category: 'Classique',
    venue: 'liegeCarre',
    organizer: 'wallonie-bruxelles-live',
    performers: ['ensemble-mosan'],
    day: 44,
    price: 30,
    summary: 'L’Ensemble Mosan fait revivre sur instruments d’époque la musique de Grétry.',
    pitch: [
      'Airs d’opéra-comique et pièces instrumentales : l’**Ensemble Mosan** rend hommage au compositeur liégeois *André-Modeste Grétry*.',
    ],
  },
  {
    title: 'Trio Léman — Concert d’automne',
    category: 'Concert',
    venue: 'lausanneOuchy',
    organizer: 'leman-concerts',
    performers: ['trio-leman'],
    day: -26,
    price: 35,
    summary: 'Un jazz lyrique aux accents de musique de chambre, face au lac.',
    pitch: ['Le **Trio Léman** joue les pièces de son dernier disque dans la salle boisée du Théâtre d’Ouchy.'],
  },
  {
    title: 'Bastien Roux — Lumière synthétique',
    category: 'Concert',
    venue: 'rennesVilaine',
    organizer: 'atlantique-evenements',
    performers: ['bastien-roux'],
    day: 79,
    price: 27,
    summary: 'La pop solaire et synthétique de Bastien Roux, de retour dans sa ville.',
    pitch: [
      'Synthés vintage et refrains entêtants : **Bastien Roux** présente *Lumière synthétique* sur la scène qui l’a vu naître.',
    ],
  },
  {
    title: 'Yasmine Haddad — Entre deux rives',
    category: 'Concert',
    venue: 'montpellierEcusson',
    organizer: 'occitanie-scenes',
    performers: ['yasmine-haddad'],
    day: 52,
    price: 28,
    summary: 'Yasmine Haddad chante en arabe et en français sur des rythmes orientaux modernisés.',
    pitch: [
      'Entre Beyrouth et Montpellier, **Yasmine Haddad** tisse des ponts entre les langues et les musiques, portée par un oud et des machines.',
    ],
  },
  {
    title: 'La Fanfare Saugrenue — Grand bal cuivré',
    category: 'Concert',
    venue: 'strasbourgRhin',
    organizer: 'rhin-et-culture',
    performers: ['la-fanfare-saugrenue'],
    day: -40,
    price: 18,
    summary: 'Quinze musiciens et des cuivres rutilants pour un bal des Balkans au funk.',
    pitch: [
      'Impossible de rester assis : **La Fanfare Saugrenue** transforme la Salle du Rhin en piste de danse géante.',
    ],
  },
  {
    title: 'Aurélien Marchal — Chopin et Debussy',
    category: 'Classique',
    venue: 'strasbourgRhin',
    organizer: 'rhin-et-culture',
    performers: ['aurelien-marchal'],
    day: 30,
    price: 38,
    summary: 'Un récital de piano consacré aux Nocturnes de Chopin et aux Préludes de Debussy.',
    pitch: [
      'Le pianiste **Aurélien Marchal** met en regard deux poètes du clavier : les *Nocturnes* de Chopin et le premier livre des *Préludes* de Debussy.',
    ],
  },
  {
    title: 'Les Vagabonds du Sud — Tournée des places',
    category: 'Concert',
    venue: 'niceAcropole',
    organizer: 'azur-festivals',
    performers: ['les-vagabonds-du-sud'],
    day: 88,
    price: 29,
    summary: 'Le rock festif et occitan des Vagabonds du Sud pour une soirée de fête à Nice.',
    pitch: [
      'Guitares électriques, accordéon et textes en occitan : **Les Vagabonds du Sud** font danser toutes les générations.',
    ],
  },
  {
    title: 'Capucine Berthier — Toutes mes vies',
    category: 'Théâtre',
    venue: 'nicePromenade',
    organizer: 'azur-festivals',
    performers: ['capucine-berthier'],
    day: 19,
    price: 31,
    summary: 'Un seule-en-scène drôle et bouleversant, nommé aux Molières.',
    pitch: [
      'Seule en scène, **Capucine Berthier** fait vivre une vingtaine de personnages, d’une grand-mère pêcheuse à une adolescente en révolte.',
    ],
  },
  {
    title: 'Riders Freestyle Tour — Montpellier',
    category: 'Sport',
    venue: 'montpellierArene',
    organizer: 'azur-festivals',
    performers: ['riders-freestyle-tour'],
    day: 71,
    hour: 18,
    price: 35,
    summary: 'Les meilleurs riders de BMX et de motocross freestyle en compétition dans l’Arène du Lez.',
    pitch: [
      'Figures aériennes, rampes géantes et compétition internationale : le **Riders Freestyle Tour** fait étape à Montpellier.',
    ],
  },
  {
    title: 'Zoé Carpentier — Mélodies françaises',
    category: 'Classique',
    venue: 'geneveLeman',
    organizer: 'leman-concerts',
    performers: ['zoe-carpentier', 'aurelien-marchal'],
    day: 96,
    price: 45,
    summary: 'La soprano Zoé Carpentier et le pianiste Aurélien Marchal dans Fauré, Duparc et Hahn.',
    pitch: [
      'Un récital de mélodies françaises par la soprano **Zoé Carpentier**, accompagnée au piano par **Aurélien Marchal**.',
    ],
  },
  {
    title: 'DJ Nova Brise — Disco Club',
    category: 'Concert',
    venue: 'lilleAeronef',
    organizer: 'les-nuits-du-nord',
    performers: ['dj-nova-brise'],
    day: 11,
    hour: 21,
    price: 20,
    summary: 'Une nuit disco et nu-funk aux platines avec DJ Nova Brise.',
    pitch: ['Boule à facettes et basses rondes : **DJ Nova Brise** transforme l’Aéronef du Nord en club géant.'],
  },
  {
    title: 'Les Joyeux Lurons — Le grand concert des familles',
    category: 'Jeune public',
    venue: 'bruxellesRotonde',
    organizer: 'wallonie-bruxelles-live',
    performers: ['les-joyeux-lurons'],
    day: 55,
    hour: 13,
    price: 15,
    summary: 'Un concert joyeux pour chanter et danser en famille, dès deux ans.',
    pitch: ['**Les Joyeux Lurons** fêtent leurs dix ans avec leurs chansons les plus aimées des enfants.'],
  },
  {
    title: 'Festival Garonne en Fête',
    category: 'Festival',
    venue: 'toulouseGaronne',
    organizer: 'occitanie-scenes',
    performers: ['mc-rivage', 'la-fanfare-saugrenue', 'les-vagabonds-du-sud'],
    day: 200,
    hour: 16,
    days: 3,
    price: 45,
    summary: 'Trois jours de rap, de fanfares et de rock au bord de la Garonne.',
    pitch: [
      'Le **Festival Garonne en Fête** réunit chaque année les artistes de la région et leurs invités.',
      'Au programme : *MC Rivage*, *La Fanfare Saugrenue* et *Les Vagabonds du Sud*.',
    ],
    twoVisuals: true,
  },
  {
    title: 'Azur Summer Festival',
    category: 'Festival',
    venue: 'niceAcropole',
    organizer: 'azur-festivals',
    performers: ['nadia-belkacem', 'bastien-roux', 'sacha-vedrine'],
    day: 230,
    hour: 16,
    days: 3,
    price: 55,
    // Not on sale yet: its page says when the sale opens.
    salesOpen: { day: 6, hour: 9 },
    summary: 'Le festival pop et électro de l’été, face à la Méditerranée.',
    pitch: [
      'Trois jours de pop et d’électro sous le soleil niçois : l’**Azur Summer Festival** accueille *Nadia Belkacem*, *Bastien Roux* et *Sacha Védrine*.',
    ],
    twoVisuals: true,
  },
  {
    title: 'Jazz au Léman',
    category: 'Festival',
    venue: 'lausanneBeaulieu',
    organizer: 'leman-concerts',
    performers: ['trio-leman', 'jules-arnaud-quartet'],
    day: 250,
    hour: 17,
    days: 2,
    price: 48,
    salesOpen: { day: -30, hour: 9 },
    summary: 'Deux jours de jazz à Lausanne avec le Trio Léman et le Jules Arnaud Quartet.',
    pitch: ['**Jazz au Léman** célèbre le jazz européen : concerts, jam-sessions et rencontres avec les musiciens.'],
  },
  {
    title: 'Festival des Deux Mondes',
    category: 'Festival',
    venue: 'bruxellesForest',
    organizer: 'wallonie-bruxelles-live',
    performers: ['yasmine-haddad', 'la-fanfare-saugrenue'],
    day: 180,
    hour: 16,
    days: 2,
    price: 42,
    summary: 'Un week-end de musiques du monde à Bruxelles, entre Orient et Balkans.',
    pitch: [
      'Le **Festival des Deux Mondes** fait dialoguer les cultures : concerts, ateliers de danse et cuisine de rue.',
    ],
  },
  {
    title: 'Le Misanthrope',
    category: 'Théâtre',
    venue: 'lyonTerrasses',
    organizer: 'rhone-live',
    performers: ['compagnie-du-grand-large'],
    day: -47,
    price: 27,
    summary: 'Alceste contre le monde entier : la comédie de Molière dans une mise en scène contemporaine.',
    pitch: [
      'La **Compagnie du Grand Large** transpose *Le Misanthrope* dans une agence de communication, sans changer un vers.',
    ],
  },
  {
    title: 'Cyrano de Bergerac',
    category: 'Théâtre',
    venue: 'bruxellesRotonde',
    organizer: 'wallonie-bruxelles-live',
    performers: ['compagnie-du-grand-large'],
    day: 110,
    price: 34,
    summary: 'Le chef-d’œuvre d’Edmond Rostand par quinze comédiens et trois musiciens.',
    pitch: [
      'Panache, duels et déclarations sous le balcon : la **Compagnie du Grand Large** s’attaque à *Cyrano de Bergerac*.',
    ],
  },
  {
    title: 'Théo Garnier — Presque adulte (Bruxelles)',
    category: 'Humour',
    venue: 'bruxellesForest',
    organizer: 'wallonie-bruxelles-live',
    performers: ['theo-garnier'],
    day: 125,
    price: 36,
    summary: 'Après une tournée triomphale en France, Théo Garnier pose ses valises à Bruxelles.',
    pitch: ['**Théo Garnier** joue *Presque adulte* pour la première fois en Belgique, dans une version enrichie.'],
  },
  {
    title: 'Élodie Fontaine — Open space (Genève)',
    category: 'Humour',
    venue: 'geneveLeman',
    organizer: 'leman-concerts',
    performers: ['elodie-fontaine'],
    day: 140,
    price: 38,
    summary: 'La vie de bureau passée au crible par Élodie Fontaine, à Genève.',
    pitch: ['**Élodie Fontaine** adapte *Open space* à la vie genevoise pour une soirée exceptionnelle.'],
  },
  {
    title: 'Les Rires du Lez',
    category: 'Humour',
    venue: 'montpellierEcusson',
    organizer: 'occitanie-scenes',
    performers: ['elodie-fontaine', 'theo-garnier'],
    day: -55,
    price: 22,
    summary: 'Un plateau d’humour réunissant Élodie Fontaine, Théo Garnier et des talents à découvrir.',
    pitch: [
      'Deux têtes d’affiche et trois jeunes humoristes : **Les Rires du Lez** promettent une soirée de fous rires.',
    ],
  },
  {
    title: 'L’Océan des lumières',
    category: 'Exposition',
    venue: 'strasbourgWacken',
    organizer: 'rhin-et-culture',
    performers: ['collectif-lumiere-vive'],
    day: 150,
    hour: 9,
    days: 60,
    price: 15,
    summary: 'Une exposition immersive qui plonge les visiteurs dans les profondeurs marines.',
    pitch: [
      'Méduses géantes, bancs de poissons et abysses phosphorescents : le **Collectif Lumière Vive** recrée l’océan sur 2 000 m².',
    ],
  },
  {
    title: 'Cités imaginaires',
    category: 'Exposition',
    venue: 'liegeMeuse',
    organizer: 'wallonie-bruxelles-live',
    performers: ['collectif-lumiere-vive'],
    day: -75,
    hour: 9,
    days: 100,
    price: 14,
    summary: 'Des villes de lumière à explorer, entre architecture et rêve.',
    pitch: ['Le **Collectif Lumière Vive** imagine des cités impossibles, projetées sur des maquettes monumentales.'],
  },
  {
    title: 'Riders Freestyle Tour — Bordeaux',
    category: 'Sport',
    venue: 'bordeauxStade',
    organizer: 'atlantique-evenements',
    performers: ['riders-freestyle-tour'],
    day: -63,
    hour: 18,
    price: 30,
    summary: 'Les riders freestyle ont enflammé le Stade des Bassins.',
    pitch: ['Étape bordelaise du **Riders Freestyle Tour** : BMX, trottinette et motocross freestyle.'],
  },
  {
    title: 'Les Aigles Bleus — Derby de l’Atlantique',
    category: 'Sport',
    venue: 'nantesNef',
    organizer: 'atlantique-evenements',
    performers: ['les-aigles-bleus'],
    day: 85,
    hour: 18,
    price: 16,
    summary: 'Le derby de handball le plus attendu de la saison.',
    pitch: ['**Les Aigles Bleus** défient leur rival de toujours dans une salle chauffée à blanc.'],
  },
  {
    title: 'Les Aigles Bleus — Coupe d’Europe',
    category: 'Sport',
    venue: 'genevePalettes',
    organizer: 'leman-concerts',
    performers: ['les-aigles-bleus'],
    day: 160,
    hour: 18,
    price: 28,
    summary: 'Un match de Coupe d’Europe de handball délocalisé à Genève.',
    pitch: ['**Les Aigles Bleus** jouent leur quart de finale européen à l’Arena des Palettes.'],
  },
  {
    title: 'Margaux Lenoir — Rivages (Bordeaux)',
    category: 'Concert',
    venue: 'bordeauxChartrons',
    organizer: 'atlantique-evenements',
    performers: ['margaux-lenoir'],
    day: 100,
    price: 35,
    summary: 'La tournée Rivages de Margaux Lenoir fait escale sur les quais de Bordeaux.',
    pitch: ['**Margaux Lenoir** et son quatuor à cordes jouent *Rivages* au Rocher des Chartrons.'],
  },
  {
    title: 'Margaux Lenoir — Rivages (Liège)',
    category: 'Concert',
    venue: 'liegeMeuse',
    organizer: 'wallonie-bruxelles-live',
    performers: ['margaux-lenoir'],
    day: 145,
    price: 33,
    summary: 'Première date belge de la tournée Rivages de Margaux Lenoir.',
    pitch: ['**Margaux Lenoir** traverse la frontière pour une soirée au bord de la Meuse.'],
  },
  {
    title: 'La Nuit du rock',
    category: 'Concert',
    venue: 'strasbourgRhin',
    organizer: 'rhin-et-culture',
    performers: ['les-freres-castagne', 'les-vagabonds-du-sud'],
    day: 120,
    price: 30,
    summary: 'Les Frères Castagne et Les Vagabonds du Sud partagent l’affiche d’une nuit 100 % rock.',
    pitch: [
      'Deux groupes, deux univers, une même énergie : **La Nuit du rock** promet de faire trembler la Salle du Rhin.',
    ],
  },
  {
    title: 'Nadia Belkacem — Soleil d’hiver (Paris)',
    category: 'Concert',
    venue: 'parisArena',
    organizer: 'scenes-d-avenir-productions',
    performers: ['nadia-belkacem'],
    day: 175,
    price: 45,
    summary: 'Le plus grand concert parisien de Nadia Belkacem, à l’Arena Bercy-Rives.',
    pitch: ['Pour la première fois dans une arena, **Nadia Belkacem** offre un show total avec danseurs et invités.'],
  },
  {
    title: 'Kenza et les Lucioles — Lueurs (Paris)',
    category: 'Concert',
    venue: 'parisCigale',
    organizer: 'scenes-d-avenir-productions',
    performers: ['kenza-et-les-lucioles'],
    day: -84,
    price: 30,
    summary: 'La soul cuivrée de Kenza et les Lucioles à La Petite Cigale.',
    pitch: ['**Kenza et les Lucioles** ont fait danser La Petite Cigale jusqu’au bout de la nuit.'],
  },
  {
    title: 'Le Voyage de Pipo (Marseille)',
    category: 'Jeune public',
    venue: 'marseilleCorniche',
    organizer: 'mediterranee-spectacles',
    performers: ['les-petites-mains'],
    day: -19,
    hour: 13,
    price: 10,
    summary: 'Les marionnettes des Petites Mains en escale au Théâtre de la Corniche.',
    pitch: ['Le petit nuage Pipo découvre la Méditerranée avec **Les Petites Mains**.'],
  },
  {
    title: 'Cirque Plume d’Or — Envol (Lausanne)',
    category: 'Cirque',
    venue: 'lausanneBeaulieu',
    organizer: 'leman-concerts',
    performers: ['cirque-plume-d-or'],
    day: 190,
    days: 3,
    price: 32,
    summary: 'Le cirque poétique de Plume d’Or pour trois soirs à Lausanne.',
    pitch: ['Le **Cirque Plume d’Or** installe son chapiteau de bois à Beaulieu pour trois représentations.'],
  },
  {
    title: 'Ballet du Rhône — Le Lac des cygnes',
    category: 'Danse',
    venue: 'bordeauxAuditorium',
    organizer: 'atlantique-evenements',
    performers: ['ballet-du-rhone'],
    day: 215,
    price: 48,
    summary: 'Le ballet le plus célèbre du répertoire, dans une version épurée.',
    pitch: [
      'Le **Ballet du Rhône** revisite *Le Lac des cygnes* de Tchaïkovski.',
      '**Représentation annulée** : les billets sont remboursés automatiquement.',
    ],
    status: 'CANCELLED',
  },
  {
    title: 'Fil d’Ariane — Mémoires vives (Bruxelles)',
    category: 'Danse',
    venue: 'bruxellesRotonde',
    organizer: 'wallonie-bruxelles-live',
    performers: ['compagnie-fil-d-ariane'],
    day: -71,
    price: 22,
    summary: 'La pièce chorégraphique de la Compagnie Fil d’Ariane présentée à Bruxelles.',
    pitch: ['*Mémoires vives* a réuni à Bruxelles danseurs professionnels et amateurs bruxellois.'],
  },
  {
    title: 'Grand gala lyrique',
    category: 'Classique',
    venue: 'bordeauxAuditorium',
    organizer: 'atlantique-evenements',
    performers: ['orchestre-des-deux-rives', 'zoe-carpentier'],
    day: 130,
    price: 55,
    summary: 'Les plus beaux airs d’opéra par Zoé Carpentier et l’Orchestre des Deux Rives.',
    pitch: [
      'De Mozart à Massenet, **Zoé Carpentier** chante les grandes héroïnes de l’opéra avec l’**Orchestre des Deux Rives**.',
    ],
  },
  {
    title: 'MC Rivage — Garonne Tour (Marseille)',
    category: 'Concert',
    venue: 'marseilleDome',
    organizer: 'mediterranee-spectacles',
    performers: ['mc-rivage'],
    day: 240,
    price: 36,
    summary: 'Le Garonne Tour de MC Rivage fait étape au Dôme du Vieux-Port.',
    pitch: ['**MC Rivage** retrouve le public marseillais pour une date unique.'],
  },
  {
    title: 'Sacha Védrine — Nuit blanche',
    category: 'Concert',
    venue: 'geneveLeman',
    organizer: 'leman-concerts',
    performers: ['sacha-vedrine'],
    day: 270,
    hour: 21,
    price: 32,
    summary: 'Un set électro de quatre heures par Sacha Védrine, jusqu’au petit matin.',
    pitch: ['**Sacha Védrine** joue en solo une *Nuit blanche* de techno mélodique au bord du lac.'],
  },
  {
    title: 'Jazz au Canal',
    category: 'Concert',
    venue: 'parisCanal',
    organizer: 'scenes-d-avenir-productions',
    performers: ['jules-arnaud-quartet'],
    day: 300,
    price: 30,
    summary: 'Le Jules Arnaud Quartet en concert au bord du canal Saint-Martin.',
    pitch: ['Une soirée jazz intimiste avec le **Jules Arnaud Quartet** au Théâtre du Canal.'],
  },
  {
    title: 'Anouk Delmas et Bastien Roux — Duos',
    category: 'Concert',
    venue: 'nantesErdre',
    organizer: 'atlantique-evenements',
    performers: ['anouk-delmas', 'bastien-roux'],
    day: 320,
    price: 24,
    summary: 'Anouk Delmas et Bastien Roux croisent leurs répertoires le temps d’une soirée.',
    pitch: ['Folk et pop se rencontrent : **Anouk Delmas** et **Bastien Roux** chantent leurs chansons en duo.'],
  },
  {
    title: 'Les Joyeux Lurons (Lille)',
    category: 'Jeune public',
    venue: 'lilleVieuxLille',
    organizer: 'les-nuits-du-nord',
    performers: ['les-joyeux-lurons'],
    day: 340,
    hour: 13,
    price: 12,
    summary: 'Le concert des familles des Joyeux Lurons, à Lille.',
    pitch: ['Chansons, danses et jeux : **Les Joyeux Lurons** font chanter petits et grands.'],
  },
  {
    title: 'Bastien Roux — Lumière synthétique (Montpellier)',
    category: 'Concert',
    venue: 'montpellierEcusson',
    organizer: 'azur-festivals',
    performers: ['bastien-roux'],
    day: 355,
    price: 29,
    summary: 'La pop synthétique de Bastien Roux en concert à Montpellier.',
    pitch: ['**Bastien Roux** clôt sa tournée dans l’intimité du Théâtre de l’Écusson.'],
  },
  {
    title: 'Méditerranée Sonore',
    category: 'Festival',
    venue: 'marseilleDome',
    organizer: 'mediterranee-spectacles',
    performers: ['yasmine-haddad', 'nadia-belkacem', 'la-fanfare-saugrenue'],
    day: -3,
    hour: 16,
    days: 2,
    price: 40,
    summary: 'Deux jours de musiques méditerranéennes sur le Vieux-Port.',
    pitch: [
      '**Méditerranée Sonore** a réuni *Yasmine Haddad*, *Nadia Belkacem* et *La Fanfare Saugrenue* pour deux jours de fête.',
    ],
  },
  {
    title: 'Capucine Berthier — Toutes mes vies (Paris)',
    category: 'Théâtre',
    venue: 'parisCanal',
    organizer: 'scenes-d-avenir-productions',
    performers: ['capucine-berthier'],
    day: 150,
    price: 32,
    summary: 'Le seule-en-scène de Capucine Berthier repris au Théâtre du Canal.',
    pitch: ['Après son succès à Nice, **Capucine Berthier** reprend *Toutes mes vies* pour un mois à Paris.'],
  },
  {
    title: 'Aurélien Marchal — Les Nocturnes',
    category: 'Classique',
    venue: 'lilleVieuxLille',
    organizer: 'les-nuits-du-nord',
    performers: ['aurelien-marchal'],
    day: 205,
    price: 36,
    summary: 'L’intégrale des Nocturnes de Chopin en un récital.',
    pitch: ['**Aurélien Marchal** joue l’intégrale des *Nocturnes* de Chopin, à la lueur des bougies.'],
  },
  {
    title: 'Le Malade imaginaire (Rennes)',
    category: 'Théâtre',
    venue: 'rennesVilaine',
    organizer: 'atlantique-evenements',
    performers: ['compagnie-du-grand-large'],
    day: 68,
    price: 26,
    summary: 'La comédie de Molière par la Compagnie du Grand Large, en tournée à Rennes.',
    pitch: ['Le *Malade imaginaire* joyeux et musical de la **Compagnie du Grand Large** pose ses valises à Rennes.'],
    soldOut: true,
  },
  {
    title: 'Le Voyage de Pipo (Toulouse)',
    category: 'Jeune public',
    venue: 'toulouseCarmes',
    organizer: 'occitanie-scenes',
    performers: ['les-petites-mains'],
    day: 92,
    hour: 9,
    price: 9,
    summary: 'Les marionnettes des Petites Mains au Théâtre des Carmes.',
    pitch: ['**Les Petites Mains** emmènent les tout-petits dans le voyage du nuage Pipo.'],
  },
];

/** How long one performance lasts, in minutes, by category. */
const DURATION: Record<TicketingCategory, number> = {
  Concert: 150,
  Festival: 420,
  Théâtre: 120,
  Humour: 90,
  Exposition: 540,
  Danse: 100,
  Sport: 120,
  'Jeune public': 50,
  Classique: 120,
  Cirque: 120,
};

const CATEGORY_HUE: Record<TicketingCategory, number> = {
  Concert: 330,
  Festival: 20,
  Théâtre: 355,
  Humour: 45,
  Exposition: 190,
  Danse: 285,
  Sport: 210,
  'Jeune public': 140,
  Classique: 240,
  Cirque: 5,
};

const PRACTICAL: Record<TicketingCategory, string> = {
  Concert: 'Ouverture des portes une heure avant le début du concert. Placement selon la catégorie choisie.',
  Festival: 'Ouverture du site à 17 h. Restauration et bar sur place, consigne gratuite.',
  Théâtre: 'Durée : 2 heures avec entracte. Les retardataires sont placés à l’entracte.',
  Humour: 'Durée : 1 h 30 sans entracte. Déconseillé aux moins de 12 ans.',
  Exposition: 'Ouvert tous les jours de 10 h à 19 h, dernière entrée à 18 h. Visite d’environ 45 minutes.',
  Danse: 'Durée : 1 h 40 sans entracte.',
  Sport: 'Ouverture des portes 1 h 30 avant la rencontre. Les sacs volumineux ne sont pas admis.',
  'Jeune public': 'Durée : 50 minutes. Conseillé à partir de 3 ans ; chaque enfant doit avoir un billet.',
  Classique: 'Durée : environ 2 heures avec entracte.',
  Cirque: 'Durée : 2 heures avec entracte. Spectacle familial, à partir de 5 ans.',
};

export type TicketingSeed = {
  slug: string;
  title: string;
  summary: string;
  description: RichTextDocument;
  category: TicketingCategory;
  venue: string;
  address: string;
  postalCode: string;
  city: string;
  citySlug: string;
  country: string;
  /** Seats of the venue: bounds the stocks. */
  capacity: number;
  organizerSlug: string;
  performerSlugs: string[];
  day: number;
  hour: number;
  days: number;
  durationMinutes: number;
  price: number;
  status: Exclude<TicketingStatus, 'DRAFT'>;
  soldOut: boolean;
  oldSlug: string | undefined;
  promo: Promo | undefined;
  salesOpen: { day: number; hour: number } | undefined;
  visualSpecs: VisualSpec[];
  visuals: Visual[];
};

const organizerBySlug = new Map(ORGANIZERS.map((organizer) => [organizer.slug, organizer]));
const performerSlugs = new Set(PERFORMERS.map((performer) => performer.slug));

export const TICKETINGS: TicketingSeed[] = DEFS.map((def) => {
  const slug = slugify(def.title);
  const venue = VENUES[def.venue];
  const city = CITIES[venue.city];
  const organizer = organizerBySlug.get(def.organizer);
  if (!organizer) throw new Error(`Organisateur inconnu : ${def.organizer}`);
  for (const performer of def.performers) {
    if (!performerSlugs.has(performer)) throw new Error(`Artiste inconnu : ${performer}`);
  }
  const hue = hueFor(slug, CATEGORY_HUE[def.category]);
  const visualSpecs: VisualSpec[] = [
    {
      url: `/visuals/ticketings/${slug}.svg`,
      alt: `Affiche de « ${def.title} » : ${def.category.toLowerCase()} à ${city.name}`,
      ...LANDSCAPE,
      style: 'poster',
      title: def.title,
      subtitle: `${venue.name} · ${city.name}`,
      badge: def.category,
      hue,
    },
  ];
  if (def.twoVisuals) {
    visualSpecs.push({
      url: `/visuals/ticketings/${slug}-2.svg`,
      alt: `Ambiance de « ${def.title} » : une scène sous les projecteurs`,
      ...LANDSCAPE,
      style: 'scene',
      title: def.title,
      subtitle: `${venue.name} · ${city.name}`,
      badge: def.category,
      hue: (hue + 30) % 360,
    });
  }
  const description = richText([
    ...def.pitch,
    '### Infos pratiques',
    `Rendez-vous à **${venue.name}**, ${venue.address}, ${venue.postalCode} ${city.name}. ${PRACTICAL[def.category]} Plus d’informations sur [le site de ${organizer.name}](${organizer.website}).`,
  ]);
  return {
    slug,
    title: def.title,
    summary: def.summary,
    description,
    category: def.category,
    venue: venue.name,
    address: venue.address,
    postalCode: venue.postalCode,
    city: city.name,
    citySlug: city.slug,
    country: city.country,
    capacity: venue.capacity,
    organizerSlug: def.organizer,
    performerSlugs: def.performers,
    day: def.day,
    hour: def.hour ?? 19,
    days: def.days ?? 1,
    durationMinutes: DURATION[def.category],
    price: def.price,
    status: def.status ?? 'PUBLISHED',
    soldOut: def.soldOut ?? false,
    oldSlug: def.oldSlug,
    promo: def.promo,
    salesOpen: def.salesOpen,
    visualSpecs,
    visuals: visualSpecs.map(toVisual),
  };
});

type ProductTemplate = { title: string; description: string; factor: number; quota?: number };

/** Ticket products by category, in display order; a ticketing takes the first 2 to 4. */
export const TICKET_TEMPLATES: Record<TicketingCategory, ProductTemplate[]> = {
  Concert: [
    { title: 'Tarif plein', description: 'Placement libre debout en fosse.', factor: 1 },
    {
      title: 'Tarif réduit',
      description: 'Étudiants, demandeurs d’emploi et moins de 18 ans, sur justificatif.',
      factor: 0.8,
    },
    { title: 'Gradin assis', description: 'Place assise en gradin, placement libre.', factor: 1.25 },
    { title: 'Carré Or', description: 'Les meilleures places assises, au plus près de la scène.', factor: 1.9 },
  ],
  Festival: [
    { title: 'Pass 1 jour', description: 'Accès au site pour une journée au choix.', factor: 1 },
    { title: 'Pass 2 jours', description: 'Accès au site pendant deux jours.', factor: 1.7 },
    { title: 'Tarif réduit 1 jour', description: 'Étudiants et moins de 18 ans, sur justificatif.', factor: 0.75 },
    {
      title: 'Pass VIP 2 jours',
      description: 'Espace VIP avec bar, toilettes dédiées et vue sur la grande scène.',
      factor: 3.2,
    },
  ],
  Théâtre: [
    { title: 'Catégorie 1', description: 'Orchestre et corbeille, placement libre dans la catégorie.', factor: 1 },
    { title: 'Catégorie 2', description: 'Balcon, placement libre dans la catégorie.', factor: 0.75 },
    { title: 'Tarif réduit', description: 'Étudiants et demandeurs d’emploi, sur justificatif.', factor: 0.65 },
    { title: 'Tarif moins de 26 ans', description: 'Sur présentation d’une pièce d’identité.', factor: 0.5 },
  ],
  Humour: [
    { title: 'Tarif plein', description: 'Placement libre assis.', factor: 1 },
    { title: 'Tarif réduit', description: 'Étudiants et demandeurs d’emploi, sur justificatif.', factor: 0.85 },
    { title: 'Carré Or', description: 'Premiers rangs réservés.', factor: 1.6 },
  ],
  Exposition: [
    { title: 'Plein tarif', description: 'Entrée à l’horaire de votre choix.', factor: 1 },
    { title: 'Tarif réduit', description: 'Étudiants, seniors et enfants de 4 à 17 ans.', factor: 0.7 },
    { title: 'Billet coupe-file', description: 'Accès prioritaire sans attente.', factor: 1.4 },
    { title: 'Billet famille', description: 'Deux adultes et deux enfants.', factor: 2.8, quota: 2 },
  ],
  Danse: [
    { title: 'Catégorie 1', description: 'Parterre, placement libre dans la catégorie.', factor: 1 },
    { title: 'Catégorie 2', description: 'Balcon, placement libre dans la catégorie.', factor: 0.75 },
    { title: 'Tarif moins de 26 ans', description: 'Sur présentation d’une pièce d’identité.', factor: 0.5 },
  ],
  Sport: [
    {
      title: 'Tribune latérale',
      description: 'Place assise le long du terrain, placement libre dans la tribune.',
      factor: 1,
    },
    { title: 'Virage', description: 'Placement libre dans le virage des supporters.', factor: 0.6 },
    { title: 'Tribune présidentielle', description: 'Meilleure vue, accès au salon d’après-match.', factor: 2.5 },
    { title: 'Tarif moins de 12 ans', description: 'Accompagné d’un adulte.', factor: 0.4 },
  ],
  'Jeune public': [
    { title: 'Tarif enfant', description: 'De 2 à 12 ans.', factor: 1 },
    { title: 'Tarif adulte', description: 'Accompagnateur.', factor: 1.3 },
    { title: 'Pass famille', description: 'Quatre places, dont au moins un enfant.', factor: 4, quota: 2 },
  ],
  Classique: [
    { title: 'Catégorie 1', description: 'Parterre central, placement libre dans la catégorie.', factor: 1 },
    { title: 'Catégorie 2', description: 'Parterre latéral et premier balcon.', factor: 0.75 },
    { title: 'Catégorie 3', description: 'Second balcon.', factor: 0.5 },
    { title: 'Tarif jeune', description: 'Moins de 28 ans, sur justificatif.', factor: 0.3 },
  ],
  Cirque: [
    { title: 'Tarif plein', description: 'Gradins, placement libre.', factor: 1 },
    { title: 'Tarif enfant', description: 'Moins de 12 ans.', factor: 0.65 },
    { title: 'Carré Or', description: 'Premiers rangs autour de la piste.', factor: 1.7 },
  ],
};
