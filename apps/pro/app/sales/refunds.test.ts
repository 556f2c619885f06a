import type { ProOrderDetail } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import { describe, expect, it } from 'vitest';
import {
  creditNotePath,
  orderStatusLabel,
  refundableTickets,
  refundQuestion,
  refundSelection,
  refundText,
  ticketStateText,
} from './refunds';

const ticket = (id: number, state: Partial<ProOrderDetail['lines'][number]['tickets'][number]> = {}) => ({
  id,
  code: `CODE-${id}`,
  holderName: 'Inès Martin',
  scannedAt: null,
  revokedReason: null,
  ...state,
});

const ORDER: ProOrderDetail = {
  id: 8,
  reference: 'GU-000008',
  paidAt: '2026-11-20T09:00:00.000Z',
  status: 'PAID',
  buyer: { firstname: 'Inès', lastname: 'Martin', email: 'ines@exemple.fr' },
  tickets: 3,
  amount: 6750,
  refunds: [],
  lines: [
    {
      id: 1,
      ticketing: { id: 2, title: 'Nuit du jazz' },
      title: 'Plein tarif',
      unitPrice: 2250,
      quantity: 3,
      lineTotal: 6750,
      vatRate: 550,
      tickets: [
        ticket(1),
        ticket(2, { revokedReason: 'ORGANIZER' }),
        ticket(3, { scannedAt: '2026-12-05T19:14:00.000Z' }),
      ],
    },
  ],
};

describe('an order’s refund form', () => {
  it('offers a box per ticket not yet refunded, checked ones included', () => {
    expect(refundableTickets(ORDER).map((t) => t.id)).toEqual([1, 3]);
    expect(refundableTickets({ ...ORDER, status: 'REFUNDED' })).toEqual([]);
  });

  it('asks about the boxes ticked among those offered, each once', () => {
    const selection = refundSelection(ORDER, ['1', '1', '2', '3', '77']);
    expect(selection).toEqual({ ticketIds: [1, 3], count: 2, amount: 4500 });
    expect(selection && refundQuestion(selection)).toBe(`Rembourser 2 billets pour ${formatPrice(4500)} ?`);
    expect(refundQuestion({ count: 1, amount: 2250 })).toBe(`Rembourser 1 billet pour ${formatPrice(2250)} ?`);
    expect(refundSelection(ORDER, ['2'])).toBeNull();
  });

  it('says each ticket’s state: refunded, checked at the door (when), or not', () => {
    const [valid, refunded, checked] = ORDER.lines[0]?.tickets ?? [];
    expect(valid && ticketStateText(valid)).toBe('Non contrôlé');
    expect(refunded && ticketStateText(refunded)).toBe('Remboursé');
    expect(checked && ticketStateText(checked)).toBe('Contrôlé le samedi 5 décembre 2026 à 20 h 14');
  });

  it('says the order « Partiellement remboursée » while paid with refunds, « Remboursée » once all is', () => {
    const refund = {
      id: 1,
      reason: 'ORGANIZER' as const,
      status: 'PENDING' as const,
      amount: 2250,
      createdAt: '2026-11-21T09:00:00.000Z',
      refundedAt: null,
      creditNote: null,
      ticketCodes: ['CODE-2'],
    };
    expect(orderStatusLabel(ORDER)).toBe('Payée');
    expect(orderStatusLabel({ ...ORDER, refunds: [refund] })).toBe('Partiellement remboursée');
    expect(orderStatusLabel({ status: 'REFUNDED', refunds: [refund] })).toBe('Remboursée');
    expect(refundText(refund)).toBe(`Remboursement de ${formatPrice(2250)} — en cours`);
    expect(
      refundText({ ...refund, status: 'SUCCEEDED', refundedAt: '2026-11-21T09:05:00.000Z', creditNote: 'AV-000012' }),
    ).toBe(`Remboursement de ${formatPrice(2250)} — fait le samedi 21 novembre 2026 à 10 h 05 — avoir AV-000012`);
    expect(creditNotePath(3, 8, 'AV-000012')).toBe('/organisateurs/3/commandes/8/avoirs/12');
    expect(creditNotePath(3, 8, 'FAC-000012')).toBeNull();
  });
});
