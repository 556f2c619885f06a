// @vitest-environment jsdom
/**
 * « Reporter » as its organiser sees it (issue 26): the ticketing form's « Quand ? » fields filled with the
 * current date, the refund requests' deadline, and a refused post's messages on their fields, what was typed kept.
 */
import type { ProTicketing } from '@guichet/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import PostponePage from './postpone.route';

afterEach(cleanup);

const TICKETING = {
  id: 7,
  title: 'Bal reporté',
  status: 'PUBLISHED',
  schedule: 'DATED',
  version: 2,
  startsAt: '2026-12-05T19:00:00.000Z',
  endsAt: '2026-12-05T22:00:00.000Z',
} as ProTicketing;

function renderWith(actionData: unknown) {
  const props = {
    loaderData: { ticketing: TICKETING, postponable: true },
    actionData,
    params: { organizerId: '1', ticketingId: '7' },
  } as unknown as React.ComponentProps<typeof PostponePage>;
  const Stub = createRoutesStub([
    {
      path: '/organisateurs/:organizerId/billetteries/:ticketingId/report',
      Component: () => <PostponePage {...props} />,
      HydrateFallback: () => null,
      loader: () => null,
    },
  ]);
  render(<Stub initialEntries={['/organisateurs/1/billetteries/7/report']} />);
  return screen.findByRole('heading', { level: 1, name: 'Reporter la billetterie' }, { timeout: 10_000 });
}

const fieldValue = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the postponement page', () => {
  it('starts from the current date (Paris time), the deadline to choose', async () => {
    await renderWith(undefined);
    expect(screen.getByText(/Actuellement le/).textContent).toBe('Actuellement le samedi 5 décembre 2026 à 20 h 00.');
    expect((screen.getByLabelText('Date et heure') as HTMLInputElement).checked).toBe(true);
    expect([fieldValue('Date'), fieldValue('Heure de début'), fieldValue('Heure de fin')]).toEqual([
      '2026-12-05',
      '20:00',
      '23:00',
    ]);
    expect([fieldValue(/^Date limite/), fieldValue(/^Heure limite/)]).toEqual(['', '23:59']);
    expect(screen.getByRole('button', { name: 'Reporter' })).toBeTruthy();
  });

  it('shows a refused post’s messages on their fields, what was typed kept', async () => {
    await renderWith({
      reply: {
        errors: { refundUntilDate: 'La date limite des demandes de remboursement doit venir avant la nouvelle date.' },
        values: {
          schedule: 'DATED',
          date: '2027-03-13',
          time: '20:30',
          endTime: '',
          refundUntilDate: '2027-04-01',
          refundUntilTime: '12:00',
          version: '2',
        },
      },
      alert: 'La date limite des demandes de remboursement doit venir avant la nouvelle date.',
    });
    expect(fieldValue('Date')).toBe('2027-03-13');
    const deadline = screen.getByLabelText(/^Date limite/) as HTMLInputElement;
    expect(deadline.value).toBe('2027-04-01');
    expect(deadline.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(/doit venir avant la nouvelle date/);
  });
});
