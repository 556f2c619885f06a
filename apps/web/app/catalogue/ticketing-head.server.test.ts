import { describe, expect, it } from 'vitest';
import { headMeta } from '../lib/meta';
import { EXHIBITION_DETAIL } from './test-fixtures';
import { ticketingHead } from './ticketing-head.server';

const TICKETING = { ...EXHIBITION_DETAIL, products: [] };

const SITE = 'https://guichet.example';
const NOW = Date.parse('2026-11-23T12:00:00Z');
const context = {
  location: { pathname: '/billetterie/cites-imaginaires-7' },
  matches: [{ id: 'root', loaderData: { env: { siteUrl: `${SITE}/` }, now: NOW } }],
};

describe('ticketingHead and headMeta', () => {
  it('gives the page its title, description and canonical link, then the schema.org Event built by the loader', () => {
    const descriptors = headMeta(ticketingHead(TICKETING, { siteUrl: SITE, now: NOW }), context);
    expect(descriptors).toContainEqual({ title: expect.stringContaining('Cités imaginaires – Liège') });
    expect(descriptors).toContainEqual({
      name: 'description',
      content: 'Une exposition. Jusqu’au dimanche 13 décembre 2026, Salle de la Meuse, Liège.',
    });
    expect(descriptors).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: `${SITE}/billetterie/cites-imaginaires-7`,
    });
    const last = descriptors.at(-1) as { 'script:ld+json': Record<string, unknown> };
    expect(last['script:ld+json']).toMatchObject({
      '@type': 'Event',
      name: 'Cités imaginaires',
      url: `${SITE}/billetterie/cites-imaginaires-7`,
      eventStatus: 'https://schema.org/EventScheduled',
      organizer: { name: 'Meuse Culture', url: `${SITE}/organizer/3` },
    });
  });

  it('says a cancelled event is cancelled, in its title and its JSON-LD', () => {
    const head = ticketingHead({ ...TICKETING, status: 'CANCELLED' }, { siteUrl: SITE, now: NOW });
    expect(head.page.title).toBe('Cités imaginaires – Liège (annulé)');
    expect(head.page.description?.startsWith('Événement annulé. ')).toBe(true);
    expect(head.jsonLd.eventStatus).toBe('https://schema.org/EventCancelled');
  });

  it('says a postponed event is rescheduled, with the date first announced (issue 26)', () => {
    const head = ticketingHead(
      { ...TICKETING, previousStartsAt: '2026-09-02T08:00:00.000Z' },
      { siteUrl: SITE, now: NOW },
    );
    expect(head.jsonLd).toMatchObject({
      eventStatus: 'https://schema.org/EventRescheduled',
      previousStartDate: '2026-09-02T08:00:00.000Z',
    });
    // Cancelled since: cancelled, whatever its first date.
    const cancelled = ticketingHead(
      { ...TICKETING, status: 'CANCELLED', previousStartsAt: '2026-09-02T08:00:00.000Z' },
      { siteUrl: SITE, now: NOW },
    );
    expect(cancelled.jsonLd.eventStatus).toBe('https://schema.org/EventCancelled');
  });

  it('is plain data, as loader data crossing to the browser must be', () => {
    const head = ticketingHead(TICKETING, { siteUrl: SITE, now: NOW });
    expect(JSON.parse(JSON.stringify(head))).toEqual(head);
  });
});
