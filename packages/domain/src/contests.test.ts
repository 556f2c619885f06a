import { describe, expect, it } from 'vitest';
import { contestResultsPublished, contestStateAt, publicPlayerName } from './contests.js';

describe('contestStateAt', () => {
  const period = { startsAt: new Date('2026-11-01T08:00:00Z'), endsAt: new Date('2026-11-30T21:59:00Z') };
  it('is upcoming before the start, open until the end, closed at the end', () => {
    expect(contestStateAt(period, new Date('2026-10-31T08:00:00Z'))).toBe('UPCOMING');
    expect(contestStateAt(period, period.startsAt)).toBe('OPEN');
    expect(contestStateAt(period, period.endsAt)).toBe('CLOSED');
  });
});

describe('publicPlayerName', () => {
  it('keeps the first name and the initial of the last name', () => {
    expect(publicPlayerName('Camille', 'martin')).toBe('Camille M.');
    expect(publicPlayerName('Éloïse', 'Édouard')).toBe('Éloïse É.');
    expect(publicPlayerName('Lou', ' ')).toBe('Lou');
  });
});

describe('contestResultsPublished', () => {
  it('publishes scores, distances and ranks only once the game is closed', () => {
    expect(contestResultsPublished('UPCOMING')).toBe(false);
    expect(contestResultsPublished('OPEN')).toBe(false);
    expect(contestResultsPublished('CLOSED')).toBe(true);
  });
});
