import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from './forms/messages.js';
import { validateForm } from './forms/validate.js';
import { SURVEY_TEXT_MAX_LENGTH, type SurveyQuestionRules, surveyAnswerErrors, surveyFieldRules } from './surveys.js';

const QUESTIONS: SurveyQuestionRules[] = [
  { id: 1, kind: 'RATING', required: true, choices: null },
  { id: 2, kind: 'SINGLE_CHOICE', required: true, choices: ['Oui', 'Non'] },
  { id: 3, kind: 'MULTIPLE_CHOICE', required: true, choices: ['A', 'B', 'C'] },
  { id: 4, kind: 'TEXT', required: false, choices: null },
];

describe('the survey checks', () => {
  // The page's form (strings, as a browser sends them) and the API (typed JSON) give the same messages.
  it.each([
    ['a rating of 6', { 1: '6' }, { 1: 6 }],
    ['a rating of 0', { 1: '0' }, { 1: 0 }],
    ['a choice not offered', { 2: 'Peut-être' }, { 2: 'Peut-être' }],
    ['a box not offered', { 3: ['A', 'Z'] }, { 3: ['A', 'Z'] }],
    ['a text too long', { 4: 'x'.repeat(SURVEY_TEXT_MAX_LENGTH + 1) }, { 4: 'x'.repeat(SURVEY_TEXT_MAX_LENGTH + 1) }],
    ['a control character', { 4: 'a\u0007b' }, { 4: 'a\u0007b' }],
  ])('agree on %s', (_, form, api) => {
    const filled = { 1: '4', 2: 'Oui', 3: ['A'] };
    const typed = { 1: 4, 2: 'Oui', 3: ['A'] };
    expect(validateForm({ ...filled, ...form }, surveyFieldRules(QUESTIONS))).toEqual(
      surveyAnswerErrors(QUESTIONS, { ...typed, ...api }),
    );
  });

  it('agree on the required questions left empty', () => {
    const empty = { 1: FORM_MESSAGES.required, 2: FORM_MESSAGES.required, 3: FORM_MESSAGES.required };
    expect(validateForm({}, surveyFieldRules(QUESTIONS))).toEqual(empty);
    expect(surveyAnswerErrors(QUESTIONS, {})).toEqual(empty);
  });

  it('says the spec’s maxLength message', () => {
    expect(surveyAnswerErrors(QUESTIONS, { 1: 4, 2: 'Oui', 3: ['A'], 4: 'x'.repeat(1001) })).toEqual({
      4: FORM_MESSAGES.maxLength.replace('{n}', String(SURVEY_TEXT_MAX_LENGTH)),
    });
  });
});
