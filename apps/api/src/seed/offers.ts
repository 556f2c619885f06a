/** The 30 deals (« bons plans ») of the demo catalogue, each with one or two OFFER products. */
import type { RichTextDocument, Visual } from '@guichet/contracts';
import { type DiscountType, formatDiscount, type OfferCategory } from '@guichet/domain';
import { CITIES, type CityKey } from './places.js';
import { richText } from './rich-text.js';
import { slugify } from './util.js';
import { hueFor, LANDSCAPE, toVisual, type VisualSpec } from './visuals.js';

export type OfferProductDef = {
  title: string;
  /** Price in cents before the discount. */
  price: number;
  discountType: DiscountType;
  /** Cents for FIXED, a percent for PERCENTAGE. */
  discount: number;
  quota: number;
  stock: number;
  sold: number;
};

type OfferDef = {
  title: string;
  category: OfferCategory;
  city: CityKey;
  partner: string;
  /** The partner's address, where the voucher is used. */
  address: string;
  url?: string;
  summary: string;
  description: string[];
  /** Shown first on the deals home page. */
  featured?: boolean;
  /** Validity as day offsets from the seeding day. */
  from: number;
  until: number;
  products: OfferProductDef[];
};

const p = (
  title: string,
  euros: number,
  discountType: DiscountType,
  discount: number,
  quota: number,
  stock: number,
  sold: number,
): OfferProductDef => ({ title, price: Math.round(euros * 100), discountType, discount, quota, stock, sold });

const DEFS: OfferDef[] = [
  {
    title: 'Menu dégustation en six services pour deux',
    featured: true,
    category: 'Restaurants',
    city: 'paris',
    partner: 'Maison Colbert',
    address: '12 rue Colbert, 75002 Paris',
    url: 'https://maison-colbert.example.fr',
    summary: 'Un dîner gastronomique en six services pour deux personnes, dans un cadre Art déco.',
    description: [
      'Le chef de la **Maison Colbert** compose un menu de saison en six services, autour des produits du marché.',
      '### Conditions',
      'Valable du mardi au samedi soir, sur réservation. Boissons non comprises.',
    ],
    from: -20,
    until: 120,
    products: [
      p('Menu pour deux', 180, 'PERCENTAGE', 30, 2, 120, 41),
      p('Menu pour deux avec accord mets et vins', 260, 'PERCENTAGE', 30, 2, 60, 12),
    ],
  },
  {
    title: 'Brunch du dimanche au bord du canal',
    category: 'Restaurants',
    city: 'paris',
    partner: 'Le Quai 41',
    address: '41 quai de Valmy, 75010 Paris',
    summary: 'Un brunch copieux, sucré et salé, face au canal Saint-Martin.',
    description: [
      'Viennoiseries, œufs brouillés, pancakes et jus pressés : le brunch du **Quai 41** est une institution du dimanche.',
      'Réservation conseillée, service de 11 h à 15 h.',
    ],
    from: -10,
    until: 90,
    products: [p('Brunch pour une personne', 29, 'FIXED', 700, 6, 300, 88)],
  },
  {
    title: 'Soirée bouchon lyonnais',
    category: 'Restaurants',
    city: 'lyon',
    partner: 'Le Bouchon des Canuts',
    address: '8 rue d’Austerlitz, 69004 Lyon',
    summary: 'Un menu traditionnel lyonnais avec un pot de côtes-du-rhône pour deux.',
    description: [
      'Salade lyonnaise, quenelle sauce Nantua et cervelle de canut : **Le Bouchon des Canuts** perpétue la tradition.',
      'Valable tous les soirs sauf le dimanche.',
    ],
    from: -30,
    until: 60,
    products: [p('Menu pour deux avec un pot de vin', 45, 'PERCENTAGE', 20, 4, 200, 57)],
  },
  {
    title: 'Bouillabaisse face à la mer',
    category: 'Restaurants',
    city: 'marseille',
    partner: 'Chez Fanny du Vallon',
    address: '3 vallon des Auffes, 13007 Marseille',
    url: 'https://chez-fanny.example.fr',
    summary: 'La vraie bouillabaisse marseillaise, servie en deux temps dans un petit port de pêcheurs.',
    description: [
      'Rascasse, grondin et saint-pierre : **Chez Fanny** prépare la bouillabaisse selon la charte traditionnelle.',
      'À commander 24 heures à l’avance.',
    ],
    from: -15,
    until: 150,
    products: [p('Bouillabaisse pour une personne', 65, 'FIXED', 1500, 4, 150, 23)],
  },
  {
    title: 'Dîner croisière sur la Garonne',
    category: 'Restaurants',
    city: 'bordeaux',
    partner: 'Garonne Croisières',
    address: 'Ponton des Chartrons, quai des Chartrons, 33000 Bordeaux',
    url: 'https://garonne-croisieres.example.fr',
    summary: 'Trois heures de croisière avec dîner à bord, au fil des quais illuminés.',
    description: [
      'Embarquez au ponton des Chartrons pour un dîner en trois plats pendant que défilent le pont de Pierre et la place de la Bourse.',
    ],
    from: -5,
    until: 180,
    products: [
      p('Dîner croisière', 89, 'PERCENTAGE', 25, 6, 250, 64),
      p('Dîner croisière avec champagne', 115, 'PERCENTAGE', 25, 6, 100, 18),
    ],
  },
  {
    title: 'Massage californien de 60 minutes',
    featured: true,
    category: 'Bien-être',
    city: 'paris',
    partner: 'Spa Ô Lumière',
    address: '27 rue de la Roquette, 75011 Paris',
    url: 'https://spa-o-lumiere.example.fr',
    summary: 'Un massage enveloppant d’une heure pour relâcher toutes les tensions.',
    description: [
      'Au **Spa Ô Lumière**, des praticiennes diplômées vous accueillent dans des cabines baignées de lumière douce.',
      'Accès au hammam offert avant le soin.',
    ],
    from: -25,
    until: 100,
    products: [
      p('Massage de 60 minutes', 90, 'PERCENTAGE', 35, 2, 180, 77),
      p('Massage en duo', 170, 'PERCENTAGE', 35, 1, 80, 20),
    ],
  },
  {
    title: 'Hammam et sauna en duo',
    category: 'Bien-être',
    city: 'lyon',
    partner: 'Les Bains de la Presqu’île',
    address: '15 rue Mercière, 69002 Lyon',
    summary: 'Deux heures de détente à deux entre hammam, sauna et bassin chaud.',
    description: [
      'Les **Bains de la Presqu’île** offrent une parenthèse de calme au cœur de Lyon.',
      'Thé à la menthe offert.',
    ],
    from: -12,
    until: 75,
    products: [p('Accès deux heures pour deux', 70, 'FIXED', 2000, 3, 220, 31)],
  },
  {
    title: 'Soin visage éclat de 45 minutes',
    category: 'Bien-être',
    city: 'nice',
    partner: 'Institut Riviera',
    address: '5 avenue Jean-Médecin, 06000 Nice',
    summary: 'Un soin du visage sur mesure pour retrouver un teint lumineux.',
    description: ['Nettoyage, gommage et modelage : l’**Institut Riviera** adapte chaque soin à votre peau.'],
    from: -8,
    until: 110,
    products: [p('Soin visage de 45 minutes', 65, 'PERCENTAGE', 30, 2, 140, 25)],
  },
  {
    title: 'Journée détente au spa des Garrigues',
    category: 'Bien-être',
    city: 'montpellier',
    partner: 'Spa des Garrigues',
    address: '220 avenue de Palavas, 34000 Montpellier',
    url: 'https://spa-des-garrigues.example.fr',
    summary: 'Une journée d’accès au spa avec un modelage de 30 minutes et un déjeuner léger.',
    description: [
      'Piscine chauffée, jacuzzi et jardin méditerranéen : le **Spa des Garrigues** est une invitation au lâcher-prise.',
    ],
    from: -3,
    until: 140,
    products: [p('Journée spa avec modelage', 120, 'PERCENTAGE', 25, 2, 90, 14)],
  },
  {
    title: 'Escape game de 60 minutes',
    featured: true,
    category: 'Loisirs',
    city: 'lille',
    partner: 'L’Énigme du Beffroi',
    address: '18 rue de la Monnaie, 59800 Lille',
    url: 'https://enigme-du-beffroi.example.fr',
    summary: 'Une heure pour résoudre le mystère du beffroi, en équipe de trois à cinq joueurs.',
    description: [
      'Codes secrets, mécanismes cachés et compte à rebours : saurez-vous sortir à temps de **L’Énigme du Beffroi** ?',
      'À partir de 12 ans, accompagné d’un adulte.',
    ],
    from: -40,
    until: 80,
    products: [
      p('Session pour 5 joueurs', 120, 'PERCENTAGE', 25, 1, 150, 48),
      p('Session pour 3 joueurs', 90, 'PERCENTAGE', 20, 1, 150, 37),
    ],
  },
  {
    title: 'Karting : deux sessions de dix minutes',
    category: 'Loisirs',
    city: 'toulouse',
    partner: 'Circuit des Pyrénées',
    address: 'Chemin de la Plaine, 31100 Toulouse',
    summary: 'Deux sessions de karting sur la plus longue piste indoor de la région.',
    description: [
      'Karts électriques, chronométrage électronique et podium : sensations garanties au **Circuit des Pyrénées**.',
    ],
    from: -18,
    until: 95,
    products: [p('Deux sessions de dix minutes', 45, 'FIXED', 1000, 6, 400, 132)],
  },
  {
    title: 'Baptême de parapente au-dessus de la baie des Anges',
    featured: true,
    category: 'Sport',
    city: 'nice',
    partner: 'Azur Parapente',
    address: 'Plateau de la Justice, 06000 Nice',
    url: 'https://azur-parapente.example.fr',
    summary: 'Un vol biplace de vingt minutes avec un moniteur diplômé d’État.',
    description: [
      'Décollage depuis les collines de l’arrière-pays et atterrissage sur la plage : un souvenir inoubliable avec **Azur Parapente**.',
      'Vol soumis aux conditions météorologiques.',
    ],
    from: -30,
    until: 200,
    products: [p('Baptême de 20 minutes', 110, 'PERCENTAGE', 20, 2, 80, 22)],
  },
  {
    title: 'Initiation à l’escalade en salle',
    category: 'Sport',
    city: 'nantes',
    partner: 'Bloc et Grimpe',
    address: '9 boulevard Léon-Bureau, 44200 Nantes',
    summary: 'Un cours découverte de deux heures, matériel compris.',
    description: ['Encadrés par un moniteur, apprenez les bases de l’escalade de bloc chez **Bloc et Grimpe**.'],
    from: -7,
    until: 85,
    products: [p('Cours découverte de 2 heures', 25, 'FIXED', 800, 4, 160, 39)],
  },
  {
    title: 'Un mois de salle de sport',
    category: 'Sport',
    city: 'bordeaux',
    partner: 'Forme Océane',
    address: '31 quai de la Fosse, 44000 Nantes',
    summary: 'Un mois d’accès illimité à la salle et aux cours collectifs.',
    description: ['Musculation, cardio et plus de 40 cours par semaine chez **Forme Océane**.'],
    from: -14,
    until: 45,
    products: [p('Abonnement d’un mois', 49, 'PERCENTAGE', 40, 1, 300, 96)],
  },
  {
    title: 'Balade en stand-up paddle dans les calanques',
    category: 'Sport',
    city: 'marseille',
    partner: 'Calanques Paddle',
    address: 'Port de la Pointe-Rouge, 13008 Marseille',
    url: 'https://calanques-paddle.example.fr',
    summary: 'Deux heures de paddle encadrées pour découvrir les calanques depuis la mer.',
    description: ['Eaux turquoise et criques secrètes : **Calanques Paddle** vous guide au départ de la Pointe-Rouge.'],
    from: -120,
    until: -10,
    products: [p('Balade de 2 heures', 40, 'PERCENTAGE', 25, 4, 120, 120)],
  },
  {
    title: 'Visite guidée nocturne du Vieux-Lyon',
    category: 'Culture',
    city: 'lyon',
    partner: 'Lyon Secret',
    address: 'Place Saint-Jean, 69005 Lyon',
    summary: 'Traboules, légendes et cours Renaissance à la lueur des lanternes.',
    description: ['Un guide conférencier vous ouvre les portes des plus belles traboules du **Vieux-Lyon**.'],
    from: -22,
    until: 130,
    products: [p('Visite de 1 h 30', 18, 'FIXED', 500, 8, 240, 73)],
  },
  {
    title: 'Atelier d’initiation à la poterie',
    category: 'Culture',
    city: 'rennes',
    partner: 'Atelier Terre et Feu',
    address: '6 rue de Saint-Malo, 35000 Rennes',
    summary: 'Trois heures pour s’initier au tournage et repartir avec ses créations.',
    description: [
      'Dans l’**Atelier Terre et Feu**, une céramiste vous guide pas à pas au tour et au modelage.',
      'Cuisson des pièces comprise.',
    ],
    from: -9,
    until: 115,
    products: [p('Atelier de 3 heures', 55, 'PERCENTAGE', 20, 2, 60, 17)],
  },
  {
    title: 'Carte cinq entrées aux musées',
    category: 'Culture',
    city: 'strasbourg',
    partner: 'Musées de l’Ill',
    address: '2 place du Château, 67000 Strasbourg',
    url: 'https://musees-de-l-ill.example.fr',
    summary: 'Cinq entrées à utiliser dans les musées partenaires pendant un an.',
    description: [
      'Beaux-arts, art moderne et arts décoratifs : la carte des **Musées de l’Ill** ouvre les portes de cinq établissements.',
    ],
    from: -60,
    until: 240,
    products: [p('Carte cinq entrées', 40, 'PERCENTAGE', 25, 4, 500, 142)],
  },
  {
    title: 'Cours d’œnologie : accords mets et vins',
    category: 'Loisirs',
    city: 'bordeaux',
    partner: 'École du Vin des Chartrons',
    address: '40 cours Portal, 33000 Bordeaux',
    summary: 'Deux heures pour apprendre à marier vins de Bordeaux et fromages.',
    description: ['Six vins, six fromages et un sommelier passionné à l’**École du Vin des Chartrons**.'],
    from: -16,
    until: 105,
    products: [p('Cours de 2 heures', 75, 'FIXED', 2000, 2, 90, 28)],
  },
  {
    title: 'Deux nuits face à la mer à Saint-Malo',
    category: 'Séjours',
    city: 'saintMalo',
    partner: 'Hôtel des Remparts',
    address: '4 rue de Dinan, 35400 Saint-Malo',
    url: 'https://hotel-des-remparts.example.fr',
    summary: 'Deux nuits pour deux avec petits-déjeuners, vue sur la mer.',
    description: [
      'Au pied des remparts, l’**Hôtel des Remparts** offre des chambres lumineuses tournées vers le large.',
      '### Inclus',
      'Deux nuits en chambre double, deux petits-déjeuners et une bouteille de cidre à l’arrivée.',
    ],
    from: -20,
    until: 210,
    products: [p('Deux nuits pour deux', 240, 'PERCENTAGE', 30, 1, 50, 11)],
  },
  {
    title: 'Nuit insolite en cabane perchée',
    featured: true,
    category: 'Séjours',
    city: 'paimpont',
    partner: 'Les Cabanes de Brocéliande',
    address: 'Route de la Forêt, 35380 Paimpont',
    url: 'https://cabanes-broceliande.example.fr',
    summary: 'Une nuit à huit mètres de haut au cœur de la forêt de Brocéliande.',
    description: [
      'Panier petit-déjeuner hissé à la poulie et silence de la forêt : une nuit féerique aux **Cabanes de Brocéliande**.',
    ],
    from: -11,
    until: 160,
    products: [p('Nuit pour deux avec petit-déjeuner', 165, 'FIXED', 4000, 1, 40, 9)],
  },
  {
    title: 'Week-end à Bruxelles au cœur des Galeries',
    category: 'Séjours',
    city: 'bruxelles',
    partner: 'Hôtel des Galeries',
    address: 'Galerie du Roi 6, 1000 Bruxelles',
    summary: 'Deux nuits dans un hôtel de charme, à deux pas de la Grand-Place.',
    description: [
      'Gaufres, bandes dessinées et architecture Art nouveau : l’**Hôtel des Galeries** est le point de départ idéal.',
    ],
    from: -6,
    until: 190,
    products: [p('Deux nuits pour deux', 260, 'PERCENTAGE', 30, 1, 45, 6)],
  },
  {
    title: 'Séjour ski de trois jours à Chamonix',
    category: 'Séjours',
    city: 'chamonix',
    partner: 'Chalet du Mont-Blanc',
    address: '125 route des Praz, 74400 Chamonix-Mont-Blanc',
    summary: 'Trois jours en demi-pension au pied des pistes, forfaits non compris.',
    description: ['Vue sur le mont Blanc, cheminée et fondue savoyarde au **Chalet du Mont-Blanc**.'],
    from: -150,
    until: -20,
    products: [p('Trois jours en demi-pension pour une personne', 390, 'FIXED', 9000, 4, 60, 47)],
  },
  {
    title: 'Journée au Parc Féerie du Nord',
    featured: true,
    category: 'Loisirs',
    city: 'lille',
    partner: 'Parc Féerie du Nord',
    address: 'Route de Villeneuve, 59650 Lille',
    url: 'https://parc-feerie-du-nord.example.fr',
    summary: 'Une journée d’attractions et de spectacles pour toute la famille.',
    description: ['Montagnes russes, manèges pour les petits et parade de fin de journée au **Parc Féerie du Nord**.'],
    from: -35,
    until: 170,
    products: [
      p('Billet adulte', 39, 'FIXED', 1000, 8, 1500, 412),
      p('Billet enfant (3 à 11 ans)', 32, 'FIXED', 800, 8, 1500, 376),
    ],
  },
  {
    title: 'Carnet de cinq places de cinéma',
    category: 'Culture',
    city: 'toulouse',
    partner: 'Cinéma Le Capitole Étoile',
    address: '12 place du Capitole, 31000 Toulouse',
    summary: 'Cinq places valables sur toutes les séances, même le week-end.',
    description: [
      'Cinq places non nominatives à utiliser pendant six mois au **Capitole Étoile**, salles climatisées et son immersif.',
    ],
    from: -45,
    until: 135,
    products: [p('Carnet de cinq places', 47, 'PERCENTAGE', 30, 3, 600, 203)],
  },
  {
    title: 'Deux places pour « Le Misanthrope » au Théâtre des Célestins',
    category: 'Culture',
    city: 'lyon',
    partner: 'Théâtre des Célestins',
    address: '4 rue Charles-Dullin, 69002 Lyon',
    url: 'https://theatre-des-celestins.example.fr',
    featured: true,
    summary: 'Alceste contre le monde entier : deux places en catégorie 1 à tarif réduit.',
    description: [
      'La comédie de Molière dans une mise en scène contemporaine, au **Théâtre des Célestins**.',
      'Placement en catégorie 1, à l’orchestre ou au premier balcon selon les disponibilités.',
    ],
    from: -12,
    until: 70,
    products: [p('Deux places en catégorie 1', 64, 'PERCENTAGE', 25, 3, 140, 52)],
  },
  {
    title: 'Soirée théâtre d’improvisation',
    category: 'Culture',
    city: 'nantes',
    partner: 'Théâtre de la Fosse',
    address: '11 quai de la Fosse, 44000 Nantes',
    summary: 'Deux comédiens, zéro texte et vos idées : une heure et demie d’improvisation.',
    description: [
      'Chaque soir, la troupe du **Théâtre de la Fosse** invente un spectacle à partir des propositions du public.',
    ],
    from: -3,
    until: 45,
    products: [
      p('Une place', 18, 'FIXED', 500, 6, 200, 196),
      p('Une place avec une boisson', 22, 'FIXED', 500, 6, 100, 100),
    ],
  },
  {
    title: 'Concert jazz au Sunset avec un cocktail',
    category: 'Culture',
    city: 'paris',
    partner: 'Le Sunset Club',
    address: '60 rue des Lombards, 75001 Paris',
    url: 'https://sunset-club.example.fr',
    summary: 'Un concert de jazz dans un club mythique, avec un cocktail maison.',
    description: [
      'Le **Sunset Club** programme chaque soir les meilleurs trios et quartets de la scène jazz.',
      'Entrée à partir de 20 h, concert à 21 h.',
    ],
    from: -8,
    until: 55,
    products: [p('Une entrée et un cocktail', 38, 'PERCENTAGE', 20, 4, 160, 31)],
  },
  {
    title: 'Spa relaxant en bord de Loire',
    category: 'Bien-être',
    city: 'nantes',
    partner: 'Spa des Berges',
    address: '2 quai Ferdinand-Favre, 44000 Nantes',
    summary: 'Deux heures d’accès au spa avec vue sur la Loire, et un modelage de 30 minutes.',
    description: ['Piscine chauffée, jacuzzi et hammam : le **Spa des Berges** est le refuge des Nantais.'],
    from: -18,
    until: 110,
    products: [
      p('Accès spa et modelage de 30 minutes', 79, 'PERCENTAGE', 30, 2, 150, 44),
      p('Accès spa pour deux', 60, 'FIXED', 1000, 2, 100, 12),
    ],
  },
  {
    title: 'Menu du marché au Restaurant des Halles',
    category: 'Restaurants',
    city: 'toulouse',
    partner: 'Restaurant des Halles',
    address: '1 place Victor-Hugo, 31000 Toulouse',
    summary: 'Entrée, plat et dessert du marché Victor-Hugo, cuisinés à la minute.',
    description: ['Le chef fait son marché chaque matin sous les halles et compose l’ardoise du jour.'],
    from: -40,
    until: -2,
    products: [p('Menu pour une personne', 32, 'FIXED', 800, 4, 100, 61)],
  },
];

export type OfferSeed = {
  slug: string;
  title: string;
  summary: string;
  description: RichTextDocument;
  category: OfferCategory;
  city: string;
  citySlug: string;
  partner: string;
  partnerAddress: string;
  partnerUrl: string | null;
  terms: RichTextDocument;
  featured: boolean;
  from: number;
  until: number;
  products: OfferProductDef[];
  visualSpecs: VisualSpec[];
  visuals: Visual[];
};

/** The voucher's terms of use: how to book, what it covers, that it cannot be exchanged. */
function termsOf(def: OfferDef): RichTextDocument {
  return richText([
    '### Conditions d’utilisation',
    `Bon à présenter chez **${def.partner}**, ${def.address}, imprimé ou sur votre téléphone.`,
    'Réservation conseillée auprès du partenaire, en indiquant le numéro du bon.',
    'Le bon n’est ni échangeable ni remboursable en espèces ; il ne se cumule pas avec une autre offre.',
    'Vous disposez d’un délai de rétractation de 14 jours à compter de l’achat, tant que le bon n’a pas été utilisé.',
  ]);
}

export const OFFERS: OfferSeed[] = DEFS.map((def) => {
  const slug = slugify(def.title);
  const city = CITIES[def.city];
  const first = def.products[0];
  if (!first) throw new Error(`Bon plan sans produit : ${def.title}`);
  const visualSpecs: VisualSpec[] = [
    {
      url: `/visuals/offers/${slug}.svg`,
      alt: `Illustration du bon plan « ${def.title} » chez ${def.partner}, ${city.name}`,
      ...LANDSCAPE,
      style: 'deal',
      title: def.title,
      subtitle: `${def.partner} · ${city.name}`,
      // The first product's discount, written as every price tag of the site writes it.
      badge: formatDiscount(first) ?? '',
      hue: hueFor(slug),
    },
  ];
  return {
    slug,
    title: def.title,
    summary: def.summary,
    description: richText(def.description),
    category: def.category,
    city: city.name,
    citySlug: city.slug,
    partner: def.partner,
    partnerAddress: def.address,
    partnerUrl: def.url ?? null,
    terms: termsOf(def),
    featured: def.featured ?? false,
    from: def.from,
    until: def.until,
    products: def.products,
    visualSpecs,
    visuals: visualSpecs.map(toVisual),
  };
});
