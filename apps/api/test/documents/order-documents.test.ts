/**
 * A paid order's documents, end to end on the seeded demo account: what loadOrderDocuments reads, the PDFs
 * the download route serves (and to whom), and the confirmation and late-refund e-mails.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENT_MESSAGES, type ErrorAnswer } from '@guichet/contracts';
import { formatEventDate, formatVatRate, LEGAL_ENTITY, ORDER_HOLD_MINUTES } from '@guichet/domain';
import { parseTicketQr } from '@guichet/domain/door';
import { and, asc, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../src/db/schema.js';
import { DEMO_ACCOUNT } from '../../src/seed/index.js';
import { signAccessToken } from '../../src/services/auth/tokens.js';
import { loadOrderDocuments, type OrderDocuments } from '../../src/services/documents/order-documents.js';
import { sendLateRefundNotice, sendOrderConfirmation } from '../../src/services/documents/send-confirmation.js';
import { createMailer, type Mailer, type MailMessage } from '../../src/services/mail/mailer.js';
import { lateRefundMail, orderConfirmationMail } from '../../src/services/mail/templates.js';
import { bearer, registerUser, startSmtpServer } from '../auth/support.js';
import { createTestApp } from '../helpers.js';
import { type PdfPage, readPdf } from './pdf-reader.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let demo: { id: number; token: string };
let stranger: { id: number; token: string };
/** The demo account's two paid orders, oldest first (the first has the deal voucher). */
let paid: { id: number; reference: string }[];
let pendingOrderId: number;
let documents: OrderDocuments;

/** A page's text on one line, spaces of every kind made plain. */
const flat = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ');
const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  const { db } = context.database;
  const [user] = await db
    .select({ id: users.id, firstname: users.firstname })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNT.email));
  if (!user) throw new Error('Compte de démonstration absent');
  demo = {
    id: user.id,
    token: await signAccessToken(context.env.JWT_SECRET, { ...user, sessionVersion: 0 }),
  };
  paid = await db
    .select({ id: orders.id, reference: orders.reference })
    .from(orders)
    .where(and(eq(orders.userId, user.id), eq(orders.status, 'PAID')))
    .orderBy(asc(orders.createdAt));
  const registered = await registerUser(context.app);
  stranger = { id: registered.id, token: registered.tokens.accessToken };
  const [pending] = await db
    .insert(orders)
    .values({ reference: 'GU-2026-TEST01', userId: user.id, totalAmount: 4200, status: 'PENDING' })
    .returning({ id: orders.id });
  pendingOrderId = pending?.id ?? 0;
  const first = paid[0];
  if (!first) throw new Error('Commande de démonstration absente');
  const loaded = await loadOrderDocuments(db, first.id);
  if (!loaded) throw new Error('Documents absents');
  documents = loaded;
});

afterAll(async () => {
  await context?.close();
});

function download(orderId: number, kind: 'tickets' | 'invoice', options: { sig?: string; token?: string } = {}) {
  const query = options.sig === undefined ? '' : `?sig=${encodeURIComponent(options.sig)}`;
  return context.app.inject({
    method: 'GET',
    url: `/orders/${orderId}/documents/${kind}${query}`,
    headers: options.token ? bearer(options.token) : {},
  });
}

const signed = (orderId: number) => context.app.orderLinks.sign('download', orderId);

describe('loadOrderDocuments', () => {
  it('is null for an order that does not exist', async () => {
    expect(await loadOrderDocuments(context.database.db, 999_999)).toBeNull();
  });

  it('reads the order, one admission per ticket row, its invoice and its events', () => {
    expect(paid).toHaveLength(2);
    expect(documents.order).toMatchObject({
      id: paid[0]?.id,
      reference: paid[0]?.reference,
      status: 'PAID',
      userId: demo.id,
      email: DEMO_ACCOUNT.email,
      buyerName: 'Camille Martin',
      invoiceNumber: 'FAC-000001',
    });
    expect(documents.tickets.admissions.map((admission) => admission.kind)).toEqual(['ticket', 'ticket', 'voucher']);
    expect(documents.hasVouchers).toBe(true);
    expect(documents.events).toHaveLength(1);
    expect(documents.invoice?.buyer.addressLines).toEqual(['12 rue des Lilas', '69003 Lyon', 'France']);
    expect(documents.invoice?.seller.siren).toBe(LEGAL_ENTITY.rcsNumber);
    expect(documents.invoice?.lines.map((line) => line.vatRate)).toEqual([550, 1000]);
  });

  it('has no invoice for an unpaid order', async () => {
    const pending = await loadOrderDocuments(context.database.db, pendingOrderId);
    expect(pending?.invoice).toBeNull();
    expect(pending?.tickets.admissions).toEqual([]);
  });
});

describe('GET /orders/:orderID/documents/tickets', () => {
  let pages: PdfPage[];

  beforeAll(async () => {
    const response = await download(paid[0]?.id ?? 0, 'tickets', { token: demo.token });
    expect(response.statusCode).toBe(200);
    pages = await readPdf(response.rawPayload);
  });

  it('gives the owner a PDF to keep, never cached by a shared cache', async () => {
    const response = await download(paid[0]?.id ?? 0, 'tickets', { token: demo.token });
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="billets-${paid[0]?.reference}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints one page per ticket and voucher', () => {
    expect(pages).toHaveLength(documents.tickets.admissions.length);
    expect(pages).toHaveLength(3);
  });

  it('prints the event, its date in French, the holder, the reference and the code', () => {
    const [ticket] = documents.tickets.admissions;
    if (ticket?.kind !== 'ticket') throw new Error('Billet attendu');
    const text = flat(pages[0]?.text);
    expect(text).toContain(ticket.eventTitle);
    expect(text).toContain(capitalise(formatEventDate(ticket.startsAt)));
    expect(text).toMatch(
      /(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche) \d{1,2}(er)? \p{L}+ \d{4} à \d{1,2} h \d{2}/u,
    );
    expect(text).toContain(ticket.venueName);
    expect(text).toContain('Titulaire : Camille Martin');
    expect(text).toContain(`Commande ${paid[0]?.reference}`);
    expect(text).toContain(ticket.code);
  });

  it('prints the voucher’s partner, address and validity', () => {
    const voucher = documents.tickets.admissions[2];
    if (voucher?.kind !== 'voucher') throw new Error('Bon attendu');
    const text = flat(pages[2]?.text);
    expect(text).toContain(voucher.partnerName);
    expect(text).toContain('Valable jusqu’au');
    expect(text).toContain(voucher.code);
  });

  it('draws on each page a QR code that reads as that page’s QR text: signed for a ticket', () => {
    documents.tickets.admissions.forEach((admission, index) => {
      const [image] = pages[index]?.images ?? [];
      if (!image) throw new Error('Pas de code QR');
      expect(jsQR(image.data, image.width, image.height)?.data).toBe(admission.qrText);
    });
    const [ticket] = documents.tickets.admissions;
    expect(parseTicketQr(ticket?.qrText ?? '')).toMatchObject({ kind: 'TICKET' });
  });
});

describe('GET /orders/:orderID/documents/invoice', () => {
  it('prints the invoice number, the seller’s SIREN and the VAT of each rate', async () => {
    const response = await download(paid[0]?.id ?? 0, 'invoice', { token: demo.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="facture-FAC-000001.pdf"');
    const text = flat((await readPdf(response.rawPayload)).map((page) => page.text).join('\n'));
    expect(text).toContain('N° FAC-000001');
    expect(text).toContain(`SIREN : ${LEGAL_ENTITY.rcsNumber}`);
    expect(text).toContain(LEGAL_ENTITY.companyName);
    expect(text).toContain('Camille Martin');
    expect(text).toContain('12 rue des Lilas');
    for (const rate of [550, 1000] as const) {
      expect(text).toMatch(new RegExp(`TVA ${formatVatRate(rate).replace(/\s/g, ' ')} sur [\\d ,]+ € HT`));
    }
  });

  it('numbers the second order’s invoice next', async () => {
    const response = await download(paid[1]?.id ?? 0, 'invoice', { token: demo.token });
    expect(response.headers['content-disposition']).toBe('attachment; filename="facture-FAC-000002.pdf"');
  });
});

describe('who may download', () => {
  it('lets whoever holds the signed link in, logged in or not', async () => {
    const id = paid[0]?.id ?? 0;
    const response = await download(id, 'tickets', { sig: signed(id) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect((await download(id, 'invoice', { sig: signed(id), token: stranger.token })).statusCode).toBe(200);
  });

  it('refuses a wrong signature, another order’s, none, and another member’s token', async () => {
    const [first, second] = paid;
    const id = first?.id ?? 0;
    const attempts = [
      await download(id, 'tickets', { sig: 'A'.repeat(22) }),
      await download(id, 'tickets', { sig: signed(second?.id ?? 0) }),
      await download(id, 'tickets', { sig: context.app.orderLinks.sign('payment', id) }),
      await download(id, 'tickets'),
      await download(id, 'invoice', { token: stranger.token }),
      await download(id, 'tickets', { token: stranger.token, sig: 'nope' }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorAnswer>()).toMatchObject({ code: 'FORBIDDEN', message: DOCUMENT_MESSAGES.forbidden });
    }
  });

  it('answers an unknown order as it answers someone else’s, so ids cannot be probed', async () => {
    for (const response of [
      await download(999_999, 'tickets', { token: stranger.token }),
      await download(999_999, 'tickets', { sig: 'A'.repeat(22) }),
      await download(999_999, 'tickets'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorAnswer>().code).toBe('FORBIDDEN');
    }
  });

  it('tells the owner of an unpaid order that documents come with the payment', async () => {
    for (const kind of ['tickets', 'invoice'] as const) {
      const response = await download(pendingOrderId, kind, { token: demo.token });
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorAnswer>()).toMatchObject({
        code: 'ORDER_NOT_PAYABLE',
        message: DOCUMENT_MESSAGES.notPaid,
      });
    }
    expect((await download(pendingOrderId, 'tickets', { token: stranger.token })).statusCode).toBe(403);
  });

  it('still asks for a valid token: a broken one is a 401, not « anonymous »', async () => {
    const response = await download(paid[0]?.id ?? 0, 'tickets', { token: 'pas.un.jeton' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /orders/:orderID/download', () => {
  const linkOf = (orderId: number, options: { sig?: string; token?: string } = {}) =>
    context.app.inject({
      method: 'GET',
      url: `/orders/${orderId}/download${options.sig === undefined ? '' : `?sig=${encodeURIComponent(options.sig)}`}`,
      headers: options.token ? bearer(options.token) : {},
    });

  it('names the order by its public reference, for the signed link’s holder and for the owner', async () => {
    const order = paid[0];
    if (!order) throw new Error('Commande de démonstration absente');
    expect(order.reference).toMatch(/^GU-\d{4}-\d{6}$/);
    for (const response of [
      await linkOf(order.id, { sig: signed(order.id) }),
      await linkOf(order.id, { token: demo.token }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ reference: order.reference, status: 'PAID' });
    }
    expect((await linkOf(pendingOrderId, { token: demo.token })).json()).toEqual({
      reference: 'GU-2026-TEST01',
      status: 'PENDING',
    });
  });

  it('refuses as the documents do: a wrong signature, another member, an unknown order', async () => {
    const id = paid[0]?.id ?? 0;
    for (const response of [
      await linkOf(id, { sig: 'A'.repeat(22) }),
      await linkOf(id, { token: stranger.token }),
      await linkOf(id),
      await linkOf(999_999, { token: stranger.token }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorAnswer>()).toMatchObject({ code: 'FORBIDDEN', message: DOCUMENT_MESSAGES.forbidden });
    }
  });
});

describe('sendOrderConfirmation', () => {
  const sent: MailMessage[] = [];
  const capture: Mailer = {
    kind: 'outbox',
    async send(message) {
      sent.push(message);
    },
    close() {},
  };
  const deps = () => ({
    db: context.database.db,
    mailer: capture,
    payments: context.app.payments,
    links: context.app.orderLinks,
    siteUrl: context.env.SITE_URL,
  });

  it('sends the buyer one e-mail with the tickets, the invoice and an .ics per event', async () => {
    const order = paid[1];
    if (!order) throw new Error('Commande absente');
    await sendOrderConfirmation(deps(), order.id);
    expect(sent).toHaveLength(1);
    const [message] = sent;
    if (!message) throw new Error('Aucun e-mail');
    expect(message.to).toBe(DEMO_ACCOUNT.email);
    expect(message.subject).toBe(`Vos billets — commande ${order.reference}`);
    const names = (message.attachments ?? []).map((file) => file.filename);
    expect(names.slice(0, 2)).toEqual([`billets-${order.reference}.pdf`, 'facture-FAC-000002.pdf']);
    // Two ticketings in that order: one calendar file each.
    const calendars = (message.attachments ?? []).filter((file) => file.filename.endsWith('.ics'));
    expect(calendars).toHaveLength(2);
    for (const file of calendars) {
      expect(file.filename).toMatch(/^[a-z0-9-]+-\d+\.ics$/);
      const ics = file.content.toString('utf8');
      expect(ics).toContain('BEGIN:VEVENT');
      expect(ics).toMatch(/UID:billetterie-\d+@/);
    }
    const tickets = await readPdf(message.attachments?.[0]?.content ?? Buffer.alloc(0));
    expect(tickets).toHaveLength(3);
    expect(message.attachments?.[1]?.contentType).toBe('application/pdf');
  });

  it('carries the recap and a download link that verifies for this order', () => {
    const [message] = sent;
    const order = paid[1];
    if (!message || !order) throw new Error('Aucun e-mail');
    expect(message.text).toContain('Bonjour Camille,');
    expect(message.text).toContain('Total payé :');
    // Each ticket's event, when and where: the two-night festival by its days, the play at its hour.
    const text = flat(message.text);
    expect(text).toMatch(
      /Les Nuits Électriques — Pass 2 jours : .* Valable du \S+ \d{1,2}(er)? \S+ (\d{4} )?au \S+ \d{1,2}(er)? \S+ \d{4} · Salle des Confluences, /u,
    );
    expect(text).toMatch(
      /Le Malade imaginaire — Catégorie 1 : .* \S+ \d{1,2}(er)? \S+ \d{4} à \d{2} h \d{2} · Théâtre du Canal, /u,
    );
    expect(flat(message.html)).toContain('Valable du ');
    expect(message.text).toContain('pièces jointes');
    expect(message.text).toContain('.ics');
    expect(message.text).toContain('L221-28');
    expect(message.text).toContain(`${context.env.SITE_URL}/account/orders/${order.id}`);
    const link = /(https?:\/\/\S+\/download\?order=(\d+)&sig=([A-Za-z0-9_-]+))/.exec(message.text);
    expect(link?.[2]).toBe(String(order.id));
    expect(context.app.orderLinks.verify('download', order.id, link?.[3] ?? '')).toBe(true);
    // In the HTML too, escaped (& becomes &amp;).
    expect(message.html).toContain(`download?order=${order.id}&amp;sig=${link?.[3]}`);
    expect(message.html).not.toContain('<script');
  });

  it('tells the buyer of a late payment that it was refunded and no ticket issued', async () => {
    sent.length = 0;
    await sendLateRefundNotice(deps(), pendingOrderId);
    const [message] = sent;
    expect(message?.to).toBe(DEMO_ACCOUNT.email);
    expect(message?.subject).toBe('Commande GU-2026-TEST01 : paiement remboursé');
    expect(flat(message?.text)).toContain(`${ORDER_HOLD_MINUTES} minutes`);
    expect(flat(message?.text)).toContain('42 €');
    expect(message?.text).toContain('Aucun billet n’a été émis');
  });
});

describe('mail templates', () => {
  it('speaks of vouchers alone, and of their 14 days, for an order of deals', () => {
    const message = orderConfirmationMail({
      to: 'a@exemple.fr',
      firstname: 'Zoé',
      reference: 'GU-2026-000009',
      lines: [{ title: 'Brunch <pour deux>', quantity: 1, unitPrice: 1250, lineTotal: 1250 }],
      totalAmount: 1250,
      downloadUrl: 'https://guichet.example/download?order=9&sig=abc',
      orderUrl: 'https://guichet.example/account/orders/9',
      hasVouchers: true,
      hasTickets: false,
    });
    expect(message.subject).toBe('Vos billets — commande GU-2026-000009');
    expect(message.text).toContain('vos bons en PDF');
    expect(message.text).toContain('14 jours');
    expect(message.text).not.toContain('L221-28');
    expect(message.text).not.toContain('.ics');
    expect(message.html).toContain('Brunch &lt;pour deux&gt;');
    expect(message.html).toContain('download?order=9&amp;sig=abc');
  });

  it('escapes what the buyer typed in the late-refund notice', () => {
    const message = lateRefundMail({ to: 'a@exemple.fr', firstname: '<b>Zoé</b>', reference: 'GU-1', amount: 1250 });
    expect(message.html).toContain('&lt;b&gt;Zoé&lt;/b&gt;');
    expect(message.text).toContain('12,50');
    expect(message.text).toContain('vendues entre-temps');
  });
});

describe('outbox mailer', () => {
  it('keeps attachments in the .eml and names them in the preview', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'guichet-outbox-'));
    try {
      const mailer = createMailer({ MAIL_OUTBOX_DIR: folder, MAIL_FROM: 'Guichet <billets@guichet.test>' });
      await mailer.send({
        to: 'a@exemple.fr',
        subject: 'Pièce jointe',
        text: 'Bonjour',
        html: '<p>Bonjour</p>',
        attachments: [
          { filename: 'billets-GU-1.pdf', content: Buffer.from('%PDF-1.3 test'), contentType: 'application/pdf' },
        ],
      });
      mailer.close();
      const files = readdirSync(folder);
      const eml = readFileSync(join(folder, files.find((name) => name.endsWith('.eml')) ?? ''), 'utf8');
      expect(eml).toContain('filename=billets-GU-1.pdf');
      expect(eml).toContain(Buffer.from('%PDF-1.3 test').toString('base64'));
      const preview = JSON.parse(
        readFileSync(join(folder, files.find((name) => name.endsWith('.json')) ?? ''), 'utf8'),
      );
      expect(preview.attachments).toEqual(['billets-GU-1.pdf']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('SMTP mailer', () => {
  it('sends the attachments to the server', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Guichet <billets@guichet.test>',
      MAIL_OUTBOX_DIR: tmpdir(),
    });
    try {
      await mailer.send({
        to: 'a@exemple.fr',
        subject: 'Pièce jointe',
        text: 'Bonjour',
        html: '<p>Bonjour</p>',
        attachments: [
          { filename: 'facture-FAC-000001.pdf', content: Buffer.from('%PDF-1.3'), contentType: 'application/pdf' },
        ],
      });
      const [message] = smtp.messages;
      expect(message?.raw).toMatch(/Content-Type: application\/pdf; name=facture-FAC-000001\.pdf/);
      expect(message?.raw).toContain('Content-Disposition: attachment; filename=facture-FAC-000001.pdf');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});
