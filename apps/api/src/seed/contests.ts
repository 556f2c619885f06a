/** The 4 contest games (jeux-concours): two open, one upcoming and one closed, relative to the seeding day. */
import type { RichTextDocument, Visual } from '@guichet/contracts';
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
  /** Answers given by seeded users, by user key (see users.ts). */
  participations: Record<string, number[]>;
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
      lea: [1, 0, 2],
      hugo: [1, 2, 2],
      ines: [0, 0, 2],
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
      demo: [1, 0, 0],
      lea: [1, 0, 1],
      hugo: [1, 1, 0],
      ines: [2, 0, 0],
      lucas: [0, 2, 1],
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
  participations: Record<string, number[]>;
  visualSpec: VisualSpec;
  visual: Visual;
};

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
  return { ...def, slug, description: richText(def.description), visualSpec, visual: toVisual(visualSpec) };
});

/** Number of right answers. */
export function scoreOf(questions: ContestQuestionDef[], answers: number[]): number {
  return questions.reduce((score, question, index) => score + (answers[index] === question.answer ? 1 : 0), 0);
}
