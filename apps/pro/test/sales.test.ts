/**
 * The pro site's sales pages against the real API, after real checkouts paid through the demo bank: the
 * dashboards' loaders hand the page the API's figures and the charts' geometry, the orders list searches, an
 * order shows its tickets, the CSV downloads stream the API's file (parsed back as a French spreadsheet reads
 * it), and another organiser's ids are the not-found page.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/db/client';
import { insertConcert } from '../../api/test/helpers';
import { buy, ctx, insertProduct, ticketingId } from '../../api/test/orders/checkout-support';
import { loader as dashboardLoader } from '../app/organizer/dashboard.route';
import { loader as attendeesLoader } from '../app/sales/attendees-csv.route';
import { loader as orderLoader } from '../app/sales/order.route';
import { loader as ordersLoader } from '../app/sales/orders.route';
import { loader as ordersCsvLoader } from '../app/sales/orders-csv.route';
import { loader as embedLoader } from '../app/sales/ticketing-embed.route';
import { loader as ticketingSalesLoader } from '../app/sales/ticketing-sales.route';
import { proContext, proMember, realCheckoutApi, statusOf, thrown } from './real-checkout-api';

realCheckoutApi();

const PRO = 'http://localhost:3001';
let organizerId: number;
let owner: Awaited<ReturnType<typeof proMember>>;
let stranger: Awaited<ReturnType<typeof proMember>>;
let otherTicketingId: number;
let orderId: number;

/** A loader's arguments as React Router gives them, for `path` on the pro site. */
const args = (path: string, params: Record<string, string>, context = owner.context()) =>
  ({ request: new Request(`${PRO}${path}`), params, context }) as never;

beforeAll(async () => {
  const { db } = ctx().database;
  const [row] = await rowsOf<{ organizer_id: number }>(
    db,
    sql`SELECT organizer_id FROM ticketing WHERE id = ${ticketingId}`,
  );
  organizerId = row?.organizer_id ?? 0;
  const other = await insertConcert(db, { title: 'Bal des autres' });
  otherTicketingId = other.id;
  owner = await proMember(organizerId, 'OWNER');
  stranger = await proMember(other.organizerId, 'OWNER');
  const product = await insertProduct({ stock: 40, price: 2500 });
  const { order } = await buy([{ productID: product.id, quantity: 2, holders: ['Inès Martin', 'Hugo Martin'] }], {
    lastname: 'Vasseur',
  });
  orderId = order.orderID;
});

describe('the dashboards', () => {
  it('show the paid sale: revenue with VAT, tickets, a row per ticketing, and 30 days of bars', async () => {
    const { dashboard, charts } = await dashboardLoader(
      args(`/organisateurs/${organizerId}`, { organizerId: String(organizerId) }),
    );
    expect(dashboard.totals).toMatchObject({ sold: 2, revenueInclVat: 5000 });
    expect(dashboard.vatRates).toEqual([expect.objectContaining({ vatRate: 550, totalInclVat: 5000 })]);
    expect(dashboard.ticketings.map((row) => row.id)).toContain(ticketingId);
    expect(charts.salesPerDay.bars).toHaveLength(30);
    // Today's bar is the tallest (the only sale), the others flat on the axis.
    const today = charts.salesPerDay.bars.at(-1);
    expect(today?.height).toBeGreaterThan(0);
    expect(charts.salesPerDay.bars.slice(0, -1).every((bar) => bar.height === 0)).toBe(true);
    expect(charts.salesPerDay.valueTicks.at(-1)?.label).toMatch(/€$/);
  });

  it('show one ticketing per product, and another organiser’s ticketing as not found', async () => {
    const { dashboard } = await ticketingSalesLoader(
      args('/ventes', { organizerId: String(organizerId), ticketingId: String(ticketingId) }),
    );
    expect(dashboard.products.find((row) => row.sold === 2)).toMatchObject({ price: 2500, revenueInclVat: 5000 });
    const refused = await thrown(() =>
      ticketingSalesLoader(
        args('/ventes', { organizerId: String(organizerId), ticketingId: String(otherTicketingId) }),
      ),
    );
    expect(statusOf(refused)).toBe(404);
    // An id that cannot be a row is not found without asking the API.
    const nonsense = await thrown(() =>
      ticketingSalesLoader(args('/ventes', { organizerId: String(organizerId), ticketingId: 'abc' })),
    );
    expect(statusOf(nonsense)).toBe(404);
  });

  it('are refused to a member of another organiser (the API’s 404) and send a signed-out visitor to the login', async () => {
    const foreign = await thrown(() =>
      dashboardLoader(args('/', { organizerId: String(organizerId) }, stranger.context())),
    );
    expect(statusOf(foreign)).toBe(404);
    const signedOut = await thrown(() =>
      dashboardLoader(args('/', { organizerId: String(organizerId) }, proContext())),
    );
    expect(statusOf(signedOut)).toBe(302);
  });
});

describe('the orders', () => {
  it('find an order by the buyer’s name, and show its tickets with holders and codes', async () => {
    const found = await ordersLoader(
      args('/organisateurs/x/commandes?q=vasseur', { organizerId: String(organizerId) }),
    );
    expect(found.page.items.map((item) => item.id)).toEqual([orderId]);
    expect(found.q).toBe('vasseur');
    const none = await ordersLoader(args('/commandes?q=personne', { organizerId: String(organizerId) }));
    expect(none.page.items).toEqual([]);
    const { order } = await orderLoader(
      args('/commandes/1', { organizerId: String(organizerId), orderId: String(orderId) }),
    );
    const tickets = order.lines.flatMap((line) => line.tickets);
    expect(tickets.map((ticket) => ticket.holderName).sort()).toEqual(['Hugo Martin', 'Inès Martin']);
    expect(tickets.every((ticket) => ticket.code.length > 0)).toBe(true);
    const foreign = await thrown(() =>
      orderLoader(args('/c', { organizerId: String(organizerId), orderId: String(orderId) }, stranger.context())),
    );
    expect(statusOf(foreign)).toBe(404);
  });
});

describe('the CSV downloads', () => {
  const readCsv = (text: string) =>
    parse(text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];

  it('stream the API’s attendees and orders files with their type and name, readable as a French spreadsheet', async () => {
    const attendees = await attendeesLoader(
      args('/participants.csv', { organizerId: String(organizerId), ticketingId: String(ticketingId) }),
    );
    expect(attendees.status).toBe(200);
    expect(attendees.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(attendees.headers.get('content-disposition')).toMatch(/attachment; filename=/);
    // Response.text() drops a BOM: the bytes say whether the spreadsheet gets one.
    const bytes = new Uint8Array(await attendees.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(JSON.stringify(readCsv(text))).toContain('Inès Martin');

    const orders = await ordersCsvLoader(args('/export.csv', { organizerId: String(organizerId) }));
    expect(orders.status).toBe(200);
    const rows = readCsv(await orders.text());
    expect(JSON.stringify(rows)).toContain('Vasseur');
    // The decimal comma of a French spreadsheet: 50,00 for 5000 cents.
    expect(JSON.stringify(rows)).toContain('50,00');
  });

  it('answer another organiser’s ticketing with the API’s French 404, and a signed-out visitor with the login', async () => {
    const foreign = await attendeesLoader(
      args('/p.csv', { organizerId: String(organizerId), ticketingId: String(otherTicketingId) }),
    );
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toMatch(/introuvable/i);
    const signedOut = await thrown(() =>
      ordersCsvLoader(args('/export.csv', { organizerId: String(organizerId) }, proContext())),
    );
    expect(statusOf(signedOut)).toBe(302);
  });
});

describe('the embed page', () => {
  it('gives the ticketing and the public site’s address for the snippets and the preview', async () => {
    const data = await embedLoader(
      args('/integration', { organizerId: String(organizerId), ticketingId: String(ticketingId) }),
    );
    expect(data.ticketing).toMatchObject({ id: ticketingId, status: 'PUBLISHED' });
    expect(data.siteUrl).toMatch(/^https?:\/\//);
  });
});
