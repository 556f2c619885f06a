/** The 30 artists, bands and companies of the demo catalogue (/artistes). */
import type { RichTextDocument, Visual } from '@guichet/contracts';
import { richText } from './rich-text.js';
import { slugify } from './util.js';
import { hueFor, SQUARE, toVisual, type VisualSpec } from './visuals.js';

type PerformerDef = { name: string; genre: string; bio: string[] };

const DEFS: PerformerDef[] = [
  {
    name: 'Margaux Lenoir',
    genre: 'Chanson française',
    bio: [
      'Révélée sur les scènes ouvertes de Belleville, **Margaux Lenoir** écrit des chansons où la mer, les départs et les retours se répondent.',
      'Son troisième album, *Rivages*, l’emmène pour la première fois dans les grandes salles, accompagnée d’un quatuor à cordes.',
    ],
  },
  {
    name: 'Les Frères Castagne',
    genre: 'Rock',
    bio: [
      'Trois frères, deux guitares et une batterie : **Les Frères Castagne** font du rock garage nerveux depuis leur garage de Villeurbanne.',
      'Leurs concerts, réputés pour leur énergie, se terminent presque toujours dans la fosse.',
    ],
  },
  {
    name: 'Nadia Belkacem',
    genre: 'Pop',
    bio: [
      'Autrice-compositrice marseillaise, **Nadia Belkacem** mêle pop lumineuse et influences raï dans des refrains qui restent en tête.',
      'Elle défend sur scène son nouvel album, *Soleil d’hiver*, entourée de cinq musiciens.',
    ],
  },
  {
    name: 'Orchestre des Deux Rives',
    genre: 'Classique',
    bio: [
      'Fondé à Bordeaux en 2009, l’**Orchestre des Deux Rives** réunit soixante musiciens autour d’un répertoire qui va de Haydn à la création contemporaine.',
      'Il est dirigé depuis 2021 par la cheffe *Hélène Vasseur*.',
    ],
  },
  {
    name: 'Jules Arnaud Quartet',
    genre: 'Jazz',
    bio: [
      'Le pianiste **Jules Arnaud** et son quartet revisitent les standards du jazz modal avec une élégance toute parisienne.',
      'Leur disque *Nuit bleue* a reçu un accueil chaleureux de la critique.',
    ],
  },
  {
    name: 'Sacha Védrine',
    genre: 'Électro',
    bio: [
      'Productrice lyonnaise, **Sacha Védrine** construit des sets électroniques hypnotiques, entre techno mélodique et house.',
      'Elle a joué dans les plus grands festivals européens.',
    ],
  },
  {
    name: 'Kenza et les Lucioles',
    genre: 'Soul',
    bio: [
      'Une voix puissante, une section de cuivres et beaucoup de groove : **Kenza et les Lucioles** ravivent la soul des années soixante-dix.',
      'Le groupe nantais enchaîne les dates depuis la sortie de *Lueurs*.',
    ],
  },
  {
    name: 'MC Rivage',
    genre: 'Rap',
    bio: [
      'Rappeur toulousain au flow précis, **MC Rivage** raconte la ville, ses quartiers et ses nuits.',
      'Son premier album studio, *Garonne*, a été certifié disque d’or.',
    ],
  },
  {
    name: 'Compagnie du Grand Large',
    genre: 'Théâtre',
    bio: [
      'La **Compagnie du Grand Large** s’attache depuis quinze ans aux grands textes du répertoire, qu’elle joue avec humour et sans poussière.',
      'Ses mises en scène de Molière tournent dans toute la francophonie.',
    ],
  },
  {
    name: 'Compagnie Fil d’Ariane',
    genre: 'Danse contemporaine',
    bio: [
      'Fondée par la chorégraphe **Inès Carvalho**, la **Compagnie Fil d’Ariane** explore le lien entre le geste et la mémoire.',
      'Ses pièces mêlent danseurs professionnels et amateurs.',
    ],
  },
  {
    name: 'Théo Garnier',
    genre: 'Humour',
    bio: [
      'Repéré dans les comedy clubs parisiens, **Théo Garnier** observe le passage à l’âge adulte avec une autodérision redoutable.',
      'Son spectacle *Presque adulte* affiche complet partout où il passe.',
    ],
  },
  {
    name: 'Élodie Fontaine',
    genre: 'Humour',
    bio: [
      'Comédienne et chroniqueuse radio, **Élodie Fontaine** passe au crible la vie de bureau, la famille et les réseaux sociaux.',
      'Un humour tendre et mordant à la fois.',
    ],
  },
  {
    name: 'Cirque Plume d’Or',
    genre: 'Cirque',
    bio: [
      'Acrobates, jongleurs et musiciens : le **Cirque Plume d’Or** invente un cirque poétique, sans animaux, sous un chapiteau de bois.',
      'Une troupe de douze artistes venus de cinq pays.',
    ],
  },
  {
    name: 'Les Petites Mains',
    genre: 'Jeune public',
    bio: [
      'Marionnettes, ombres et papier découpé : **Les Petites Mains** créent des spectacles pour les enfants dès trois ans.',
      'Des histoires courtes, drôles et pleines de douceur.',
    ],
  },
  {
    name: 'Ballet du Rhône',
    genre: 'Danse',
    bio: [
      'Compagnie de ballet de vingt-quatre danseurs, le **Ballet du Rhône** associe technique classique et écritures d’aujourd’hui.',
      'Il présente chaque saison une grande création.',
    ],
  },
  {
    name: 'Anouk Delmas',
    genre: 'Folk',
    bio: [
      'Guitare-voix et harmonica : **Anouk Delmas** chante en français des ballades folk à l’écriture ciselée.',
      'Une artiste à découvrir en formation intimiste.',
    ],
  },
  {
    name: 'Ensemble Mosan',
    genre: 'Musique baroque',
    bio: [
      'Basé à Liège, l’**Ensemble Mosan** joue sur instruments d’époque le répertoire baroque des Pays-Bas méridionaux.',
      'Ses enregistrements de Grétry font référence.',
    ],
  },
  {
    name: 'Trio Léman',
    genre: 'Jazz',
    bio: [
      'Piano, contrebasse et batterie : le **Trio Léman**, formé à Lausanne, joue un jazz lyrique aux accents de musique de chambre.',
      'Un habitué des festivals suisses.',
    ],
  },
  {
    name: 'Bastien Roux',
    genre: 'Pop',
    bio: [
      'Chanteur et multi-instrumentiste, **Bastien Roux** signe une pop synthétique et solaire.',
      'Il a fait ses débuts en publiant ses chansons en ligne depuis sa chambre rennaise.',
    ],
  },
  {
    name: 'Yasmine Haddad',
    genre: 'Musiques du monde',
    bio: [
      'Entre Beyrouth et Montpellier, **Yasmine Haddad** chante en arabe et en français sur des rythmes orientaux modernisés.',
      'Sa voix a été saluée par toute la presse spécialisée.',
    ],
  },
  {
    name: 'La Fanfare Saugrenue',
    genre: 'Fanfare',
    bio: [
      'Quinze musiciens, des cuivres rutilants et un répertoire qui va des Balkans au funk : **La Fanfare Saugrenue** met le feu aux places publiques.',
      'Ambiance garantie, en salle comme en plein air.',
    ],
  },
  {
    name: 'Collectif Lumière Vive',
    genre: 'Arts numériques',
    bio: [
      'Le **Collectif Lumière Vive** conçoit des installations immersives où la lumière, le son et l’image réagissent au public.',
      'Ses expositions ont déjà accueilli plus d’un million de visiteurs.',
    ],
  },
  {
    name: 'Aurélien Marchal',
    genre: 'Piano classique',
    bio: [
      'Lauréat de plusieurs concours internationaux, le pianiste **Aurélien Marchal** est un interprète reconnu de Chopin et de Debussy.',
      'Il donne une quarantaine de récitals par an.',
    ],
  },
  {
    name: 'Les Vagabonds du Sud',
    genre: 'Folk rock',
    bio: [
      'Originaires de Sète, **Les Vagabonds du Sud** mêlent guitares électriques, accordéon et textes en occitan.',
      'Un rock festif taillé pour les festivals d’été.',
    ],
  },
  {
    name: 'Capucine Berthier',
    genre: 'Seule en scène',
    bio: [
      'Comédienne formée au Conservatoire, **Capucine Berthier** interprète seule une galerie de personnages tour à tour drôles et bouleversants.',
      'Son seule-en-scène a été nommé aux Molières.',
    ],
  },
  {
    name: 'Les Aigles Bleus',
    genre: 'Sport',
    bio: [
      'Club de handball parmi les plus titrés du pays, **Les Aigles Bleus** disputent chaque saison les grandes rencontres nationales et européennes.',
      'Un public fidèle et une ambiance de feu.',
    ],
  },
  {
    name: 'Riders Freestyle Tour',
    genre: 'Sport',
    bio: [
      'BMX, trottinette et motocross freestyle : le **Riders Freestyle Tour** réunit les meilleurs riders pour des shows spectaculaires en salle.',
      'Sensations garanties pour petits et grands.',
    ],
  },
  {
    name: 'Zoé Carpentier',
    genre: 'Lyrique',
    bio: [
      'Soprano, **Zoé Carpentier** a chanté les grands rôles de Mozart et de Massenet sur les scènes d’Europe.',
      'Elle partage aussi son goût pour la mélodie française en récital.',
    ],
  },
  {
    name: 'DJ Nova Brise',
    genre: 'Électro',
    bio: [
      'Pionnier de la scène électro lilloise, **DJ Nova Brise** mixe house, disco et nu-funk dans des sets solaires.',
      'Un incontournable des nuits du Nord.',
    ],
  },
  {
    name: 'Les Joyeux Lurons',
    genre: 'Jeune public',
    bio: [
      'Chansons à reprendre en chœur, danses et jeux : **Les Joyeux Lurons** font chanter les familles depuis dix ans.',
      'Un concert pour les enfants de deux à huit ans et leurs parents.',
    ],
  },
];

export type PerformerSeed = {
  slug: string;
  name: string;
  genre: string;
  bio: RichTextDocument;
  visualSpec: VisualSpec;
  visual: Visual;
};

export const PERFORMERS: PerformerSeed[] = DEFS.map((def) => {
  const slug = slugify(def.name);
  const visualSpec: VisualSpec = {
    url: `/visuals/performers/${slug}.svg`,
    alt: `Portrait stylisé de ${def.name} (${def.genre.toLowerCase()})`,
    ...SQUARE,
    style: 'portrait',
    title: def.name,
    subtitle: def.genre,
    badge: 'Artiste',
    hue: hueFor(slug),
  };
  return { slug, name: def.name, genre: def.genre, bio: richText(def.bio), visualSpec, visual: toVisual(visualSpec) };
});
