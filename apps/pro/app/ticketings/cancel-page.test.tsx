// @vitest-environment jsdom
/**
 * « Annuler la billetterie » once started (issue 26): the page reads the progress again every 2 s while
 * refunds are pending (« 1 commande remboursée sur 3… », then « 3 commandes … sur 3 ») and stops once done.
 * Before, the form: what the cancellation does, the message to buyers, the required confirm box.
 */
import type { CancellationProgress, ProTicketing } from '@guichet/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import CancelPage from './cancel.route';

afterEach(cleanup);

const TICKETING = {
  id: 7,
  title: 'Bal annulé',
  status: 'CANCELLED',
  version: 3,
  startsAt: '2026-12-05T19:00:00.000Z',
} as ProTicketing;

const progress = (succeeded: number): CancellationProgress => ({
  status: succeeded === 3 ? 'DONE' : 'RUNNING',
  total: 3,
  succeeded,
  failed: 0,
  pending: 3 - succeeded,
  startedAt: '2026-11-27T09:00:00.000Z',
  finishedAt: succeeded === 3 ? '2026-11-27T09:00:05.000Z' : null,
});

function renderAt(loader: () => { ticketing: ProTicketing; progress: CancellationProgress }) {
  const Stub = createRoutesStub([
    {
      path: '/organisateurs/:organizerId/billetteries/:ticketingId/annulation',
      // React Router gives the route's component its loader data, as in the app.
      Component: CancelPage as never,
      HydrateFallback: () => null,
      loader,
    },
  ]);
  render(<Stub initialEntries={['/organisateurs/1/billetteries/7/annulation']} />);
}

describe('the cancellation page', () => {
  it('reads the progress again every 2 s until every order is refunded, then stops', async () => {
    let reads = 0;
    renderAt(() => {
      reads += 1;
      return { ticketing: TICKETING, progress: progress([0, 1, 3][Math.min(reads - 1, 2)] ?? 3) };
    });
    expect((await screen.findByRole('status', {}, { timeout: 10_000 })).textContent).toBe(
      '0 commande remboursée sur 3…',
    );
    await screen.findByText('1 commande remboursée sur 3…', {}, { timeout: 5_000 });
    await screen.findByText('3 commandes remboursées sur 3. Annulation terminée.', {}, { timeout: 5_000 });
    const done = reads;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(reads).toBe(done);
  }, 30_000);

  it('offers the form before: what it does, the message to buyers, the required confirm box', async () => {
    renderAt(() => ({
      ticketing: { ...TICKETING, status: 'PUBLISHED' },
      progress: { ...progress(0), status: 'NONE', total: 0, pending: 0, startedAt: null },
    }));
    await screen.findByRole('heading', { level: 1, name: 'Annuler la billetterie' }, { timeout: 10_000 });
    expect(screen.getByText(/Chaque commande payée est remboursée/)).toBeTruthy();
    expect(screen.getByText(/La page publique dit « Annulé »/)).toBeTruthy();
    expect(screen.getByLabelText('Message aux acheteurs').tagName).toBe('TEXTAREA');
    const box = screen.getByLabelText('Je comprends que cette action est définitive') as HTMLInputElement;
    expect(box.required).toBe(true);
    expect(screen.getByRole('button', { name: 'Annuler la billetterie' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
