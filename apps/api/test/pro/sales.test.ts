/**
 * Following the sales on the pro site, with real checkouts paid through the demo bank: the dashboards read the
 * aggregates PostgreSQL keeps as orders are paid (migration 0021), an organiser sees only its own lines, the
 * orders list pages and searches, the CSV exports open in a French spreadsheet, and only owners and managers
 * of the organiser get any of it.
 */
import { exclVatOf } from '@guichet/domain';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { memberships, products, users } from '../../src/db/schema.js';
import { audienceSecret, signAccessToken } from '../../src/services/auth/tokens.js';
import { dashboardQueries } from '../../src/services/pro/sales/dashboard.js';
import { orderRowsQuery } from '../../src/services/pro/sales/orders.js';
import { bearer } from '../auth/support.js';
import { insertConcert } from '../helpers.js';
import { buy, ctx, insertProduct, insertUsers, MANY, ticketingId, useCheckoutApp } from '../orders/checkout-support.js';

useCheckoutApp();

let organizerId: number;
let otherOrganizerId: number;
let otherTicketingId: number;
const staff: Record<'OWNER' | 'MANAGER' | 'SCANNER' | 'OUTSIDER', Record<string, string>> = {
  OWNER: {},
  MANAGER: {},
  SCANNER: {},
  OUTSIDER: {},
};

/** A pro session's bearer for a new confirmed user, member of `organizer` with `role` (none: a stranger to it). */
async function proMember(organizer: number, role?: 'OWNER' | 'MANAGER' | 'SCANNER') {
  const { db } = ctx().database;
  const [user] = await db
    .insert(users)
    .values({
      firstname: 'Margaux',
      lastname: 'Pro',
      email: `pro-${Math.random().toString(36).slice(2)}@exemple.fr`,
      passwordHash: 'jamais-utilisé',
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user');
  if (role) await db.insert(memberships).values({ organizerId: organizer, userId: user.id, role });
  const secret = audienceSecret(ctx().env.JWT_SECRET, 'PRO');
  return bearer(await signAccessToken(secret, { id: user.id, firstname: 'Margaux', sessionVersion: 0 }));
}

beforeAll(async () => {
  const { db } = ctx().database;
  const [row] = await rowsOf<{ organizer_id: number }>(
    db,
    sql`SELECT organizer_id FROM ticketing WHERE id = ${ticketingId}`,
  );
  organizerId = row?.organizer_id ?? 0;
  const other = await insertConcert(db, { title: 'Bal des autres' });
  otherOrganizerId = other.organizerId;
  otherTicketingId = other.id;
  staff.OWNER = await proMember(organizerId, 'OWNER');
  staff.MANAGER = await proMember(organizerId, 'MANAGER');
  staff.SCANNER = await proMember(organizerId, 'SCANNER');
  staff.OUTSIDER = await proMember(otherOrganizerId, 'OWNER');
});

const get = (url: string, headers: Record<string, string> = staff.OWNER) =>
  ctx().app.inject({ method: 'GET', url, headers });
const base = () => `/pro/organizers/${organizerId}`;

type Dashboard = {
  totals: { stock: number; sold: number; held: number; remaining: number; revenueInclVat: number };
  vatRates: { vatRate: number; totalInclVat: number; totalExclVat: number; vat: number }[];
  salesPerDay: { day: string; orders: number; tickets: number; revenueInclVat: number }[];
  viewsBySource: { source: string; views: number }[];
  conversion: { views: number; orders: number; rate: number };
  products?: { id: number; sold: number; held: number; remaining: number; revenueInclVat: number }[];
  ticketings?: { id: number; sold: number; revenueInclVat: number }[];
};

describe('the dashboards', () => {
  it('show a paid order the moment it is paid — this organiser’s lines only — and what unpaid orders hold', async () => {
    const ticketing = await insertConcert(ctx().database.db, { title: 'Quatuor à cordes', organizerId });
    const full = await insertProduct({ stock: 50, price: 3000, ticketing: ticketing.id });
    const reduced = await insertProduct({ stock: 20, price: 1500, ticketing: ticketing.id });
    const foreign = await insertProduct({ stock: 20, price: 9900, ticketing: otherTicketingId });
    const before = (await get(`${base()}/dashboard`)).json<Dashboard>();

    // One basket with another organiser's ticket in it.
    await buy([
      { productID: full.id, quantity: 2 },
      { productID: reduced.id, quantity: 1 },
      { productID: foreign.id, quantity: 1 },
    ]);
    // An order not paid: its places are held, not sold.
    await buy([{ productID: full.id, quantity: 3 }], { pay: false });

    const response = await get(`${base()}/ticketings/${ticketing.id}/dashboard`);
    expect(response.statusCode).toBe(200);
    const dashboard = response.json<Dashboard>();
    expect(dashboard.totals).toMatchObject({ stock: 70, sold: 3, held: 3, remaining: 64, revenueInclVat: 7500 });
    // A concert in France: admission VAT 5,5 %, the amount without VAT derived once from the rate's total.
    expect(dashboard.vatRates).toEqual([
      { vatRate: 550, totalInclVat: 7500, totalExclVat: exclVatOf(7500, 550), vat: 7500 - exclVatOf(7500, 550) },
    ]);
    expect(dashboard.products).toEqual([
      expect.objectContaining({ id: full.id, sold: 2, held: 3, remaining: 45, revenueInclVat: 6000 }),
      expect.objectContaining({ id: reduced.id, sold: 1, held: 0, remaining: 19, revenueInclVat: 1500 }),
    ]);
    expect(dashboard.salesPerDay).toHaveLength(30);
    expect(dashboard.salesPerDay.at(-1)).toMatchObject({ orders: 1, tickets: 3, revenueInclVat: 7500 });

    const organizer = (await get(`${base()}/dashboard`)).json<Dashboard>();
    expect(organizer.totals.revenueInclVat - before.totals.revenueInclVat).toBe(7500);
    expect(organizer.ticketings?.find((row) => row.id === ticketing.id)).toMatchObject({
      sold: 3,
      revenueInclVat: 7500,
    });
    // The other organiser's ticket of the same basket is theirs, not this one's.
    const theirs = (await get(`/pro/organizers/${otherOrganizerId}/dashboard`, staff.OUTSIDER)).json<Dashboard>();
    expect(theirs.totals.revenueInclVat).toBe(9900);
  });

  it('count page views by source over the period, and the conversion from views to orders', async () => {
    const ticketing = await insertConcert(ctx().database.db, { title: 'Récital du soir', organizerId });
    const product = await insertProduct({ stock: 10, ticketing: ticketing.id });
    const token = ctx().app.config.PUBLIC_API_TOKEN;
    for (const source of ['DIRECT', 'DIRECT', 'DIRECT', 'newsletter'])
      expect(
        (
          await ctx().app.inject({
            method: 'POST',
            url: `/ticketing/${ticketing.id}/count/view`,
            headers: { 'x-public-token': token },
            payload: { source },
          })
        ).statusCode,
      ).toBe(204);
    // A view older than the period is not counted.
    await ctx().database.db.execute(
      sql`INSERT INTO page_view (ticketing_id, source, day, views) VALUES (${ticketing.id}, 'DIRECT', '2020-01-01', 500)`,
    );
    await buy([{ productID: product.id, quantity: 1 }]);
    const dashboard = (await get(`${base()}/ticketings/${ticketing.id}/dashboard`)).json<Dashboard>();
    expect(dashboard.viewsBySource).toEqual([
      { source: 'DIRECT', views: 3 },
      { source: 'NEWSLETTER', views: 1 },
    ]);
    expect(dashboard.conversion).toEqual({ views: 4, orders: 1, rate: 0.25 });
  });

  it('keep every one of many payments made at once', MANY, async () => {
    const ticketing = await insertConcert(ctx().database.db, { title: 'Grande affluence', organizerId });
    const product = await insertProduct({ stock: 100, price: 1000, ticketing: ticketing.id });
    await Promise.all(Array.from({ length: 12 }, () => buy([{ productID: product.id, quantity: 1 }])));
    const dashboard = (await get(`${base()}/ticketings/${ticketing.id}/dashboard`)).json<Dashboard>();
    const [row] = await ctx()
      .database.db.select({ sold: products.sold })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.sold).toBe(12);
    expect(dashboard.totals).toMatchObject({ sold: 12, revenueInclVat: 12_000 });
    expect(dashboard.salesPerDay.at(-1)).toMatchObject({ orders: 12, tickets: 12 });
    expect(dashboard.products?.[0]?.revenueInclVat).toBe(12_000);
  });
});

type OrderPage = {
  items: { id: number; reference: string; tickets: number; amount: number; buyer: { lastname: string } }[];
  nextCursor: string | null;
};

describe('an order leaving PAID', () => {
  it('takes its sales back out of the dashboard and stays listed with its new status', async () => {
    const ticketing = await insertConcert(ctx().database.db, { title: 'Concert remboursé', organizerId });
    const product = await insertProduct({ stock: 10, price: 2000, ticketing: ticketing.id });
    const { order } = await buy([{ productID: product.id, quantity: 2 }]);
    const url = `${base()}/ticketings/${ticketing.id}/dashboard`;
    expect((await get(url)).json<Dashboard>().totals.revenueInclVat).toBe(4000);
    // What the after-sale issue's refund will do to the order.
    await ctx().database.db.execute(sql`UPDATE "order" SET status = 'REFUNDED' WHERE id = ${order.orderID}`);
    const dashboard = (await get(url)).json<Dashboard>();
    expect(dashboard.totals.revenueInclVat).toBe(0);
    expect(dashboard.salesPerDay.at(-1)).toMatchObject({ orders: 0, tickets: 0, revenueInclVat: 0 });
    const listed = (await get(`${base()}/orders?q=${order.reference}`)).json<OrderPage>().items;
    expect(listed).toEqual([expect.objectContaining({ id: order.orderID, status: 'REFUNDED' })]);
  });
});

describe('the orders', () => {
  it('list paid orders newest first, page after page, and find them by name, e-mail or reference', async () => {
    const ticketing = await insertConcert(ctx().database.db, { title: 'Chorale', organizerId });
    const product = await insertProduct({ stock: 50, price: 2000, ticketing: ticketing.id });
    const bought = [];
    for (const lastname of ['Müller', 'Dupont', 'Lefèvre', '100%_Réel'])
      bought.push(await buy([{ productID: product.id, quantity: 1 }], { lastname }));

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page: OrderPage = (await get(`${base()}/orders?limit=2${query}`)).json<OrderPage>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const ours = bought.map(({ order }) => order.orderID);
    // Newest first: the last bought comes before the first.
    expect(seen.filter((id) => ours.includes(id))).toEqual([...ours].reverse());

    const search = async (q: string) =>
      (await get(`${base()}/orders?q=${encodeURIComponent(q)}`)).json<OrderPage>().items.map((item) => item.id);
    expect(await search('MULLER')).toEqual([bought[0]?.order.orderID]);
    expect(await search('lefevre')).toEqual([bought[2]?.order.orderID]);
    expect(await search(bought[1]?.order.reference ?? '')).toEqual([bought[1]?.order.orderID]);
    // % and _ are letters here, not wildcards.
    expect(await search('100%_')).toEqual([bought[3]?.order.orderID]);
    expect(await search('0%')).toEqual([bought[3]?.order.orderID]);
    const [email] = await ctx()
      .database.db.select({ email: users.email })
      .from(users)
      .where(eq(users.id, bought[1]?.buyer.id ?? 0));
    expect(await search(email?.email ?? '')).toEqual([bought[1]?.order.orderID]);

    const bad = await get(`${base()}/orders?cursor=pas-un-curseur`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('show one order with this organiser’s lines, their holders and codes, and nothing of another organiser', async () => {
    const ticketing = await insertConcert(ctx().database.db, { title: 'Opéra de poche', organizerId });
    const product = await insertProduct({ stock: 10, price: 4000, ticketing: ticketing.id });
    const foreign = await insertProduct({ stock: 10, price: 1000, ticketing: otherTicketingId });
    const { order } = await buy([
      { productID: product.id, quantity: 2, holders: ['Léa Dupont', 'Jean Martin'] },
      { productID: foreign.id, quantity: 1 },
    ]);
    const response = await get(`${base()}/orders/${order.orderID}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<{
      amount: number;
      tickets: number;
      lines: { title: string; tickets: { holderName: string; code: string }[] }[];
    }>();
    expect(detail).toMatchObject({ amount: 8000, tickets: 2 });
    expect(detail.lines).toHaveLength(1);
    expect(detail.lines[0]?.tickets.map((ticket) => ticket.holderName)).toEqual(['Léa Dupont', 'Jean Martin']);
    expect(detail.lines[0]?.tickets.every((ticket) => ticket.code.length > 0)).toBe(true);
    const list = (await get(`${base()}/orders?q=${order.reference}`)).json<OrderPage>();
    expect(list.items[0]).toMatchObject({ amount: 8000, tickets: 2 });
  });
});

describe('who may see it', () => {
  it('opens to owners and managers; a scanner gets 403, a stranger and a public session 401/404', async () => {
    const paths = [
      `${base()}/dashboard`,
      `${base()}/ticketings/${ticketingId}/dashboard`,
      `${base()}/orders`,
      `${base()}/exports/orders.csv`,
      `${base()}/ticketings/${ticketingId}/exports/attendees.csv`,
    ];
    for (const path of paths) {
      expect((await get(path, staff.OWNER)).statusCode, path).toBe(200);
      expect((await get(path, staff.MANAGER)).statusCode, path).toBe(200);
      expect((await get(path, staff.SCANNER)).statusCode, path).toBe(403);
      const stranger = await get(path, staff.OUTSIDER);
      expect(stranger.statusCode, path).toBe(404);
      expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Organisateur introuvable.' });
      expect((await get(path, {})).statusCode, path).toBe(401);
    }
    const [buyer] = await insertUsers(1);
    expect((await get(`${base()}/dashboard`, buyer?.headers)).statusCode).toBe(401);
  });

  it('answers 404 for another organiser’s ticketing or order named under one’s own organiser', async () => {
    const foreign = await insertProduct({ stock: 10, ticketing: otherTicketingId });
    const { order } = await buy([{ productID: foreign.id, quantity: 1 }]);
    for (const path of [
      `${base()}/ticketings/${otherTicketingId}/dashboard`,
      `${base()}/ticketings/${otherTicketingId}/exports/attendees.csv`,
      `${base()}/orders/${order.orderID}`,
    ])
      expect((await get(path)).statusCode, path).toBe(404);
    expect((await get(`/pro/organizers/${otherOrganizerId}/orders/${order.orderID}`, staff.OUTSIDER)).statusCode).toBe(
      200,
    );
  });
});

describe('the CSV exports', () => {
  const parseCsv = (body: string) =>
    parse(body, { bom: true, delimiter: ';', columns: true, relax_column_count: false }) as Record<string, string>[];

  it('are UTF-8 with BOM, « ; », decimal commas and Paris dates, hostile names kept as text', async () => {
    const ticketing = await insertConcert(ctx().database.db, { title: 'Soirée export', organizerId });
    const product = await insertProduct({ stock: 20, price: 1250, ticketing: ticketing.id });
    const hostile = [
      'Dupont; "le grand"\nJean',
      '=HYPERLINK("http://x.example","clic")',
      '+33 6 12',
      '-2+3',
      '@SUM(A1)',
    ];
    const { order } = await buy([{ productID: product.id, quantity: hostile.length }], { lastname: '=1+1' });
    // The checkout's name rules refuse most of these; the export must not count on it (older rows, other writers).
    const { db } = ctx().database;
    await db.execute(sql`UPDATE ticket SET holder_name = (${JSON.stringify(hostile)}::jsonb ->> (n - 1)::int)
      FROM (SELECT k.id, row_number() OVER (ORDER BY k.id) AS n FROM ticket k
        JOIN order_item oi ON oi.id = k.order_item_id WHERE oi.order_id = ${order.orderID}) numbered
      WHERE ticket.id = numbered.id`);

    const attendees = await get(`${base()}/ticketings/${ticketing.id}/exports/attendees.csv`);
    expect(attendees.statusCode).toBe(200);
    expect(attendees.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(attendees.headers['content-disposition']).toMatch(/^attachment; filename="participants-[a-z0-9-]+\.csv"$/);
    expect(attendees.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(attendees.body);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'Participant',
      'Tarif',
      'Code du billet',
      'Commande',
      'Date de paiement',
      'Acheteur',
      'E-mail de l’acheteur',
      'Contrôlé le',
    ]);
    expect(rows.map((row) => row.Participant)).toEqual([
      'Dupont; "le grand"\nJean',
      `'=HYPERLINK("http://x.example","clic")`,
      `'+33 6 12`,
      `'-2+3`,
      `'@SUM(A1)`,
    ]);
    expect(rows[0]?.Commande).toBe(order.reference);
    // The tarif's own label, not the line's title that repeats the ticketing's name.
    expect(rows.map((row) => row.Tarif)).toEqual(hostile.map(() => product.title));
    expect(rows[0]?.['Date de paiement']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(rows[0]?.Acheteur).toBe(`Alix =1+1`);

    const orders = await get(`${base()}/exports/orders.csv`);
    expect(orders.statusCode).toBe(200);
    expect(orders.headers['content-disposition']).toMatch(/^attachment; filename="commandes-[a-z0-9-]+\.csv"$/);
    const line = parseCsv(orders.body).find((row) => row.Référence === order.reference);
    expect(line).toMatchObject({ Nom: `'=1+1`, Billets: '5', 'Montant TTC (€)': '62,50', Statut: 'Payée' });
  });

  it('stream more rows than one batch, each once', async () => {
    const ticketing = await insertConcert(ctx().database.db, { title: 'Grand export', organizerId });
    const product = await insertProduct({ stock: 3000, quota: 3000, price: 100, ticketing: ticketing.id });
    const { db } = ctx().database;
    // 2,500 paid lines written as the seed writes them (paid orders, then their lines and tickets): the
    // triggers count them too. Straight in SQL: 2,500 checkouts would take minutes.
    const [buyer] = await insertUsers(1);
    await db.execute(sql`
      WITH made AS (
        INSERT INTO "order" (reference, user_id, status, total_amount, paid_at, invoice_number)
        SELECT 'EXP-' || n, ${buyer?.id}, 'PAID', 100, now(), 900000 + n FROM generate_series(1, 2500) n
        RETURNING id
      ), lines AS (
        INSERT INTO order_item (order_id, product_id, title, unit_price, quantity, line_total, vat_rate)
        SELECT id, ${product.id}, 'Tarif export', 100, 1, 100, 550 FROM made RETURNING id
      )
      INSERT INTO ticket (order_item_id, code, holder_name) SELECT id, 'EXP' || id, 'Porteur ' || id FROM lines`);
    const rows = parseCsv((await get(`${base()}/ticketings/${ticketing.id}/exports/attendees.csv`)).body);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((row) => row['Code du billet'])).size).toBe(2500);
    const dashboard = (await get(`${base()}/ticketings/${ticketing.id}/dashboard`)).json<Dashboard>();
    expect(dashboard.totals.revenueInclVat).toBe(250_000);
    const orders = parseCsv((await get(`${base()}/exports/orders.csv`)).body);
    expect(orders.filter((row) => row.Référence?.startsWith('EXP-'))).toHaveLength(2500);
  });
});

describe('the plans', () => {
  /** The tables that grow with the orders and views: never read from end to end. */
  const GROWING =
    /Seq Scan on (order|order_item|organizer_order|sales_total|sales_day|organizer_sales_day|organizer_view_day|page_view|ticket)\b/;

  it('read the aggregates and the orders list through their indexes, never a whole table', async () => {
    const queries = [
      ...dashboardQueries({ organizerId }),
      ...dashboardQueries({ organizerId, ticketingId }),
      orderRowsQuery(organizerId, { limit: 26 }),
      orderRowsQuery(organizerId, { limit: 26, after: { paidAt: new Date().toISOString(), id: 1 } }),
      orderRowsQuery(organizerId, { limit: 26, q: 'dupont' }),
    ];
    // A test database is small enough for any table to be read whole: with sequential scans priced out,
    // PostgreSQL still reads one only where no index can serve (bench/REPORT.md shows the plans at 100,000).
    const plans = await ctx().database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return Promise.all(
        queries.map(async (query) =>
          (await rowsOf<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query}`))
            .map((row) => row['QUERY PLAN'])
            .join('\n'),
        ),
      );
    });
    for (const plan of plans) expect(plan).not.toMatch(GROWING);
  });
});
