/**
 * One search for the whole site (GET /search, GET /search/suggest): the same French search on upcoming
 * ticketings (title, venue, city, summary), artists (name, genre) and deals on sale.
 */
import {
  SITE_SEARCH_GROUP_SIZE,
  SITE_SUGGESTIONS_PER_GROUP,
  type SiteSearchResults,
  type SiteSuggestion,
} from '@guichet/contracts';
import { eventWhen } from '@guichet/domain';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offers, performers, ticketings } from '../../db/schema.js';
import { performerCardFields } from '../catalogue/performers.js';
import { isPublished, notEndedAt, selectTicketingSummaries, toSummary } from '../catalogue/summary.js';
import { onSaleAt, selectOfferCards, toOfferCard } from '../offers/cards.js';
import { relevanceOrder } from '../offers/search.js';
import { countUpTo } from './capped-count.js';
import {
  correctTypos,
  matchesSql,
  rankSql,
  suggestForgivingTypos,
  type TextSearch,
  textSearchOf,
} from './text-query.js';

const vectors = {
  ticketings: sql`${ticketings.searchVector}`,
  performers: sql`${performers.searchVector}`,
  offers: sql`${offers.searchVector}`,
};

const conditions = (text: TextSearch, now: Date) => ({
  ticketings: and(isPublished, notEndedAt(now), matchesSql(vectors.ticketings, text)) as SQL,
  performers: matchesSql(vectors.performers, text),
  offers: and(onSaleAt(now), matchesSql(vectors.offers, text)) as SQL,
});

/**
 * The three groups: each counted up to SEARCH_COUNT_LIMIT, then its first results (the deals ranked as the
 * deals search ranks them, which depends on the count).
 */
async function resultsFor(
  db: Database,
  text: TextSearch,
  now: Date,
): Promise<Omit<SiteSearchResults, 'correctedQuery'>> {
  const where = conditions(text, now);
  const [ticketingRows, ticketingCount, performerRows, performerCount, offerGroup] = await Promise.all([
    // Events in date order: the next one first.
    selectTicketingSummaries(db, { where: where.ticketings, limit: SITE_SEARCH_GROUP_SIZE }),
    countUpTo(db, ticketings, where.ticketings),
    db
      .select(performerCardFields(now))
      .from(performers)
      .where(where.performers)
      .orderBy(desc(rankSql(vectors.performers, text)), asc(performers.name), asc(performers.id))
      .limit(SITE_SEARCH_GROUP_SIZE),
    countUpTo(db, performers, where.performers),
    (async () => {
      const count = await countUpTo(db, offers, where.offers);
      const rows = await selectOfferCards(db)
        .where(where.offers)
        .orderBy(...relevanceOrder(text, count.totalCapped))
        .limit(SITE_SEARCH_GROUP_SIZE);
      return { items: rows.map(toOfferCard), ...count };
    })(),
  ]);
  return {
    ticketings: { items: ticketingRows.map(toSummary), ...ticketingCount },
    performers: {
      items: performerRows.map((row) => ({ ...row, upcomingCount: Number(row.upcomingCount) })),
      ...performerCount,
    },
    offers: offerGroup,
  };
}

const EMPTY = { items: [], total: 0, totalCapped: false };

const totalOf = (results: Omit<SiteSearchResults, 'correctedQuery'>) =>
  results.ticketings.total + results.performers.total + results.offers.total;

/** The three groups; when the words as typed find nothing anywhere, the site's closest words. */
export async function searchSite(db: Database, typed: string | undefined, now: Date): Promise<SiteSearchResults> {
  const text = textSearchOf(typed);
  if (!text) return { correctedQuery: null, ticketings: EMPTY, performers: EMPTY, offers: EMPTY };
  const results = await resultsFor(db, text, now);
  if (totalOf(results) > 0) return { correctedQuery: null, ...results };
  const { corrected } = await correctTypos(db, text);
  if (!corrected) return { correctedQuery: null, ...results };
  const second = await resultsFor(db, corrected, now);
  return totalOf(second) > 0
    ? { correctedQuery: corrected.words.join(' '), ...second }
    : { correctedQuery: null, ...results };
}

/**
 * A few of each group for a search box, typed a letter at a time: events the soonest first and deals the
 * soonest to end, as their pages list them, so that PostgreSQL walks `ticketing_starts_idx` and
 * `offer_valid_until_idx` and stops at the fourth, however many match a short prefix; artists (a few thousand
 * at most) by relevance.
 */
async function suggestionsFor(db: Database, text: TextSearch, now: Date): Promise<SiteSuggestion[]> {
  const where = conditions(text, now);
  const [events, artists, offerRows] = await Promise.all([
    db
      .select({
        id: ticketings.id,
        slug: ticketings.slug,
        title: ticketings.title,
        city: ticketings.city,
        startsAt: ticketings.startsAt,
        endsAt: ticketings.endsAt,
      })
      .from(ticketings)
      .where(where.ticketings)
      .orderBy(asc(ticketings.startsAt), asc(ticketings.id))
      .limit(SITE_SUGGESTIONS_PER_GROUP),
    db
      .select({ id: performers.id, slug: performers.slug, title: performers.name, genre: performers.genre })
      .from(performers)
      .where(where.performers)
      .orderBy(desc(rankSql(vectors.performers, text)), asc(performers.id))
      .limit(SITE_SUGGESTIONS_PER_GROUP),
    db
      .select({ id: offers.id, slug: offers.slug, title: offers.title, partner: offers.partner, city: offers.city })
      .from(offers)
      .where(where.offers)
      .orderBy(asc(offers.validUntil), asc(offers.id))
      .limit(SITE_SUGGESTIONS_PER_GROUP),
  ]);
  return [
    ...events.map(({ startsAt, endsAt, city, ...event }) => ({
      group: 'ticketings' as const,
      ...event,
      detail: `${city} · ${eventWhen({ startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }, now).label}`,
    })),
    ...artists.map(({ genre, ...artist }) => ({ group: 'performers' as const, ...artist, detail: genre })),
    ...offerRows.map(({ partner, city, ...offer }) => ({
      group: 'offers' as const,
      ...offer,
      detail: `${partner} · ${city}`,
    })),
  ];
}

/** Grouped suggestions for the header's search box; typos corrected when nothing matches. */
export function suggestSite(db: Database, typed: string | undefined, now: Date): Promise<SiteSuggestion[]> {
  return suggestForgivingTypos(db, typed, (text) => suggestionsFor(db, text, now));
}
