/**
 * The deterministic demo catalogue of Guichet. Same content on every run: no Math.random (a seeded PRNG
 * per ticketing), dates as day offsets from `today`, and a fixed insertion order so that serial ids are
 * stable on a fresh database (ticketing 1 is always « Les Nuits Électriques »).
 */

import { vatBreakdown } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client.js';
import {
  articles,
  contestGames,
  contestParticipations,
  contestQuestions,
  invoiceCounter,
  memberships,
  offers,
  orderItems,
  orders,
  organizers,
  partners,
  performers,
  products,
  redirects,
  seedRuns,
  surveyQuestions,
  surveys,
  ticketingPerformers,
  ticketings,
  tickets,
  users,
} from '../db/schema.js';
import { hashPassword } from '../services/auth/passwords.js';
import { drawGameWinners } from '../services/contests/draw.js';
import { newTicketCode } from '../services/documents/codes.js';
import { ARTICLES, articleBody, type SeededLinks } from './articles.js';
import { CONTESTS, scoreOf } from './contests.js';
import { OFFERS } from './offers.js';
import { ORGANIZERS, PARTNER_OFFER_SLUGS, PARTNER_ORGANIZER } from './organizers.js';
import { PERFORMERS } from './performers.js';
import { buildSales } from './sales.js';
import { SURVEYS } from './surveys.js';
import { TICKETINGS } from './ticketings.js';
import { USERS } from './users.js';
import { addMinutes, dayAt, initialOf } from './util.js';

export { ADMIN_DEMO_ACCOUNT, DEMO_ACCOUNT, PRO_DEMO_ACCOUNT, SCANNER_DEMO_ACCOUNT } from './users.js';

/** The `seed_run` name of this catalogue. */
export const DEMO_SEED_NAME = 'demo';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);

function idAt(ids: number[], index: number, what: string): number {
  const id = ids[index];
  if (id === undefined) throw new Error(`Identifiant manquant : ${what} n° ${index}`);
  return id;
}

/**
 * Seeds the demo catalogue unless this database already holds it; concurrent starts take turns. The API's
 * start runs it after the migrations when SEED_DEMO is on (the database layer knows nothing of the demo).
 */
export function seedOnce(handle: DatabaseHandle, today: Date): Promise<boolean> {
  return handle.withAdvisoryLock('guichet:seed', () => seedDemoCatalogue(handle.db, today));
}

/**
 * Fills a migrated database with the demo catalogue, in one transaction, and records the run in
 * `seed_run` (name `demo`). A database that already holds that record is left untouched (returns false).
 */
export async function seedDemoCatalogue(db: Database, today: Date): Promise<boolean> {
  if (await alreadySeeded(db)) return false;
  // One hash per distinct password, computed before the transaction so that it stays short.
  const passwords = [...new Set(USERS.map((user) => user.password))];
  const hashes = new Map(
    await Promise.all(passwords.map(async (password) => [password, await hashPassword(password)] as const)),
  );
  const { products: productPlan, orders: orderPlan } = buildSales(today);

  return db.transaction(async (tx) => {
    if (await alreadySeeded(tx)) return false;
    const organizerIds = await insertOrganizers(tx);
    const performerIds = await insertPerformers(tx);
    const ticketingIds = await insertTicketings(tx, today, organizerIds, performerIds);
    const [partner] = await tx.insert(organizers).values(PARTNER_ORGANIZER).returning({ id: organizers.id });
    if (!partner) throw new Error('Partenaire des bons plans absent.');
    const partnerSlugs: readonly string[] = PARTNER_OFFER_SLUGS;
    const unknown = partnerSlugs.filter((slug) => !OFFERS.some((offer) => offer.slug === slug));
    if (unknown.length > 0) throw new Error(`Bons plans du partenaire inconnus : ${unknown.join(', ')}`);
    // One partner row per partner the deals name (the back office's), with the address of its first deal.
    const partnerRows = [...new Map(OFFERS.map((offer) => [offer.partner, offer])).values()];
    const partnerIds = new Map(
      (
        await tx
          .insert(partners)
          .values(
            partnerRows.map((offer) => ({
              name: offer.partner,
              address: offer.partnerAddress,
              city: offer.city,
              organizerId: partnerSlugs.includes(offer.slug) ? partner.id : null,
            })),
          )
          .returning({ id: partners.id, name: partners.name })
      ).map((row) => [row.name, row.id]),
    );
    const offerIds = idsOf(
      await tx
        .insert(offers)
        .values(
          OFFERS.map((offer) => ({
            slug: offer.slug,
            title: offer.title,
            summary: offer.summary,
            description: offer.description,
            category: offer.category,
            city: offer.city,
            citySlug: offer.citySlug,
            partner: offer.partner,
            partnerId: partnerIds.get(offer.partner) ?? null,
            partnerAddress: offer.partnerAddress,
            partnerUrl: offer.partnerUrl,
            terms: offer.terms,
            featured: offer.featured,
            visuals: offer.visuals,
            validFrom: dayAt(today, offer.from, 0),
            validUntil: dayAt(today, offer.until, 22, 59),
            organizerId: partnerSlugs.includes(offer.slug) ? partner.id : null,
          })),
        )
        .returning({ id: offers.id }),
    );

    const productIds = idsOf(
      await tx
        .insert(products)
        .values(
          productPlan.map(({ ticketingIndex, offerIndex, ...columns }) => ({
            ...columns,
            ticketingId: ticketingIndex === null ? null : idAt(ticketingIds, ticketingIndex, 'billetterie'),
            offerId: offerIndex === null ? null : idAt(offerIds, offerIndex, 'bon plan'),
          })),
        )
        .returning({ id: products.id }),
    );

    const userIds = idsOf(
      await tx
        .insert(users)
        .values(
          USERS.map((user) => {
            const createdAt = dayAt(today, -user.daysAgo, 9, 15);
            return {
              firstname: user.firstname,
              lastname: user.lastname,
              email: user.email,
              passwordHash: hashes.get(user.password) ?? '',
              phone: user.phone,
              facturationAddress: user.facturationAddress,
              termsAcceptedAt: createdAt,
              // Seeded addresses are the demo's own: taken as confirmed (the pro site asks for it).
              emailConfirmedAt: createdAt,
              platformAdmin: user.platformAdmin === true,
              createdAt,
              updatedAt: createdAt,
            };
          }),
        )
        .returning({ id: users.id }),
    );
    const userIdByKey = new Map(USERS.map((user, index) => [user.key, idAt(userIds, index, 'utilisateur')]));
    const owners = USERS.filter((user) => user.ownsDemoOrganizers).map((user) => userIdByKey.get(user.key) ?? 0);
    await tx
      .insert(memberships)
      .values(
        owners.flatMap((userId) =>
          [...organizerIds.values()].map((organizerId) => ({ organizerId, userId, role: 'OWNER' as const })),
        ),
      );
    const scanners = USERS.filter((user) => user.scansDemoOrganizers).map((user) => userIdByKey.get(user.key) ?? 0);
    await tx.insert(memberships).values(
      scanners.flatMap((userId) =>
        [...organizerIds.values(), partner.id].map((organizerId) => ({
          organizerId,
          userId,
          role: 'SCANNER' as const,
        })),
      ),
    );

    // The demo account's paid orders, their lines and one ticket per unit of each ticket line.
    const demo = USERS[0];
    const demoId = userIdByKey.get('demo');
    if (!demo || demoId === undefined) throw new Error('Compte de démonstration absent.');
    const orderIds = idsOf(
      await tx
        .insert(orders)
        .values(
          orderPlan.map((order, orderIndex) => ({
            reference: order.reference,
            userId: demoId,
            status: 'PAID' as const,
            totalAmount: order.totalAmount,
            currency: 'EUR',
            facturationAddress: demo.facturationAddress,
            paymentProvider: 'demo',
            paymentReference: `demo_${order.reference}`,
            paidAt: order.paidAt,
            createdAt: order.createdAt,
            vatBreakdown: vatBreakdown(
              order.lines.map((line) => ({ totalInclVat: line.lineTotal, vatRate: line.vatRate })),
            ),
            // The first numbers of the gap-free series (invoice_counter is moved past them below).
            invoiceNumber: orderIndex + 1,
          })),
        )
        .returning({ id: orders.id }),
    );
    const holderName = `${demo.firstname} ${demo.lastname}`;
    const lines = orderPlan.flatMap((order, orderIndex) =>
      order.lines.map((line) => ({ ...line, orderId: idAt(orderIds, orderIndex, 'commande') })),
    );
    const itemIds = idsOf(
      await tx
        .insert(orderItems)
        .values(
          lines.map((line) => ({
            orderId: line.orderId,
            productId: idAt(productIds, line.productIndex, 'produit'),
            title: line.title,
            unitPrice: line.unitPrice,
            quantity: line.quantity,
            lineTotal: line.lineTotal,
            vatRate: line.vatRate,
            holderNames: Array.from({ length: line.quantity }, () => holderName),
          })),
        )
        .returning({ id: orderItems.id }),
    );
    await tx.update(invoiceCounter).set({ last: orderPlan.length }).where(eq(invoiceCounter.id, 1));
    // One ticket per unit of every line, deal vouchers included, with codes as a paid order gets them:
    // random, so that they can be downloaded and scanned like any other (they are not part of what stays
    // the same between runs).
    const ticketRows = lines.flatMap((line, lineIndex) => {
      const itemId = idAt(itemIds, lineIndex, 'ligne de commande');
      return Array.from({ length: line.quantity }, () => ({
        orderItemId: itemId,
        code: newTicketCode(),
        holderName,
        createdAt: line.paidAt,
      }));
    });
    if (ticketRows.length > 0) await tx.insert(tickets).values(ticketRows);

    await insertContests(tx, today, ticketingIds, userIdByKey);
    await insertSurveys(tx);

    const links = seededLinks(ticketingIds, offerIds);
    await tx.insert(articles).values(
      ARTICLES.map((article) => ({
        slug: article.slug,
        title: article.title,
        summary: article.summary,
        body: articleBody(article, links),
        author: article.author,
        category: article.category,
        visual: article.visual,
        publishedAt: dayAt(today, -article.daysAgo, 7, 30),
      })),
    );

    const first = TICKETINGS[0];
    const firstId = idAt(ticketingIds, 0, 'billetterie');
    if (!first?.oldSlug) throw new Error('La billetterie 1 doit avoir une ancienne adresse.');
    await tx.insert(redirects).values([
      { source: `/evenement/${first.oldSlug}`, target: `/billetterie/${first.slug}-${firstId}`, kind: 'PERMANENT' },
      { source: '/billetterie-ancienne', target: '/billetteries/france', kind: 'TEMPORARY' },
      { source: '/aide', target: 'https://support.guichet.example/', kind: 'PERMANENT' },
    ]);

    await tx.insert(seedRuns).values({ name: DEMO_SEED_NAME });
    return true;
  });
}

/** The pages of the inserted ticketings and deals, found by title, for the links of the articles. */
function seededLinks(ticketingIds: number[], offerIds: number[]): SeededLinks {
  return {
    ticketing(title) {
      const index = TICKETINGS.findIndex((ticketing) => ticketing.title === title);
      const ticketing = TICKETINGS[index];
      if (!ticketing) throw new Error(`Billetterie inconnue : ${title}`);
      return { slug: ticketing.slug, id: idAt(ticketingIds, index, 'billetterie'), country: ticketing.country };
    },
    offer(title) {
      const index = OFFERS.findIndex((offer) => offer.title === title);
      const offer = OFFERS[index];
      if (!offer) throw new Error(`Bon plan inconnu : ${title}`);
      return { slug: offer.slug, id: idAt(offerIds, index, 'bon plan') };
    },
  };
}

async function alreadySeeded(db: Database | Transaction): Promise<boolean> {
  const rows = await db.select({ name: seedRuns.name }).from(seedRuns).where(eq(seedRuns.name, DEMO_SEED_NAME));
  return rows.length > 0;
}

async function insertOrganizers(tx: Transaction): Promise<Map<string, number>> {
  const ids = idsOf(
    await tx
      .insert(organizers)
      .values(
        ORGANIZERS.map((organizer) => ({
          slug: organizer.slug,
          name: organizer.name,
          description: organizer.description,
          city: organizer.city,
          website: organizer.website,
          logo: organizer.logo,
        })),
      )
      .returning({ id: organizers.id }),
  );
  return new Map(ORGANIZERS.map((organizer, index) => [organizer.slug, idAt(ids, index, 'organisateur')]));
}

async function insertPerformers(tx: Transaction): Promise<Map<string, number>> {
  const ids = idsOf(
    await tx
      .insert(performers)
      .values(
        PERFORMERS.map((performer) => ({
          slug: performer.slug,
          name: performer.name,
          initial: initialOf(performer.name),
          genre: performer.genre,
          bio: performer.bio,
          visual: performer.visual,
        })),
      )
      .returning({ id: performers.id }),
  );
  return new Map(PERFORMERS.map((performer, index) => [performer.slug, idAt(ids, index, 'artiste')]));
}

async function insertTicketings(
  tx: Transaction,
  today: Date,
  organizerIds: Map<string, number>,
  performerIds: Map<string, number>,
): Promise<number[]> {
  const ids = idsOf(
    await tx
      .insert(ticketings)
      .values(
        TICKETINGS.map((ticketing) => {
          const organizerId = organizerIds.get(ticketing.organizerSlug);
          if (organizerId === undefined) throw new Error(`Organisateur inconnu : ${ticketing.organizerSlug}`);
          return {
            slug: ticketing.slug,
            title: ticketing.title,
            summary: ticketing.summary,
            description: ticketing.description,
            category: ticketing.category,
            venue: ticketing.venue,
            address: ticketing.address,
            postalCode: ticketing.postalCode,
            city: ticketing.city,
            citySlug: ticketing.citySlug,
            country: ticketing.country,
            startsAt: dayAt(today, ticketing.day, ticketing.hour),
            endsAt: addMinutes(
              dayAt(today, ticketing.day + ticketing.days - 1, ticketing.hour),
              ticketing.durationMinutes,
            ),
            organizerId,
            visuals: ticketing.visuals,
            status: ticketing.status,
            salesStartAt: ticketing.salesOpen ? dayAt(today, ticketing.salesOpen.day, ticketing.salesOpen.hour) : null,
          };
        }),
      )
      .returning({ id: ticketings.id }),
  );
  const links = TICKETINGS.flatMap((ticketing, index) =>
    ticketing.performerSlugs.map((slug, position) => {
      const performerId = performerIds.get(slug);
      if (performerId === undefined) throw new Error(`Artiste inconnu : ${slug}`);
      return { ticketingId: idAt(ids, index, 'billetterie'), performerId, position };
    }),
  );
  await tx.insert(ticketingPerformers).values(links);
  return ids;
}

async function insertContests(
  tx: Transaction,
  today: Date,
  ticketingIds: number[],
  userIdByKey: Map<string, number>,
): Promise<void> {
  const ticketingIdBySlug = new Map(TICKETINGS.map((ticketing, index) => [ticketing.slug, ticketingIds[index]]));
  const gameIds = idsOf(
    await tx
      .insert(contestGames)
      .values(
        CONTESTS.map((contest) => {
          const ticketingId = contest.ticketingSlug === null ? null : ticketingIdBySlug.get(contest.ticketingSlug);
          if (ticketingId === undefined) throw new Error(`Billetterie inconnue : ${contest.ticketingSlug}`);
          return {
            slug: contest.slug,
            title: contest.title,
            summary: contest.summary,
            description: contest.description,
            prize: contest.prize,
            prizes: contest.prizes,
            rules: contest.rules,
            tieBreakLabel: contest.tieBreak.label,
            tieBreakAnswer: contest.tieBreak.answer,
            visual: contest.visual,
            ticketingId,
            startsAt: dayAt(today, contest.from, 8),
            endsAt: dayAt(today, contest.until, 21, 59),
          };
        }),
      )
      .returning({ id: contestGames.id }),
  );
  await tx.insert(contestQuestions).values(
    CONTESTS.flatMap((contest, index) =>
      contest.questions.map((question, position) => ({
        contestGameId: idAt(gameIds, index, 'jeu'),
        position,
        label: question.label,
        choices: question.choices,
        answer: question.answer,
      })),
    ),
  );
  const participations = CONTESTS.flatMap((contest, index) =>
    Object.entries(contest.participations).map(([key, { answers, tieBreak }], rank) => {
      const userId = userIdByKey.get(key);
      if (userId === undefined) throw new Error(`Utilisateur inconnu : ${key}`);
      return {
        contestGameId: idAt(gameIds, index, 'jeu'),
        userId,
        answers,
        tieBreak,
        score: scoreOf(contest.questions, answers),
        // Spread over the first days of the game, always before today.
        createdAt: dayAt(today, Math.min(contest.from + 1 + rank, contest.until, -1), 10 + rank, 7 * rank),
      };
    }),
  );
  if (participations.length > 0) await tx.insert(contestParticipations).values(participations);
  // Games already closed on the seeding day have their winners, as the job would have drawn them (no e-mail).
  for (const [index, contest] of CONTESTS.entries()) {
    if (contest.until < 0) await drawGameWinners(tx, idAt(gameIds, index, 'jeu'), today);
  }
}

async function insertSurveys(tx: Transaction): Promise<void> {
  const surveyIds = idsOf(
    await tx
      .insert(surveys)
      .values(SURVEYS.map((survey) => ({ title: survey.title, introduction: survey.introduction })))
      .returning({ id: surveys.id }),
  );
  await tx.insert(surveyQuestions).values(
    SURVEYS.flatMap((survey, index) =>
      survey.questions.map((question, position) => ({
        surveyId: idAt(surveyIds, index, 'enquête'),
        position,
        label: question.label,
        kind: question.kind,
        choices: question.choices ?? null,
        required: question.required ?? true,
      })),
    ),
  );
}
