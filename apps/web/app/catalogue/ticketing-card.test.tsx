// @vitest-environment jsdom
import type { TicketingSummary } from '@guichet/contracts';
import { NotificationsProvider } from '@guichet/ui/notifications';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EXHIBITION, EXHIBITION_DETAIL } from './test-fixtures';
import { cardDataOf, TicketingCard, type TicketingCardData, TicketingGrid } from './ticketing-card';
import { TicketingDetails } from './ticketing-details';

afterEach(cleanup);

const BEFORE = Date.parse('2026-09-01T12:00:00Z');
const DURING = Date.parse('2026-11-23T12:00:00Z');
const AFTER = Date.parse('2027-01-10T12:00:00Z');

const HydrateFallback = () => null;

/** Renders under a root route whose loader gives the request's instant, as the site's root loader does. */
async function renderAt(now: number, element: React.ReactElement) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      HydrateFallback,
      loader: () => ({ now, env: { previewFeatures: true } }),
      children: [{ index: true, Component: () => <NotificationsProvider>{element}</NotificationsProvider> }],
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  await screen.findByRole('article');
}

describe('TicketingCard', () => {
  it('dates an exhibition that has not opened by its period, never its first day’s hour, with its price from', async () => {
    await renderAt(BEFORE, <TicketingCard ticketing={EXHIBITION} to="/billetterie/cites-imaginaires-7" />);
    const date = screen.getByText('du mer. 9 septembre au dim. 13 décembre 2026');
    expect(date.getAttribute('datetime')).toBe('2026-09-09');
    expect(screen.queryByText(/10 h 00/)).toBeNull();
    expect(screen.getByText('Dès 13,50 €')).toBeTruthy();
  });

  it('dates a running event « jusqu’au » its end, from the request’s instant', async () => {
    await renderAt(DURING, <TicketingCard ticketing={EXHIBITION} to="/billetterie/cites-imaginaires-7" />);
    const date = screen.getByText('jusqu’au dim. 13 décembre 2026');
    expect(date.getAttribute('datetime')).toBe('2026-12-13');
    expect(screen.queryByText(/9 septembre/)).toBeNull();
    expect(screen.getByText('Dès 13,50 €')).toBeTruthy();
  });

  it('says a past event is over instead of its price from', async () => {
    await renderAt(AFTER, <TicketingCard ticketing={EXHIBITION} to="/billetterie/cites-imaginaires-7" />);
    expect(screen.getByText('Événement terminé')).toBeTruthy();
    expect(screen.queryByText(/Dès/)).toBeNull();
    expect(screen.getByText('du mer. 9 septembre au dim. 13 décembre 2026')).toBeTruthy();
  });

  it('dates a performance by its date and hour', async () => {
    const concert = { ...EXHIBITION, category: 'Concert', endsAt: '2026-09-09T10:30:00.000Z' };
    await renderAt(BEFORE, <TicketingCard ticketing={concert} to="/billetterie/cites-imaginaires-7" />);
    expect(screen.getByText('mer. 9 septembre 2026 à 10 h 00').getAttribute('datetime')).toBe(concert.startsAt);
  });
});

describe('TicketingGrid', () => {
  const visual = (id: number) => ({ url: `/visuals/${id}.webp`, alt: '', width: 768, height: 512 });
  const cards = [1, 2, 3].map((id) => ({ ...EXHIBITION, id, slug: `expo-${id}`, thumbnail: visual(id) }));

  async function images(leadsPage: boolean) {
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        Component: Outlet,
        HydrateFallback,
        loader: () => ({ now: DURING, env: { previewFeatures: true } }),
        children: [
          {
            index: true,
            Component: () => (
              <TicketingGrid ticketings={cards} linkFor={(card) => `/billetterie/${card.id}`} leadsPage={leadsPage} />
            ),
          },
        ],
      },
    ]);
    render(<Stub initialEntries={['/']} />);
    await screen.findAllByRole('article');
    return [...document.querySelectorAll('img')].map((img) => [
      img.getAttribute('loading'),
      img.getAttribute('fetchpriority'),
    ]);
  }

  it('fetches the first picture of a list that leads its page first, never lazily; the others lazily', async () => {
    expect(await images(true)).toEqual([
      ['eager', 'high'],
      ['lazy', null],
      ['lazy', null],
    ]);
  });

  it('lets every picture of a list further down the page wait', async () => {
    expect(await images(false)).toEqual([
      ['lazy', null],
      ['lazy', null],
      ['lazy', null],
    ]);
  });
});

describe('TicketingDetails', () => {
  it('gives an exhibition’s period as its date: « du … au … » before it opens, « jusqu’au … » once open', async () => {
    await renderAt(BEFORE, <TicketingDetails ticketing={EXHIBITION_DETAIL} variant="page" descriptionHtml="" />);
    expect(screen.getByText('du mercredi 9 septembre au dimanche 13 décembre 2026')).toBeTruthy();
    expect(screen.queryByText(/10 h 00/)).toBeNull();
    cleanup();
    await renderAt(DURING, <TicketingDetails ticketing={EXHIBITION_DETAIL} variant="page" descriptionHtml="" />);
    expect(screen.getByText('jusqu’au dimanche 13 décembre 2026')).toBeTruthy();
  });

  it('offers quantities while the event is running', async () => {
    await renderAt(DURING, <TicketingDetails ticketing={EXHIBITION_DETAIL} variant="page" descriptionHtml="" />);
    expect(screen.getByRole('combobox', { name: /Quantité/ })).toBeTruthy();
    expect(screen.queryByText('Événement terminé')).toBeNull();
    // 40 left: no need to say so.
    expect(screen.queryByText(/Plus que/)).toBeNull();
  });

  it('says « Plus que N places » once 10 or fewer are left', async () => {
    const [product] = EXHIBITION_DETAIL.products;
    if (!product) throw new Error('fixture without product');
    const few = { ...EXHIBITION_DETAIL, products: [{ ...product, remaining: 3, quota: 3 }] };
    await renderAt(DURING, <TicketingDetails ticketing={few} variant="page" descriptionHtml="" />);
    expect(screen.getByText('Plus que 3 places')).toBeTruthy();
  });

  it('says when the sale opens, and offers no quantities before it', async () => {
    const soon = { ...EXHIBITION_DETAIL, salesStartAt: '2026-09-05T08:00:00.000Z' };
    await renderAt(BEFORE, <TicketingDetails ticketing={soon} variant="page" descriptionHtml="" />);
    expect(screen.getByText('Bientôt en vente')).toBeTruthy();
    const notice = screen.getByText(/Les billets seront en vente à partir du/);
    expect(notice.textContent).toBe(
      'Bientôt en venteLes billets seront en vente à partir du samedi 5 septembre 2026 à 10 h 00.',
    );
    expect(notice.querySelector('time')?.getAttribute('dateTime')).toBe('2026-09-05T08:00:00.000Z');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Ajouter au panier/ })).toBeNull();
    expect(screen.getByText('13,50 €')).toBeTruthy();
  });

  it('offers quantities once the sale has opened, before the event', async () => {
    await renderAt(BEFORE, <TicketingDetails ticketing={EXHIBITION_DETAIL} variant="page" descriptionHtml="" />);
    expect(screen.getByRole('combobox', { name: /Quantité/ })).toBeTruthy();
    expect(screen.queryByText('Bientôt en vente')).toBeNull();
  });

  it('says a past event is over, and offers neither quantities nor the cart', async () => {
    await renderAt(AFTER, <TicketingDetails ticketing={EXHIBITION_DETAIL} variant="page" descriptionHtml="" />);
    expect(screen.getByText('Événement terminé')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Ajouter au panier/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ajouter à mon agenda' })).toBeNull();
    // The prices stay, as a record of what the tickets cost.
    expect(screen.getByText('13,50 €')).toBeTruthy();
  });
});

describe('TicketingDetails after a cancellation or a postponement (issue 26)', () => {
  it('says a cancelled event will not take place, and sells nothing', async () => {
    const cancelled = { ...EXHIBITION_DETAIL, status: 'CANCELLED' as const };
    await renderAt(DURING, <TicketingDetails ticketing={cancelled} variant="page" descriptionHtml="" />);
    expect(screen.getByText('Événement annulé')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByText(/report/i)).toBeNull();
  });

  it('says a postponed event’s new date and its first one, and still sells', async () => {
    const postponed = {
      ...EXHIBITION_DETAIL,
      startsAt: '2026-10-10T08:00:00.000Z',
      previousStartsAt: '2026-09-09T08:00:00.000Z',
    };
    await renderAt(BEFORE, <TicketingDetails ticketing={postponed} variant="page" descriptionHtml="" />);
    const notice = screen.getByText(/Reporté — nouvelle date/);
    expect(notice.textContent).toBe(
      'Événement reportéReporté — nouvelle date : samedi 10 octobre 2026 à 10 h 00 (initialement le mercredi 9 septembre 2026 à 10 h 00). Les billets déjà achetés restent valables.',
    );
    expect(screen.getByRole('combobox', { name: /Quantité/ })).toBeTruthy();
  });

  it('no longer says « Reporté » once the event is over, nor for one never moved', async () => {
    const postponed = { ...EXHIBITION_DETAIL, previousStartsAt: '2026-09-01T08:00:00.000Z' };
    await renderAt(AFTER, <TicketingDetails ticketing={postponed} variant="page" descriptionHtml="" />);
    expect(screen.queryByText(/report/i)).toBeNull();
    cleanup();
    await renderAt(BEFORE, <TicketingDetails ticketing={EXHIBITION_DETAIL} variant="page" descriptionHtml="" />);
    expect(screen.queryByText(/report/i)).toBeNull();
  });
});

describe('cardDataOf (issue 23: pages of cards send the browser only what the cards show)', () => {
  it('keeps nothing a card does not show', () => {
    expect(Object.keys(cardDataOf(EXHIBITION)).sort()).toEqual(
      ['id', 'slug', 'title', 'category', 'startsAt', 'endsAt', 'venue', 'city', 'lowestPrice', 'thumbnail'].sort(),
    );
  });

  it('draws the very same card as the whole ticketing', async () => {
    const withVisual: TicketingSummary = {
      ...EXHIBITION,
      thumbnail: { url: '/visuals/ticketings/cites.svg', alt: 'Affiche', width: 1200, height: 800 },
    };
    const drawn = async (ticketing: TicketingCardData) => {
      await renderAt(DURING, <TicketingCard ticketing={ticketing} to="/billetterie/cites-imaginaires-7" priority />);
      const html = screen.getByRole('article').outerHTML;
      cleanup();
      return html;
    };
    expect(await drawn(cardDataOf(withVisual))).toBe(await drawn(withVisual));
  });
});
