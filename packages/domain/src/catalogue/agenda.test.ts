import { describe, expect, it } from 'vitest';
import { agendaPeriodOptions, resolveAgendaPeriod } from './agenda.js';

describe('agenda periods', () => {
  it('offers the next 7 and 30 days, then twelve months from the current one', () => {
    const options = agendaPeriodOptions('2026-11-22');
    expect(options.slice(0, 4)).toEqual([
      { value: '7j', label: '7 prochains jours' },
      { value: '30j', label: '30 prochains jours' },
      { value: '2026-11', label: 'Novembre 2026' },
      { value: '2026-12', label: 'Décembre 2026' },
    ]);
    expect(options).toHaveLength(14);
    expect(options.at(-1)).toEqual({ value: '2027-10', label: 'Octobre 2027' });
  });

  it('turns a choice into the days it covers, from today on', () => {
    expect(resolveAgendaPeriod('7j', '2026-11-22')).toEqual({ value: '7j', from: '2026-11-22', to: '2026-11-28' });
    expect(resolveAgendaPeriod('30j', '2026-12-15')).toEqual({ value: '30j', from: '2026-12-15', to: '2027-01-13' });
    // The current month starts today, a coming one on its first day.
    expect(resolveAgendaPeriod('2026-11', '2026-11-22')).toEqual({
      value: '2026-11',
      from: '2026-11-22',
      to: '2026-11-30',
    });
    expect(resolveAgendaPeriod('2027-02', '2026-11-22')).toEqual({
      value: '2027-02',
      from: '2027-02-01',
      to: '2027-02-28',
    });
  });

  it('refuses what the filter does not offer', () => {
    for (const value of [null, '', '90j', '2026-10', '2027-11', '2027-13', 'mars']) {
      expect(resolveAgendaPeriod(value, '2026-11-22'), String(value)).toBeNull();
    }
  });
});
