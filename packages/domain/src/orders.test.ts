import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isPayable,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderStatusLabel,
} from './orders.js';

describe('order statuses', () => {
  it('names every status in French, an expired order included', () => {
    expect(orderStatusLabel('EXPIRED')).toBe('Expirée');
    expect(Object.keys(ORDER_STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('lets a pending order be paid, expire or be cancelled, an expired one be paid late, a paid one be refunded', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual([
      'EXPIRED→PAID',
      'PAID→REFUNDED',
      'PENDING→CANCELLED',
      'PENDING→EXPIRED',
      'PENDING→PAID',
    ]);
    expect(ORDER_STATUSES.filter(isPayable)).toEqual(['PENDING', 'EXPIRED']);
  });

  it('keeps cancelled and refunded orders final, and never goes back to pending', () => {
    for (const status of ['CANCELLED', 'REFUNDED'] as const) expect(ORDER_TRANSITIONS[status]).toEqual([]);
    for (const from of ORDER_STATUSES) expect(canTransition(from, 'PENDING')).toBe(false);
    expect(canTransition('PENDING', 'REFUNDED')).toBe(false);
  });
});
