// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsProvider, useNotifications } from './notifications';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

let api: ReturnType<typeof useNotifications> | undefined;
function Probe() {
  api = useNotifications();
  return null;
}

function renderStore() {
  render(
    <NotificationsProvider>
      <Probe />
    </NotificationsProvider>,
  );
  if (!api) throw new Error('no store');
  return api;
}

describe('notifications', () => {
  it('shows a success notification in a live region and removes it after 5000 ms', () => {
    const store = renderStore();
    act(() => {
      store.notify('Vos informations sont enregistrées.', 'success');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('status').textContent).toContain('Vos informations sont enregistrées.');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Vos informations sont enregistrées.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Vos informations sont enregistrées.')).toBeNull();
  });

  it('shows an error as an alert with its own look', () => {
    const store = renderStore();
    act(() => {
      store.notify('Une erreur est survenu à la création de votre panier.', 'error');
    });
    expect(screen.getByRole('alert').getAttribute('data-state')).toBe('error');
  });

  it('deletes a notification by id', () => {
    const store = renderStore();
    let id = 0;
    act(() => {
      id = store.notify('Premier', 'success');
      store.notify('Second', 'success');
    });
    act(() => (api as NonNullable<typeof api>).remove(id));
    expect(screen.queryByText('Premier')).toBeNull();
    expect(screen.queryByText('Second')).not.toBeNull();
  });

  it('refuses a state other than success or error', () => {
    const store = renderStore();
    expect(() => store.notify('Attention', 'warning' as never)).toThrow(/État de notification refusé/);
  });
});

describe('notifications from the server', () => {
  it('renders a notice left by an action with the page, then removes it after 5000 ms', () => {
    render(
      <NotificationsProvider
        serverNotice={{ id: 'n-1', message: 'Votre demande a bien été envoyée.', state: 'success' }}
      >
        <Probe />
      </NotificationsProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('Votre demande a bien été envoyée.');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Votre demande a bien été envoyée.')).toBeNull();
  });
});

describe('a notification that leads on', () => {
  const added = {
    id: 'n-2',
    message: 'Ajouté au panier : Le Malade imaginaire — Tarif plein.',
    state: 'success' as const,
    link: { to: '/cart', label: 'Voir le panier' },
  };

  it('links to the cart after an addition', () => {
    render(
      <MemoryRouter initialEntries={['/billetterie/le-malade-imaginaire-4']}>
        <NotificationsProvider serverNotice={added}>{null}</NotificationsProvider>
      </MemoryRouter>,
    );
    const status = screen.getByRole('status');
    expect(status.querySelector('a')?.getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Voir le panier' })).toBeTruthy();
  });

  it('keeps a works-council visitor in CSE mode on the way to the cart (the header has no cart button then)', () => {
    render(
      <MemoryRouter initialEntries={['/billetterie/le-malade-imaginaire-4?type=CSE&cseID=12']}>
        <NotificationsProvider serverNotice={added}>{null}</NotificationsProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Voir le panier' }).getAttribute('href')).toBe('/cart?type=CSE&cseID=12');
  });
});
