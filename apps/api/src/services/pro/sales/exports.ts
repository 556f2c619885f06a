/**
 * The pro CSV exports, written as a French spreadsheet (Excel, LibreOffice) opens them without an import
 * dialog: UTF-8 with a byte order mark (else Excel reads Windows-1252), `;` between cells (the comma is the
 * decimal mark), amounts with a decimal comma, dates as dd/mm/yyyy hh:mm in Paris time, French headers.
 * Rows are read in keyset batches and streamed through csv-stringify, so 100,000 of them are never all in memory.
 * A cell beginning with = + - @ or a tab/return would be run as a formula by a spreadsheet (CSV injection: a
 * buyer naming themself `=HYPERLINK(…)`): it is written with a leading apostrophe, which shows it as text.
 */
import { Readable } from 'node:stream';
import { type Stringifier, stringify } from 'csv-stringify';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../db/client.js';
import { organizers, ticketings } from '../../../db/schema.js';
import { organizerOrderRows } from './orders.js';

const BATCH = 1_000;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet will show as text, never evaluate. */
export const neutraliseFormula = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

const decimal = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});
/** Cents as a French spreadsheet reads a number: 1250 → « 12,50 ». */
export const spreadsheetAmount = (cents: number): string => decimal.format(cents / 100);

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** An instant as « 26/11/2026 18:05 », Paris time. */
export const spreadsheetDate = (value: Date | string | null): string =>
  value === null ? '' : parisDateTime.format(new Date(value)).replace(',', '');

/** csv-stringify set for French spreadsheets, every text cell neutralised. */
function frenchCsv(columns: { key: string; header: string }[]): Stringifier {
  return stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    header: true,
    columns,
    cast: { string: neutraliseFormula },
  });
}

/** Streams `batches` (each already formatted) as a French CSV. */
export function csvStream(
  columns: { key: string; header: string }[],
  batches: AsyncGenerator<Record<string, string>[]>,
) {
  const records = Readable.from(
    (async function* () {
      for await (const batch of batches) yield* batch;
    })(),
  );
  const csv = frenchCsv(columns);
  records.on('error', (error) => csv.destroy(error));
  return records.pipe(csv);
}

const ORDER_COLUMNS = [
  { key: 'reference', header: 'Référence' },
  { key: 'paidAt', header: 'Date de paiement' },
  { key: 'status', header: 'Statut' },
  { key: 'lastname', header: 'Nom' },
  { key: 'firstname', header: 'Prénom' },
  { key: 'email', header: 'E-mail' },
  { key: 'tickets', header: 'Billets' },
  { key: 'amount', header: 'Montant TTC (€)' },
];

const STATUS_LABELS: Record<string, string> = { PAID: 'Payée', REFUNDED: 'Remboursée' };

/** The organiser's orders as in its list, newest payment first. */
export function ordersCsv(db: Database, organizerId: number) {
  async function* batches() {
    let after: { paidAt: string; id: number } | undefined;
    for (;;) {
      const rows = await organizerOrderRows(db, organizerId, { after, limit: BATCH });
      yield rows.map((row) => ({
        reference: row.reference,
        paidAt: spreadsheetDate(row.paidAt),
        status: STATUS_LABELS[row.status] ?? row.status,
        lastname: row.buyer.lastname,
        firstname: row.buyer.firstname,
        email: row.buyer.email,
        tickets: String(row.tickets),
        amount: spreadsheetAmount(row.amount),
      }));
      const last = rows.at(-1);
      if (rows.length < BATCH || !last) return;
      after = { paidAt: last.paidAt, id: last.id };
    }
  }
  return csvStream(ORDER_COLUMNS, batches());
}

const ATTENDEE_COLUMNS = [
  { key: 'holderName', header: 'Participant' },
  { key: 'product', header: 'Tarif' },
  { key: 'code', header: 'Code du billet' },
  { key: 'reference', header: 'Commande' },
  { key: 'paidAt', header: 'Date de paiement' },
  { key: 'buyer', header: 'Acheteur' },
  { key: 'email', header: 'E-mail de l’acheteur' },
  { key: 'scannedAt', header: 'Contrôlé le' },
];

type AttendeeRow = {
  line_id: number;
  holder_name: string;
  code: string | null;
  reference: string;
  paid_at: Date | string;
  firstname: string;
  lastname: string;
  email: string;
  scanned_at: Date | string | null;
};

/**
 * The tickets of a ticketing's paid orders, one per row, tarif by tarif, in order of purchase: each tarif's
 * lines read in keyset batches through `order_item_product_idx`.
 */
export function attendeesCsv(db: Database, ticketingId: number) {
  async function* batches() {
    // The tarif's own label (« Tarif jeune »), not the line's title, which repeats the ticketing's name.
    const products = await rowsOf<{ id: number; title: string }>(
      db,
      sql`SELECT id, title FROM product WHERE ticketing_id = ${ticketingId} ORDER BY position, id`,
    );
    for (const { id: productId, title: product } of products) {
      let after = 0;
      for (;;) {
        // Every line of the batch comes back (a line of an unpaid order with no ticket), so the next batch
        // starts after the last line read, whatever its order's status.
        const rows = await rowsOf<AttendeeRow>(
          db,
          sql`WITH lines AS (
              SELECT oi.id, oi.order_id FROM order_item oi
              WHERE oi.product_id = ${productId} AND oi.id > ${after}
              ORDER BY oi.id LIMIT ${BATCH}
            )
            SELECT l.id AS line_id, k.holder_name, k.code, o.reference, o.paid_at,
              u.firstname, u.lastname, u.email, k.scanned_at
            FROM lines l
            LEFT JOIN "order" o ON o.id = l.order_id AND o.status = 'PAID'
            LEFT JOIN "user" u ON u.id = o.user_id
            LEFT JOIN ticket k ON k.order_item_id = l.id AND o.id IS NOT NULL
            ORDER BY l.id, k.id`,
        );
        yield rows.flatMap((row) =>
          row.code === null
            ? []
            : [
                {
                  holderName: row.holder_name,
                  product,
                  code: row.code,
                  reference: row.reference,
                  paidAt: spreadsheetDate(row.paid_at),
                  buyer: `${row.firstname} ${row.lastname}`,
                  email: row.email,
                  scannedAt: spreadsheetDate(row.scanned_at),
                },
              ],
        );
        const last = rows.at(-1)?.line_id;
        if (last === undefined) break;
        after = last;
      }
    }
  }
  return csvStream(ATTENDEE_COLUMNS, batches());
}

/** « commandes-<organiser>-2026-11-26.csv »: what the browser saves the file as. */
export function exportFileName(kind: 'commandes' | 'participants', slug: string, now = new Date()): string {
  const day = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris' }).format(now);
  return `${kind}-${slug.replace(/[^a-z0-9-]/g, '')}-${day}.csv`;
}

/** The organiser's slug, for the file name. */
export async function organizerSlug(db: Database, organizerId: number): Promise<string> {
  const [row] = await db.select({ slug: organizers.slug }).from(organizers).where(eq(organizers.id, organizerId));
  return row?.slug ?? '';
}

/** Ticketing `ticketingId` if it is organiser `organizerId`'s, else null (the route's 404). */
export async function organizerTicketing(db: Database, organizerId: number, ticketingId: number) {
  const [row] = await db
    .select({ id: ticketings.id, slug: ticketings.slug })
    .from(ticketings)
    .where(and(eq(ticketings.id, ticketingId), eq(ticketings.organizerId, organizerId)));
  return row ?? null;
}
