/** The 4 contest games (jeux-concours): two open, one upcoming and one closed, relative to the seeding day. */
import type { ContestPrize, RichTextDocument, Visual } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import { richText } from './rich-text.js';
import { slugify } from './util.js';
import { hueFor, LANDSCAPE, toVisual, type VisualSpec } from './visuals.js';

export type ContestQuestionDef = { label: string; choices: string[]; answer: number };

type ContestDef = {
  title: string;
  summary: string;
  description: string[];
  prize: string;
  /** Slug of the ticketing the game is about, if any. */
  ticketingSlug: string | null;
  /** Period as day offsets from the seeding day (start at 08:00Z, end at 21:59Z). */
  from: number;
  until: number;
  questions: ContestQuestionDef[];
  /** The priced prizes, best first: one winner each. */
  prizes: ContestPrize[];
  /** The tie-break question and its right value. */
  tieBreak: { label: string; answer: number };
  /** Answers and tie-break estimate given by seeded users, by user key (see users.ts). */
  participations: Record<string, { answers: number[]; tieBreak: number }>;
};

const DEFS: ContestDef[] = [
  {
    title: 'Gagnez vos pass pour Les Nuits Électriques',
    summary: 'Répondez à trois questions sur la musique électronique et tentez de gagner deux pass de deux jours.',
    description: [
      'Vous rêvez de danser deux nuits durant à la Salle des Confluences ? Répondez correctement aux **trois questions** ci-dessous.',
      'Les gagnants sont tirés au sort parmi les meilleures réponses à la clôture du jeu. *Un seul essai par personne.*',
    ],
    prize: 'Deux pass 2 jours pour Les Nuits Électriques',
    ticketingSlug: 'les-nuits-electriques',
    prizes: [
      { label: 'Deux pass 2 jours pour Les Nuits Électriques', valueCents: 15_800 },
      { label: 'Un pass 1 jour pour Les Nuits Électriques', valueCents: 4_900 },
    ],
    tieBreak: { label: 'Combien de festivaliers sont venus aux Nuits Électriques l’an dernier ?', answer: 12_400 },
    from: -7,
    until: 14,
    questions: [
      {
        label: 'Dans quelle ville est née la musique house ?',
        choices: ['Detroit', 'Chicago', 'Berlin', 'Manchester'],
        answer: 1,
      },
      {
        label: 'Quel instrument est emblématique de la techno de Detroit ?',
        choices: ['La boîte à rythmes TR-909', 'Le saxophone', 'Le clavecin'],
        answer: 0,
      },
      {
        label: 'Sur quel fleuve se trouve la Salle des Confluences ?',
        choices: ['La Loire', 'La Garonne', 'Le Rhône', 'La Seine'],
        answer: 2,
      },
    ],
    participations: {
      lea: { answers: [1, 0, 2], tieBreak: 10_000 },
      hugo: { answers: [1, 2, 2], tieBreak: 12_000 },
      ines: { answers: [0, 0, 2], tieBreak: 15_000 },
    },
  },
  {
    title: 'Le grand quiz de la chanson française',
    summary: 'Testez vos connaissances en chanson française et gagnez des places en Carré Or.',
    description: [
      'De Piaf à Margaux Lenoir, la chanson française n’a plus de secrets pour vous ? **Prouvez-le !**',
      'Deux places pour le concert *Rivages* sont à gagner.',
    ],
    prize: 'Deux places pour Margaux Lenoir — Rivages à La Petite Cigale',
    ticketingSlug: 'margaux-lenoir-rivages',
    prizes: [{ label: 'Deux places en Carré Or pour Margaux Lenoir — Rivages', valueCents: 13_000 }],
    tieBreak: { label: 'Combien de personnes participeront à ce jeu ?', answer: 850 },
    from: -2,
    until: 28,
    questions: [
      {
        label: 'Qui a chanté « La Vie en rose » ?',
        choices: ['Édith Piaf', 'Barbara', 'Juliette Gréco'],
        answer: 0,
      },
      {
        label: 'Quel est le titre du troisième album de Margaux Lenoir ?',
        choices: ['Marées', 'Rivages', 'Horizons', 'Escales'],
        answer: 1,
      },
      {
        label: 'Dans quel quartier de Paris se trouve La Petite Cigale ?',
        choices: ['Montmartre et Pigalle', 'Le Marais', 'La Défense'],
        answer: 0,
      },
    ],
    participations: {},
  },
  {
    title: 'Quiz spécial humour',
    summary: 'Bientôt : trois questions sur le stand-up pour gagner des places pour Théo Garnier.',
    description: ['Le jeu ouvre très bientôt. Préparez-vous à réviser vos classiques du **stand-up francophone** !'],
    prize: 'Deux places pour Théo Garnier — Presque adulte (Bruxelles)',
    ticketingSlug: 'theo-garnier-presque-adulte-bruxelles',
    prizes: [{ label: 'Deux places pour Théo Garnier — Presque adulte (Bruxelles)', valueCents: 7_000 }],
    tieBreak: { label: 'Combien de spectateurs Théo Garnier a-t-il réunis en tournée cette saison ?', answer: 48_000 },
    from: 10,
    until: 40,
    questions: [
      {
        label: 'Comment appelle-t-on un spectacle d’humour joué seul face au public ?',
        choices: ['Un one-man-show', 'Un opéra-bouffe', 'Une revue'],
        answer: 0,
      },
      {
        label: 'Quel est le titre du spectacle de Théo Garnier ?',
        choices: ['Presque adulte', 'Enfin majeur', 'Toujours ado', 'Bientôt trente ans'],
        answer: 0,
      },
      {
        label: 'Quelle humoriste joue « Open space » ?',
        choices: ['Capucine Berthier', 'Élodie Fontaine', 'Nadia Belkacem'],
        answer: 1,
      },
    ],
    participations: {},
  },
  {
    title: 'Le jeu des festivals d’été',
    summary: 'Le jeu est terminé : merci pour vos nombreuses participations !',
    description: [
      'Trois questions sur les festivals français pour tenter de gagner **un week-end à Saint-Malo**.',
      'Le classement final est disponible ci-dessous.',
    ],
    prize: 'Deux nuits pour deux face à la mer à Saint-Malo',
    ticketingSlug: null,
    prizes: [
      { label: 'Deux nuits pour deux face à la mer à Saint-Malo', valueCents: 42_000 },
      { label: 'Un dîner pour deux à Saint-Malo', valueCents: 12_000 },
      { label: 'Deux places pour un festival de l’été prochain', valueCents: 9_000 },
    ],
    tieBreak: { label: 'Combien de festivaliers ont assisté aux Vieilles Charrues cette année ?', answer: 280_000 },
    from: -70,
    until: -35,
    questions: [
      {
        label: 'Dans quelle ville se déroule le Festival d’Avignon ?',
        choices: ['Aix-en-Provence', 'Avignon', 'Arles', 'Nîmes'],
        answer: 1,
      },
      {
        label: 'Les Vieilles Charrues ont lieu dans quelle région ?',
        choices: ['La Bretagne', 'L’Alsace', 'La Normandie'],
        answer: 0,
      },
      {
        label: 'Quel festival de musique se tient chaque été à Montreux ?',
        choices: ['Un festival de jazz', 'Un festival de cinéma', 'Un festival de cirque'],
        answer: 0,
      },
    ],
    participations: {
      demo: { answers: [1, 0, 0], tieBreak: 250_000 },
      lea: { answers: [1, 0, 1], tieBreak: 300_000 },
      hugo: { answers: [1, 1, 0], tieBreak: 275_000 },
      ines: { answers: [2, 0, 0], tieBreak: 200_000 },
      lucas: { answers: [0, 2, 1], tieBreak: 280_000 },
    },
  },
];

export type ContestSeed = {
  slug: string;
  title: string;
  summary: string;
  description: RichTextDocument;
  prize: string;
  ticketingSlug: string | null;
  from: number;
  until: number;
  questions: ContestQuestionDef[];
  prizes: ContestPrize[];
  tieBreak: { label: string; answer: number };
  participations: Record<string, { answers: number[]; tieBreak: number }>;
  rules: RichTextDocument;
  visualSpec: VisualSpec;
  visual: Visual;
};

/** The « règlement » every French giveaway publishes: free entry, one try, how winners are chosen. */
function rulesOf(def: ContestDef): string[] {
  const prizes = def.prizes.map((prize) => `${prize.label} (${formatPrice(prize.valueCents)})`).join(' ; ');
  return [
    '**Article 1 — Organisation.** Guichet organise un jeu gratuit et sans obligation d’achat, ouvert à toute personne majeure résidant en France ou en Belgique.',
    '**Article 2 — Participation.** Une seule participation par personne (même compte, même adresse e-mail). Répondez aux questions et à la question subsidiaire avant la date de clôture.',
    `**Article 3 — Dotations.** ${prizes}. Les lots ne sont ni échangeables ni remboursables.`,
    '**Article 4 — Désignation des gagnants.** À la clôture, les participants sont classés par nombre de bonnes réponses, puis par l’écart à la question subsidiaire, puis par ordre de participation. Les premiers du classement gagnent, un lot chacun, dans l’ordre.',
    '**Article 5 — Données personnelles.** Vos données servent uniquement à la gestion du jeu ; seuls votre prénom et l’initiale de votre nom apparaissent dans le classement.',
  ];
}

export const CONTESTS: ContestSeed[] = DEFS.map((def) => {
  const slug = slugify(def.title);
  const visualSpec: VisualSpec = {
    url: `/visuals/contests/${slug}.svg`,
    alt: `Visuel du jeu-concours « ${def.title} »`,
    ...LANDSCAPE,
    style: 'contest',
    title: def.title,
    subtitle: `À gagner : ${def.prize}`,
    badge: 'Jeu-concours',
    hue: hueFor(slug),
  };
  return {
    ...def,
    slug,
    description: richText(def.description),
    rules: richText(rulesOf(def)),
    visualSpec,
    visual: toVisual(visualSpec),
  };
});

/** Number of right answers. */
export function scoreOf(questions: ContestQuestionDef[], answers: number[]): number {
  return questions.reduce((score, question, index) => score + (answers[index] === question.answer ? 1 : 0), 0);
}
