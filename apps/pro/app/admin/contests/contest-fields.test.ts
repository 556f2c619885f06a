import { ContestGameInput } from '@guichet/contracts';
import { describe, expect, it } from 'vitest';
import { errorsOfIssues, readContestForm, rowChange, rowsOf } from './contest-fields';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

const filled = {
  title: 'Jeu',
  summary: 'Résumé',
  description: 'Un texte.',
  rules: 'Le règlement.',
  'startsAt.date': '2026-12-01',
  'startsAt.time': '10:00',
  'endsAt.date': '2026-12-20',
  'endsAt.time': '18:00',
  prizeRows: '2',
  questionRows: '2',
  'prizes.0.label': 'Un pass',
  'prizes.0.value': '89,50',
  'prizes.1.label': '',
  'prizes.1.value': '',
  'questions.0.label': 'Où ?',
  'questions.0.choices.0': '',
  'questions.0.choices.1': 'Lyon',
  'questions.0.choices.2': 'Arles',
  'questions.0.answer': '2',
  'questions.1.label': 'Quand ?',
  'questions.1.choices.0': 'Été',
  'questions.1.choices.1': 'Hiver',
  'questions.1.answer': '0',
  tieBreakLabel: 'Combien ?',
  tieBreakAnswer: '1200',
};

describe('readContestForm', () => {
  it('builds the API body: empty rows and choices left out, the right answer following its choice', () => {
    const { body } = readContestForm(form(filled));
    expect(body.prizes).toEqual([{ label: 'Un pass', value: '89,50' }]);
    expect(body.questions[0]).toEqual({ label: 'Où ?', choices: ['Lyon', 'Arles'], answer: 1 });
    expect(body.tieBreakAnswer).toBe(1200);
    const parsed = ContestGameInput.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.prizes[0]?.value).toBe(8_950);
  });

  it('refuses a question whose ticked answer is an empty choice, on that question’s field', () => {
    const { body } = readContestForm(form({ ...filled, 'questions.0.answer': '0' }));
    const parsed = ContestGameInput.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(Object.keys(errorsOfIssues(parsed.error?.issues ?? []))).toContain('questions.0.answer');
  });
});

describe('rowChange', () => {
  it('adds a question row, and removes one moving the next rows up', () => {
    const { values } = readContestForm(form({ ...filled, rows: 'addQuestion' }));
    expect(rowsOf(rowChange(values) ?? {}).questions).toBe(3);
    const removed = rowChange(readContestForm(form({ ...filled, rows: 'removeQuestion:0' })).values) ?? {};
    expect(rowsOf(removed).questions).toBe(1);
    expect(removed['questions.0.label']).toBe('Quand ?');
    expect(removed['questions.1.label']).toBeUndefined();
  });

  it('is null for a save', () => {
    expect(rowChange(readContestForm(form(filled)).values)).toBeNull();
  });
});
