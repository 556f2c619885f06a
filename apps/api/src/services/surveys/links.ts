/**
 * The survey links of the e-mail (/survey/{surveyID}/{ticketingID}/{userID}?sig=…): the signature stands in
 * for a login, so nobody answers for another attendee. The organizer's results token is signed the same way,
 * under its own label: a stand-in until the pro site has organizer accounts.
 */
import { signedLinks } from '../../lib/signed-links.js';

export type SurveyParticipant = { surveyId: number; ticketingId: number; userId: number };

export type SurveyLinks = {
  sign(participant: SurveyParticipant): string;
  verify(participant: SurveyParticipant, signature: string | undefined): boolean;
  /** The site's path of the participant's form, signature included. */
  path(participant: SurveyParticipant): string;
  /** The bearer token of one survey's results. */
  resultsToken(surveyId: number): string;
  verifyResultsToken(surveyId: number, token: string | undefined): boolean;
};

export function surveyLinks(jwtSecret: string): SurveyLinks {
  const answers = signedLinks(jwtSecret, 'survey-links');
  const results = signedLinks(jwtSecret, 'survey-results');
  const subject = ({ surveyId, ticketingId, userId }: SurveyParticipant) => `${surveyId}:${ticketingId}:${userId}`;
  const sign = (participant: SurveyParticipant) => answers.sign(subject(participant));
  return {
    sign,
    verify: (participant, signature) => signature !== undefined && answers.verify(subject(participant), signature),
    path: (participant) =>
      `/survey/${participant.surveyId}/${participant.ticketingId}/${participant.userId}?sig=${sign(participant)}`,
    resultsToken: (surveyId) => results.sign(`results:${surveyId}`),
    verifyResultsToken: (surveyId, token) => token !== undefined && results.verify(`results:${surveyId}`, token),
  };
}
