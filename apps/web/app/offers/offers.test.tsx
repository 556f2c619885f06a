// @vitest-environment jsdom
import { formatPrice } from '@guichet/domain';
import { NotificationsProvider } from '@guichet/ui/notifications';
import { PriceTag } from '@guichet/ui/price-tag';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscountBadge } from './discount-badge';
import { FacetList } from './facet-list';
import { OfferCard } from './offer-card';
import { OfferDetails, partnerAddress } from './offer-details';
import { OfferGallery } from './offer-gallery';
import { OfferProducts } from './offer-products';
import { CARD, OFFER, PRODUCTS, VISUALS } from './test-fixtures';

afterEach(cleanup);

const HydrateFallback = () => null;

/** Renders under a router (links need one), at `url`. */
async function renderPage(element: ReactElement, url = '/') {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      HydrateFallback,
      loader: () => ({ now: Date.parse('2026-11-23T12:00:00Z'), env: { previewFeatures: true } }),
      children: [
        {
          index: true,
          Component: () => (
            <NotificationsProvider>
              <div data-testid="page">{element}</div>
            </NotificationsProvider>
          ),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return screen.findByTestId('page');
}

/** Text as shown, with the no-break spaces of French typography read as spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('DiscountBadge', () => {
  it('shows « −20 % » or « −5 € », read out as a discount', () => {
    const { container, rerender } = render(<DiscountBadge discount={{ discountType: 'PERCENTAGE', discount: 20 }} />);
    expect(plain(container.textContent)).toBe('Remise de −20 %');
    expect(container.textContent).toContain('20\u00a0%');
    rerender(<DiscountBadge discount={{ discountType: 'FIXED', discount: 500 }} />);
    expect(plain(container.textContent)).toBe('Remise de −5 €');
  });

  it('shows nothing without a discount', () => {
    const { container } = render(<DiscountBadge discount={{ discountType: null, discount: 0 }} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('PriceTag', () => {
  it('strikes the original price through, read out as « Prix initial », before the discounted one', () => {
    const { container } = render(<PriceTag price={4500} original={6000} />);
    const struck = container.querySelector('s');
    expect(plain(struck?.textContent)).toBe('Prix initial : 60 €');
    expect(plain(container.textContent)).toBe('Prix initial : 60 € Prix remisé : 45 €');
  });

  it('shows the price alone when nothing is taken off', () => {
    const { container } = render(<PriceTag price={6000} original={6000} />);
    expect(container.querySelector('s')).toBeNull();
    expect(plain(container.textContent)).toBe('60 €');
  });
});

describe('OfferCard', () => {
  it('is one link to the deal’s page, with its badge, partner, last day and prices', async () => {
    const page = await renderPage(<OfferCard offer={CARD} />);
    const link = within(page).getByRole('link', { name: 'Hammam et sauna en duo' });
    expect(link.getAttribute('href')).toBe('/bons-plans/offer/hammam-et-sauna-en-duo-7');
    const text = plain(page.textContent);
    expect(text).toContain('Remise de −25 %');
    expect(text).toContain('Les Bains du Rhône · Lyon');
    expect(text).toContain('Jusqu’au 12 mars 2027');
    expect(text).toContain('Prix initial : 60 €');
    expect(text).toContain('Prix remisé : Dès 45 €');
    expect(page.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('says a sold-out deal is « Épuisé », without a badge or a price', async () => {
    const page = await renderPage(<OfferCard offer={{ ...CARD, soldOut: true }} />);
    expect(within(page).getByText('Épuisé')).toBeTruthy();
    expect(plain(page.textContent)).not.toContain('Remise');
    expect(plain(page.textContent)).not.toContain('45 €');
  });
});

describe('OfferGallery', () => {
  it('shows the chosen photo, with toggle buttons after hydration, one pressed', () => {
    render(<OfferGallery visuals={VISUALS} title="Hammam et sauna en duo" />);
    const group = screen.getByRole('list', { name: 'Photos de « Hammam et sauna en duo »' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons).toHaveLength(3);
    expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    expect(screen.getByRole('img', { name: 'Le bassin du hammam' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Photo 3 sur 3 : Le sauna finlandais' }));
    expect(screen.getByRole('img', { name: 'Le sauna finlandais' })).toBeTruthy();
    expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'true']);
    expect(screen.getByText('Photo 3 sur 3 affichée')).toBeTruthy();
  });

  it('moves between photos with the arrow keys, Home and End, focus following', () => {
    render(<OfferGallery visuals={VISUALS} title="Hammam" />);
    const [first, second, third] = screen.getAllByRole('button');
    first?.focus();
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowRight' });
    expect(second?.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second as HTMLElement, { key: 'End' });
    expect(third?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(third as HTMLElement, { key: 'ArrowRight' });
    expect(first?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(third);
  });

  it('without JavaScript (the server’s page), makes each thumbnail a link to its photo', () => {
    const html = renderToString(<OfferGallery visuals={VISUALS} title="Hammam" />);
    expect(html).not.toContain('<button');
    expect(html).toContain('<a href="/visuals/offers/hammam-2.svg" aria-label="Photo 2 sur 3 : La salle de repos"');
  });

  it('shows one photo alone, without buttons', () => {
    render(<OfferGallery visuals={VISUALS.slice(0, 1)} title="Hammam" />);
    expect(screen.getByRole('img', { name: 'Le bassin du hammam' })).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('shows nothing without a photo', () => {
    const { container } = render(<OfferGallery visuals={[]} title="Hammam" />);
    expect(container.innerHTML).toBe('');
  });
});

describe('OfferProducts', () => {
  it('prices each product with the discounted price the API answers, formatPrice, and its badge', async () => {
    const page = await renderPage(<OfferProducts products={PRODUCTS} ended={false} />);
    const items = within(page).getAllByRole('listitem');
    PRODUCTS.forEach((product, index) => {
      const text = plain(items[index]?.textContent);
      expect(text).toContain(`Prix initial : ${plain(formatPrice(product.price))}`);
      expect(text).toContain(`Prix remisé : ${plain(formatPrice(product.discountedPrice))}`);
    });
    expect(plain(items[0]?.textContent)).toContain('45 €');
    expect(plain(items[1]?.textContent)).toContain('99,50 €');
    expect(plain(items[1]?.textContent)).toContain('Remise de −20,50 €');
  });

  it('offers a quantity from 1 to the quota, says « Plus que N » when few are left and « Épuisé » at none', async () => {
    const page = await renderPage(<OfferProducts products={PRODUCTS} ended={false} />);
    const [plenty, few, none] = within(page).getAllByRole('listitem');
    const quantities = (item: HTMLElement | undefined) =>
      within(item as HTMLElement)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(quantities(plenty)).toEqual(['1', '2', '3', '4']);
    expect(plain(plenty?.textContent)).not.toContain('Plus que');
    expect(quantities(few)).toEqual(['1', '2', '3']);
    expect(within(few as HTMLElement).getByText('Plus que 3')).toBeTruthy();
    expect(within(none as HTMLElement).getByText('Épuisé')).toBeTruthy();
    expect(within(none as HTMLElement).queryByRole('combobox')).toBeNull();
  });

  it('posts « Ajouter au panier » to the cart action with the product and the chosen quantity', async () => {
    const page = await renderPage(<OfferProducts products={PRODUCTS} ended={false} />, '/?depuis=test');
    const buttons = within(page).getAllByRole('button', { name: /Ajouter au panier/ });
    expect(buttons).toHaveLength(2);
    const form = buttons[0]?.closest('form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/cart/items');
    const fields = Object.fromEntries(new FormData(form));
    expect(fields).toMatchObject({
      intent: 'add',
      productID: String(PRODUCTS[0]?.productID),
      productType: 'OFFER',
      quantity: '1',
      redirectTo: '/?depuis=test',
    });
  });

  it('sells nothing once the deal has ended: prices only', () => {
    render(<OfferProducts products={PRODUCTS} ended />);
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByText(/Plus que/)).toBeNull();
    expect(screen.getAllByText(/Prix remisé/)).toHaveLength(3);
  });
});

describe('OfferDetails', () => {
  it('shows the partner with a link opening in a new tab, the validity, the description and the terms', async () => {
    const page = await renderPage(<OfferDetails offer={OFFER} />);
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Hammam et sauna en duo');
    const partner = within(page).getByRole('link', { name: /Le site de Les Bains du Rhône/ });
    expect(partner.getAttribute('href')).toBe('https://bains.example/');
    expect(partner.getAttribute('target')).toBe('_blank');
    expect(partner.getAttribute('rel')).toContain('noopener');
    const text = plain(page.textContent);
    expect(text).toContain('3 quai Augagneur, Lyon');
    expect(text).toContain('Valable jusqu’au 12 mars 2027');
    expect(text).toContain('Un hammam à l’orientale et un sauna finlandais.');
    expect(text).toContain('Sur réservation, du mardi au dimanche.');
    expect(text).not.toContain('Offre terminée');
  });

  it('says an ended deal is over and offers nothing to buy', async () => {
    const page = await renderPage(<OfferDetails offer={{ ...OFFER, ended: true }} />);
    expect(within(page).getByText('Offre terminée')).toBeTruthy();
    expect(within(page).queryAllByRole('button', { name: /Ajouter au panier/ })).toHaveLength(0);
  });

  it('writes the city after the address unless the address ends with it', () => {
    expect(partnerAddress({ address: '60 rue des Lombards, 75001 Paris', city: 'Paris' })).toBe(
      '60 rue des Lombards, 75001 Paris',
    );
    expect(partnerAddress({ address: '3 quai Augagneur', city: 'Lyon' })).toBe('3 quai Augagneur, Lyon');
  });

  it('links no partner address that is not a web address', async () => {
    const page = await renderPage(
      <OfferDetails offer={{ ...OFFER, partner: { ...OFFER.partner, url: 'javascript:alert(1)' } }} />,
    );
    expect(within(page).queryByRole('link', { name: /Le site de/ })).toBeNull();
  });
});

describe('FacetList', () => {
  it('links each value with its count, the chosen one current, « Toutes » clearing it', async () => {
    const page = await renderPage(
      <FacetList
        id="facette"
        title="Catégories"
        facets={[
          { value: 'Bien-être', label: 'Bien-être', count: 4 },
          { value: 'Culture', label: 'Culture', count: 1 },
        ]}
        chosen="Culture"
        allLabel="Toutes les catégories"
        hrefFor={(value) => (value ? `/bons-plans/search?category=${encodeURIComponent(value)}` : '/bons-plans/search')}
      />,
    );
    const nav = within(page).getByRole('navigation', { name: 'Catégories' });
    const culture = within(nav).getByRole('link', { name: /Culture/ });
    expect(plain(culture.textContent)).toBe('Culture : 1 bon plan');
    expect(culture.getAttribute('aria-current')).toBe('true');
    expect(plain(within(nav).getByRole('link', { name: /Bien-être/ }).textContent)).toBe('Bien-être : 4 bons plans');
    const all = within(nav).getByRole('link', { name: 'Toutes les catégories' });
    expect(all.getAttribute('href')).toBe('/bons-plans/search');
    expect(all.getAttribute('aria-current')).toBeNull();
  });

  it('links the values alone when the search matched more than it counts', async () => {
    const page = await renderPage(
      <FacetList
        id="facette"
        title="Villes"
        facets={[{ value: 'lyon', label: 'Lyon', count: null }]}
        chosen={null}
        allLabel="Toutes les villes"
        hrefFor={(value) => (value ? `/bons-plans/search?city=${value}` : '/bons-plans/search')}
      />,
    );
    const nav = within(page).getByRole('navigation', { name: 'Villes' });
    expect(plain(within(nav).getByRole('link', { name: 'Lyon' }).textContent)).toBe('Lyon');
  });
});
