/**
 * The 2 satisfaction surveys of the demo catalogue (/survey/{surveyID}/{ticketingID}/{userID}): the first,
 * about the evening, is the one e-mailed after an event; the second, about buying on Guichet, is not sent
 * by the job (it can still be answered from a signed link).
 */
import type { SurveyQuestionKind } from '@guichet/domain';

export type SurveyQuestionDef = {
  label: string;
  kind: SurveyQuestionKind;
  choices?: string[];
  required?: boolean;
};

export type SurveySeed = { title: string; introduction: string; questions: SurveyQuestionDef[] };

export const SURVEYS: SurveySeed[] = [
  {
    title: 'Votre avis sur la soirée',
    introduction:
      'Merci d’être venu ! Quelques questions, deux minutes tout au plus, pour nous aider à améliorer nos prochains événements.',
    questions: [
      { label: 'Comment avez-vous trouvé l’accueil à l’entrée ?', kind: 'RATING' },
      { label: 'Quelle note donnez-vous au son et à la lumière ?', kind: 'RATING' },
      {
        label: 'Comment avez-vous connu cet événement ?',
        kind: 'MULTIPLE_CHOICE',
        choices: ['Réseaux sociaux', 'Bouche-à-oreille', 'Affichage', 'Lettre d’information Guichet', 'Autre'],
      },
      {
        label: 'Reviendriez-vous à un événement de cet organisateur ?',
        kind: 'SINGLE_CHOICE',
        choices: ['Oui, sans hésiter', 'Peut-être', 'Non'],
      },
      { label: 'Un commentaire, une suggestion ?', kind: 'TEXT', required: false },
    ],
  },
  {
    title: 'Votre achat sur Guichet',
    introduction: 'Aidez-nous à rendre l’achat de billets encore plus simple en répondant à ces trois questions.',
    questions: [
      { label: 'L’achat de vos billets a-t-il été facile ?', kind: 'RATING' },
      {
        label: 'Sur quel appareil avez-vous acheté vos billets ?',
        kind: 'SINGLE_CHOICE',
        choices: ['Téléphone', 'Tablette', 'Ordinateur'],
      },
      { label: 'Que pourrions-nous améliorer ?', kind: 'TEXT', required: false },
    ],
  },
];
