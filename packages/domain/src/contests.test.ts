import { describe, expect, it } from 'vitest';
import { contestResultsPublished, contestStateAt, publicPlayerName, seededDraw } from './contests.js';

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

describe('seededDraw', () => {
  const players = Array.from({ length: 50 }, (_, index) => index + 1);
  it('gives the same winners for the same seed, whatever the order of the players', () => {
    const first = seededDraw('graine-1', players, 3);
    expect(first).toHaveLength(3);
    expect(seededDraw('graine-1', [...players].reverse(), 3)).toEqual(first);
    expect(new Set(first).size).toBe(3);
  });
  it('gives other winners for another seed, and never more than the players', () => {
    expect(seededDraw('graine-2', players, 3)).not.toEqual(seededDraw('graine-1', players, 3));
    expect(seededDraw('x', [7, 3], 5).sort()).toEqual([3, 7]);
    expect(seededDraw('x', [], 2)).toEqual([]);
  });
  it('is uniform enough: every player wins sometimes', () => {
    const wins = new Map<number, number>();
    for (let run = 0; run < 2_000; run += 1)
      for (const id of seededDraw(`s${run}`, [1, 2, 3, 4], 1)) wins.set(id, (wins.get(id) ?? 0) + 1);
    for (const id of [1, 2, 3, 4]) expect(wins.get(id) ?? 0).toBeGreaterThan(350);
  });
});
