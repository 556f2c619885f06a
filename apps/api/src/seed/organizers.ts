/** The 10 organizers of the demo catalogue (/organizer/{entityID}). */
import type { RichTextDocument, Visual } from '@guichet/contracts';
import { richText } from './rich-text.js';
import { slugify } from './util.js';
import { hueFor, SQUARE, toVisual, type VisualSpec } from './visuals.js';

type OrganizerDef = { name: string; city: string; website: string; description: string[] };

const DEFS: OrganizerDef[] = [
  {
    name: 'Scènes d’Avenir Productions',
    city: 'Paris',
    website: 'https://scenes-avenir.example',
    description: [
      '**Scènes d’Avenir Productions** accompagne depuis 2008 des artistes de chanson, d’humour et de théâtre, de leurs premières scènes jusqu’aux grandes salles.',
      'Retrouvez toute la saison sur [scenes-avenir.example](https://scenes-avenir.example).',
    ],
  },
  {
    name: 'Rhône Live',
    city: 'Lyon',
    website: 'https://rhone-live.example',
    description: [
      '**Rhône Live** programme concerts et festivals électro dans la région lyonnaise.',
      'L’équipe organise notamment *Les Nuits Électriques*, rendez-vous incontournable de l’automne.',
    ],
  },
  {
    name: 'Méditerranée Spectacles',
    city: 'Marseille',
    website: 'https://mediterranee-spectacles.example',
    description: [
      'De Marseille à Nice, **Méditerranée Spectacles** produit humoristes, concerts et spectacles familiaux sur tout l’arc méditerranéen.',
    ],
  },
  {
    name: 'Atlantique Événements',
    city: 'Nantes',
    website: 'https://atlantique-evenements.example',
    description: [
      '**Atlantique Événements** organise concerts, spectacles jeune public et rencontres sportives entre Nantes, Rennes et Bordeaux.',
      'Une équipe attachée à l’accessibilité : chaque salle propose des places PMR.',
    ],
  },
  {
    name: 'Les Nuits du Nord',
    city: 'Lille',
    website: 'https://nuits-du-nord.example',
    description: [
      'Association lilloise, **Les Nuits du Nord** défend les musiques actuelles et les artistes émergents des Hauts-de-France et de Belgique.',
    ],
  },
  {
    name: 'Occitanie Scènes',
    city: 'Toulouse',
    website: 'https://occitanie-scenes.example',
    description: [
      '**Occitanie Scènes** diffuse théâtre, danse et cirque à Toulouse et Montpellier.',
      'Elle soutient chaque année trois compagnies en résidence.',
    ],
  },
  {
    name: 'Rhin et Culture',
    city: 'Strasbourg',
    website: 'https://rhin-culture.example',
    description: [
      '**Rhin et Culture** organise concerts classiques, expositions et salons à Strasbourg, au carrefour de la France et de l’Allemagne.',
    ],
  },
  {
    name: 'Wallonie-Bruxelles Live',
    city: 'Bruxelles',
    website: 'https://wb-live.example',
    description: [
      '**Wallonie-Bruxelles Live** présente les grands concerts et spectacles de Bruxelles et de Liège.',
      'Un pont entre les scènes belges et françaises.',
    ],
  },
  {
    name: 'Léman Concerts',
    city: 'Genève',
    website: 'https://leman-concerts.example',
    description: [
      '**Léman Concerts** programme jazz, classique et chanson à Genève et Lausanne, des petites salles aux arénas.',
    ],
  },
  {
    name: 'Azur Festivals',
    city: 'Nice',
    website: 'https://azur-festivals.example',
    description: [
      'Sous le soleil de la Côte d’Azur, **Azur Festivals** organise festivals d’été, spectacles et événements sportifs de Nice à Montpellier.',
    ],
  },
];

export type OrganizerSeed = {
  slug: string;
  name: string;
  city: string;
  website: string;
  description: RichTextDocument;
  logoSpec: VisualSpec;
  logo: Visual;
};

export const ORGANIZERS: OrganizerSeed[] = DEFS.map((def) => {
  const slug = slugify(def.name);
  const logoSpec: VisualSpec = {
    url: `/visuals/organizers/${slug}.svg`,
    alt: `Logo de ${def.name}`,
    ...SQUARE,
    style: 'logo',
    title: def.name,
    subtitle: def.city,
    badge: 'Organisateur',
    hue: hueFor(slug),
  };
  return {
    slug,
    name: def.name,
    city: def.city,
    website: def.website,
    description: richText(def.description),
    logoSpec,
    logo: toVisual(logoSpec),
  };
});

/**
 * The deals' partner on the pro site (issue 26): an organiser whose scanners check the vouchers of three
 * restaurant deals at the door, offline, with signed codes. Not one of the catalogue's ten: it sells no
 * ticketing and has no logo.
 */
export const PARTNER_ORGANIZER = {
  slug: 'reseau-bonnes-tables',
  name: 'Réseau Bonnes Tables',
  city: 'Lyon',
  website: 'https://bonnes-tables.example',
  description: richText([
    '**Réseau Bonnes Tables** réunit des restaurants partenaires de Guichet, qui contrôlent eux-mêmes les bons de leurs clients.',
  ]),
} as const;

/** The deals whose partner is PARTNER_ORGANIZER, by slug (the demo account's first order holds a voucher of the first). */
export const PARTNER_OFFER_SLUGS = [
  'menu-degustation-en-six-services-pour-deux',
  'brunch-du-dimanche-au-bord-du-canal',
  'soiree-bouchon-lyonnais',
] as const;
