import { describe, expect, it } from 'vitest';
import {
  absoluteSiteUrl,
  type EventJsonLdInput,
  eventJsonLd,
  type ProductJsonLdInput,
  performerSchemaType,
  priceDecimal,
  productJsonLd,
} from './json-ld.js';

const ticketing: EventJsonLdInput = {
  title: 'Les Nuits Électriques',
  summary: 'Deux nuits de musiques électroniques.',
  startsAt: '2026-12-16T17:00:00.000Z',
  endsAt: '2026-12-17T23:00:00.000Z',
  status: 'PUBLISHED',
  venue: 'Salle des Confluences',
  address: '12 quai Rambaud',
  postalCode: '69002',
  city: 'Lyon',
  country: 'france',
  visuals: [{ url: '/visuals/ticketings/les-nuits-electriques.svg' }, { url: 'https://cdn.example/scene.jpg' }],
  performers: [
    { name: 'Sacha Védrine', url: '/artistes/6' },
    { name: 'Kenza et les Lucioles', url: '/artistes/7' },
  ],
  organizer: { name: 'Rhône Live', url: '/organizer/2' },
  products: [
    { title: 'Pass 1 soir', discountedPrice: 3900, soldOut: false },
    { title: 'Pass 2 soirs', discountedPrice: 5520, soldOut: true },
  ],
};

const options = {
  url: 'https://www.guichet.fr/billetterie/les-nuits-electriques-1',
  siteUrl: 'https://www.guichet.fr/',
};

describe('eventJsonLd', () => {
  it('sells nothing any more once the event is over, and still sells until its end', () => {
    const availability = (now: number) =>
      (eventJsonLd(ticketing, { ...options, now }).offers as { availability: string }[]).map(
        (offer) => offer.availability,
      );
    expect(availability(Date.parse('2026-12-18T00:00:00Z'))).toEqual([
      'https://schema.org/Discontinued',
      'https://schema.org/Discontinued',
    ]);
    expect(availability(Date.parse('2026-12-17T22:59:00Z'))).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/SoldOut',
    ]);
  });

  it('dates every offer from the opening of the sale (validFrom), and says nothing without one', () => {
    const opening = '2026-10-01T08:00:00.000Z';
    const offers = eventJsonLd({ ...ticketing, salesStartAt: opening }, options).offers as Record<string, unknown>[];
    expect(offers.map((offer) => offer.validFrom)).toEqual([opening, opening]);
    for (const offer of eventJsonLd({ ...ticketing, salesStartAt: null }, options).offers as object[])
      expect(offer).not.toHaveProperty('validFrom');
  });

  it('describes the ticketing as a schema.org Event', () => {
    expect(eventJsonLd(ticketing, options)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Les Nuits Électriques',
      description: 'Deux nuits de musiques électroniques.',
      url: options.url,
      // Two nights, a period: its days (Wednesday 16 and Thursday 17), not the first night's hour.
      startDate: '2026-12-16',
      endDate: '2026-12-17',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Salle des Confluences',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '12 quai Rambaud',
          postalCode: '69002',
          addressLocality: 'Lyon',
          addressCountry: 'FR',
        },
      },
      image: ['https://www.guichet.fr/visuals/ticketings/les-nuits-electriques.svg', 'https://cdn.example/scene.jpg'],
      offers: [
        {
          '@type': 'Offer',
          name: 'Pass 1 soir',
          price: '39.00',
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
          url: options.url,
        },
        {
          '@type': 'Offer',
          name: 'Pass 2 soirs',
          price: '55.20',
          priceCurrency: 'EUR',
          availability: 'https://schema.org/SoldOut',
          url: options.url,
        },
      ],
      performer: [
        { '@type': 'Person', name: 'Sacha Védrine', url: 'https://www.guichet.fr/artistes/6' },
        { '@type': 'PerformingGroup', name: 'Kenza et les Lucioles', url: 'https://www.guichet.fr/artistes/7' },
      ],
      organizer: { '@type': 'Organization', name: 'Rhône Live', url: 'https://www.guichet.fr/organizer/2' },
    });
  });

  it('says when an event is cancelled and gives the country code of Belgium and Switzerland', () => {
    const cancelled = eventJsonLd({ ...ticketing, status: 'CANCELLED', country: 'belgique' }, options);
    expect(cancelled.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(cancelled.location).toMatchObject({ address: { addressCountry: 'BE' } });
    const swiss = eventJsonLd({ ...ticketing, country: 'suisse' }, options);
    expect(swiss.location).toMatchObject({ address: { addressCountry: 'CH' } });
  });

  it('says when an event is postponed, with the date first announced, unless it was cancelled since', () => {
    const postponed = eventJsonLd({ ...ticketing, previousStartsAt: '2026-12-16T17:00:00.000Z' }, options);
    expect(postponed.eventStatus).toBe('https://schema.org/EventRescheduled');
    expect(postponed.previousStartDate).toBe('2026-12-16T17:00:00.000Z');
    const cancelled = eventJsonLd(
      { ...ticketing, status: 'CANCELLED', previousStartsAt: '2026-12-16T17:00:00.000Z' },
      options,
    );
    expect(cancelled.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(cancelled).not.toHaveProperty('previousStartDate');
    expect(eventJsonLd(ticketing, options)).not.toHaveProperty('previousStartDate');
  });

  it('gives a performance its instants', () => {
    const concert = { ...ticketing, startsAt: '2026-12-16T19:00:00.000Z', endsAt: '2026-12-16T21:30:00.000Z' };
    expect(eventJsonLd(concert, options)).toMatchObject({ startDate: concert.startsAt, endDate: concert.endsAt });
  });

  it('survives a round trip through JSON', () => {
    const json = JSON.stringify(eventJsonLd(ticketing, options));
    expect(JSON.parse(json).name).toBe('Les Nuits Électriques');
  });
});

describe('JSON-LD pieces', () => {
  it('writes prices in euros as decimal strings from cents', () => {
    expect(priceDecimal(0)).toBe('0.00');
    expect(priceDecimal(5)).toBe('0.05');
    expect(priceDecimal(3120)).toBe('31.20');
    expect(priceDecimal(123456)).toBe('1234.56');
    expect(() => priceDecimal(12.5)).toThrow(RangeError);
  });

  it('makes paths of the site absolute', () => {
    expect(absoluteSiteUrl('https://www.guichet.fr', '/a.svg')).toBe('https://www.guichet.fr/a.svg');
    expect(absoluteSiteUrl('https://www.guichet.fr/', 'a.svg')).toBe('https://www.guichet.fr/a.svg');
    expect(absoluteSiteUrl('https://www.guichet.fr', 'http://x.example/a.svg')).toBe('http://x.example/a.svg');
  });

  it('tells groups from persons by their French names', () => {
    for (const group of [
      'Les Frères Castagne',
      'Compagnie Fil d’Ariane',
      'Orchestre des Deux Rives',
      'Jules Arnaud Quartet',
      'Kenza et les Lucioles',
      'La Fanfare Saugrenue',
      'Trio Léman',
      'Riders Freestyle Tour',
      'Ballet du Rhône',
    ]) {
      expect(performerSchemaType(group), group).toBe('PerformingGroup');
    }
    for (const person of ['Margaux Lenoir', 'DJ Nova Brise', 'MC Rivage', 'Élodie Fontaine', 'Théo Garnier']) {
      expect(performerSchemaType(person), person).toBe('Person');
    }
  });
});

const deal: ProductJsonLdInput = {
  title: 'Hammam et sauna en duo',
  summary: 'Deux heures de détente à deux.',
  category: 'Bien-être',
  partner: { name: 'Les Bains du Rhône', url: 'https://bains.example/' },
  visuals: [{ url: '/visuals/offers/hammam.svg' }],
  validFrom: '2026-01-10T08:00:00.000Z',
  // Midnight in Paris between 12 and 13 March 2027: the last day is the 12th.
  validUntil: '2027-03-12T23:00:00.000Z',
  ended: false,
  products: [
    { title: 'Entrée duo', price: 6000, discountedPrice: 4500, remaining: 12 },
    { title: 'Entrée duo avec massage', price: 12000, discountedPrice: 9950, remaining: 0 },
    { title: 'Thé offert', price: 500, discountedPrice: 500, remaining: 3 },
  ],
};

const dealOptions = {
  url: 'https://www.guichet.fr/bons-plans/offer/hammam-et-sauna-en-duo-7',
  siteUrl: 'https://www.guichet.fr',
};

describe('productJsonLd', () => {
  it('describes a deal as a schema.org Product with one Offer a product, at its discounted price in euros', () => {
    const seller = { '@type': 'Organization', name: 'Les Bains du Rhône', url: 'https://bains.example/' };
    const common = {
      '@type': 'Offer',
      priceCurrency: 'EUR',
      validFrom: '2026-01-10T08:00:00.000Z',
      priceValidUntil: '2027-03-12',
      url: dealOptions.url,
      seller,
    };
    expect(productJsonLd(deal, dealOptions)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Hammam et sauna en duo',
      description: 'Deux heures de détente à deux.',
      category: 'Bien-être',
      url: dealOptions.url,
      image: ['https://www.guichet.fr/visuals/offers/hammam.svg'],
      brand: { '@type': 'Brand', name: 'Les Bains du Rhône' },
      offers: [
        {
          ...common,
          name: 'Entrée duo',
          price: '45.00',
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            priceType: 'https://schema.org/StrikethroughPrice',
            price: '60.00',
            priceCurrency: 'EUR',
          },
          availability: 'https://schema.org/InStock',
        },
        {
          ...common,
          name: 'Entrée duo avec massage',
          price: '99.50',
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            priceType: 'https://schema.org/StrikethroughPrice',
            price: '120.00',
            priceCurrency: 'EUR',
          },
          availability: 'https://schema.org/SoldOut',
        },
        { ...common, name: 'Thé offert', price: '5.00', availability: 'https://schema.org/InStock' },
      ],
    });
  });

  it('marks every offer of an ended deal as discontinued, and leaves out a partner without a site', () => {
    const ended = productJsonLd({ ...deal, ended: true, partner: { name: 'Les Bains du Rhône' } }, dealOptions);
    expect(ended.offers.map((offer) => offer.availability)).toEqual([
      'https://schema.org/Discontinued',
      'https://schema.org/Discontinued',
      'https://schema.org/Discontinued',
    ]);
    expect(ended.offers[0]?.seller).toEqual({ '@type': 'Organization', name: 'Les Bains du Rhône' });
  });

  it('survives a round trip through JSON', () => {
    expect(JSON.parse(JSON.stringify(productJsonLd(deal, dealOptions))).offers).toHaveLength(3);
  });
});
