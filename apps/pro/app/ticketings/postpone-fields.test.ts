import { PERIOD_DAYS_MESSAGE } from '@guichet/contracts';
import { scheduleInstants } from '@guichet/domain';
import { describe, expect, it } from 'vitest';
import { cancellationProgressText, cancellationStarted } from './cancellation';
import { errorsOfBodyIssues, postponeValues, readPostponeForm } from './postpone-fields';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('the postponement form', () => {
  it('reads a new performance date in Paris time, its end after midnight the next day', () => {
    const read = readPostponeForm(
      form({
        version: '4',
        schedule: 'DATED',
        date: '2027-03-27',
        time: '21:00',
        endTime: '01:00',
        refundUntilDate: '2027-03-20',
        refundUntilTime: '23:59',
      }),
    );
    expect(read).toMatchObject({
      ok: true,
      body: {
        version: 4,
        startsAt: '2027-03-27T20:00:00.000Z',
        // The night the clocks go forward: 01:00 on the 28th is still winter time.
        endsAt: '2027-03-28T00:00:00.000Z',
        refundRequestsUntil: '2027-03-20T22:59:00.000Z',
      },
    });
  });

  it('reads a period from its first day’s midnight to its last day’s 23:59, and refuses a one-day period', () => {
    expect(scheduleInstants({ schedule: 'PERIOD', firstDay: '2027-07-01', lastDay: '2027-07-03' })).toEqual({
      startsAt: new Date('2027-06-30T22:00:00.000Z'),
      endsAt: new Date('2027-07-03T21:59:00.000Z'),
    });
    const oneDay = readPostponeForm(
      form({
        version: '1',
        schedule: 'PERIOD',
        firstDay: '2027-07-01',
        lastDay: '2027-07-01',
        refundUntilDate: '2027-06-20',
        refundUntilTime: '12:00',
      }),
    );
    expect(oneDay).toMatchObject({ ok: false, errors: { lastDay: PERIOD_DAYS_MESSAGE } });
  });

  it('says on their fields what is missing, keeping what was typed', () => {
    const read = readPostponeForm(
      form({ version: '1', schedule: 'DATED', date: '', time: '20:00', refundUntilDate: '' }),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual(['date', 'refundUntilDate']);
    expect(read.values.time).toBe('20:00');
  });

  it('puts the API’s issues on the fields they are about', () => {
    expect(
      errorsOfBodyIssues(
        [
          { path: ['refundRequestsUntil'], message: 'Avant la nouvelle date.' },
          { path: ['startsAt'], message: 'À venir.' },
        ],
        'PERIOD',
      ),
    ).toEqual({ refundUntilDate: 'Avant la nouvelle date.', firstDay: 'À venir.' });
  });

  it('starts from the ticketing’s current date, the deadline left to choose', () => {
    expect(
      postponeValues({
        schedule: 'DATED',
        startsAt: '2026-12-05T19:00:00.000Z',
        endsAt: '2026-12-05T22:00:00.000Z',
        version: 3,
      }),
    ).toMatchObject({ date: '2026-12-05', time: '20:00', endTime: '23:00', refundUntilDate: '', version: '3' });
  });
});

describe('the cancellation’s progress', () => {
  const progress = { startedAt: null, finishedAt: null, failed: 0, pending: 0 };
  it('counts the orders refunded, in French (0 and 1 singular), and says when it is over', () => {
    expect(cancellationProgressText({ ...progress, status: 'RUNNING', total: 3, succeeded: 1 })).toBe(
      '1 commande remboursée sur 3…',
    );
    expect(cancellationProgressText({ ...progress, status: 'DONE', total: 3, succeeded: 3 })).toBe(
      '3 commandes remboursées sur 3. Annulation terminée.',
    );
    expect(cancellationProgressText({ ...progress, status: 'DONE', total: 0, succeeded: 0 })).toBe(
      'Aucune commande payée à rembourser.',
    );
  });

  it('follows the refunds once cancelled, offers the form before', () => {
    expect(cancellationStarted('PUBLISHED', { status: 'NONE' })).toBe(false);
    expect(cancellationStarted('CANCELLED', { status: 'NONE' })).toBe(true);
    expect(cancellationStarted('PUBLISHED', { status: 'RUNNING' })).toBe(true);
  });
});
