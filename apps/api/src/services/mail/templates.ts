/** The French e-mails of Guichet, each as text and HTML. Every value put into HTML is escaped. */
import { formatPrice, LEGAL_ENTITY, ORDER_HOLD_MINUTES } from '@guichet/domain';
import type { MailMessage } from './mailer.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">Guichet</p>
${body}
<p style="margin:32px 0 0;font-size:12px;color:#71717a">Cet e-mail vous a été envoyé automatiquement par Guichet ; merci de ne pas y répondre.</p>
</div>
</body>
</html>
`;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#4f46e5;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

export function welcomeMail(input: { to: string; firstname: string; siteUrl: string }): MailMessage {
  const accountUrl = `${input.siteUrl}/account`;
  const subject = 'Bienvenue sur Guichet';
  const text = [
    `Bonjour ${input.firstname},`,
    '',
    'Votre compte Guichet est créé. Vous pouvez dès maintenant réserver vos billets, profiter des bons plans et participer aux jeux-concours.',
    '',
    `Votre espace personnel : ${accountUrl}`,
    '',
    'À bientôt sur Guichet !',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Bonjour ${escapeHtml(input.firstname)},</p>
<p>Votre compte Guichet est créé. Vous pouvez dès maintenant réserver vos billets, profiter des bons plans et participer aux jeux-concours.</p>
${button(accountUrl, 'Mon espace personnel')}
<p>À bientôt sur Guichet !</p>`,
  );
  return { to: input.to, subject, text, html };
}

export function passwordResetMail(input: {
  to: string;
  firstname: string;
  siteUrl: string;
  token: string;
}): MailMessage {
  const link = `${input.siteUrl}/forgot-password?token=${encodeURIComponent(input.token)}`;
  const subject = 'Réinitialisation de votre mot de passe Guichet';
  const text = [
    `Bonjour ${input.firstname},`,
    '',
    'Vous avez demandé à réinitialiser le mot de passe de votre compte Guichet. Pour en choisir un nouveau, ouvrez ce lien :',
    '',
    link,
    '',
    'Ce lien expire dans 1 heure et ne sert qu’une fois.',
    '',
    'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Bonjour ${escapeHtml(input.firstname)},</p>
<p>Vous avez demandé à réinitialiser le mot de passe de votre compte Guichet. Pour en choisir un nouveau, cliquez sur le bouton ci-dessous.</p>
${button(link, 'Choisir un nouveau mot de passe')}
<p>Ce lien expire dans <strong>1 heure</strong> et ne sert qu’une fois. S’il ne s’ouvre pas, copiez cette adresse dans votre navigateur :<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.</p>`,
  );
  return { to: input.to, subject, text, html };
}

export type OrderMailLine = {
  title: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** A ticket's event, repeated in the recap: when (« Samedi … à 20 h 00 », « Valable du … au … ») and where. */
  event?: { when: string; place: string } | null;
};

/** « Valable jusqu’au dimanche 20 décembre 2026 · Palais de la Meuse, 2 quai …, 4020 Liège ». */
const lineEvent = (line: OrderMailLine) => (line.event ? `${line.event.when} · ${line.event.place}` : null);

/** « 2 × 35 € »: what the line is, as the recap of the checkout showed it. */
const lineAmount = (line: OrderMailLine) => `${line.quantity} × ${formatPrice(line.unitPrice)}`;

/**
 * The one e-mail of a paid order: its recap, the signed download link, and the reminder of the attached
 * files (tickets PDF, invoice, calendar entries). Tickets of a dated event carry no right of withdrawal
 * (Code de la consommation L221-28, 12°); deal vouchers keep the 14 days, which the buyer is reminded of.
 */
export function orderConfirmationMail(input: {
  to: string;
  firstname: string;
  reference: string;
  lines: readonly OrderMailLine[];
  totalAmount: number;
  downloadUrl: string;
  orderUrl: string;
  hasVouchers: boolean;
  /** False for an order of deals alone: no ticket, no calendar file. True when left out. */
  hasTickets?: boolean;
}): MailMessage {
  const subject = `Vos billets — commande ${input.reference}`;
  const hasTickets = input.hasTickets ?? true;
  const total = formatPrice(input.totalAmount);
  const attachedNote = hasTickets
    ? 'Vous trouverez en pièces jointes vos billets en PDF (un par page, avec son code QR), votre facture et, pour chaque événement, un fichier à ajouter à votre agenda (.ics).'
    : 'Vous trouverez en pièces jointes vos bons en PDF (un par page, avec son code QR) et votre facture.';
  const withdrawalNote = [
    hasTickets
      ? 'Les billets d’un spectacle à date fixe ne donnent pas droit à rétractation (article L221-28 du Code de la consommation).'
      : '',
    input.hasVouchers
      ? 'Pour vos bons plans, vous disposez d’un délai de rétractation de 14 jours à compter de l’achat.'
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const text = [
    `Bonjour ${input.firstname},`,
    '',
    `Merci pour votre commande ${input.reference} : votre paiement est bien reçu.`,
    '',
    'Récapitulatif :',
    ...input.lines.flatMap((line) => [
      `- ${line.title} : ${lineAmount(line)} = ${formatPrice(line.lineTotal)}`,
      ...(line.event ? [`  ${lineEvent(line)}`] : []),
    ]),
    `Total payé : ${total} TTC`,
    '',
    attachedNote,
    '',
    'Vous pouvez aussi les télécharger à tout moment avec ce lien personnel (ne le partagez pas) :',
    input.downloadUrl,
    '',
    `Votre commande dans votre espace personnel : ${input.orderUrl}`,
    '',
    withdrawalNote,
    '',
    'À bientôt sur Guichet !',
  ].join('\n');
  const rows = input.lines
    .map(
      (line) =>
        `<tr><td style="padding:6px 0;border-bottom:1px solid #e4e4e7">${escapeHtml(line.title)}${line.event ? `<br><span style="font-size:13px">${escapeHtml(lineEvent(line) ?? '')}</span>` : ''}<br><span style="color:#71717a;font-size:13px">${escapeHtml(lineAmount(line))}</span></td><td style="padding:6px 0 6px 12px;border-bottom:1px solid #e4e4e7;text-align:right;white-space:nowrap">${escapeHtml(formatPrice(line.lineTotal))}</td></tr>`,
    )
    .join('\n');
  const html = layout(
    subject,
    `<p>Bonjour ${escapeHtml(input.firstname)},</p>
<p>Merci pour votre commande <strong>${escapeHtml(input.reference)}</strong> : votre paiement est bien reçu.</p>
<table style="width:100%;border-collapse:collapse;margin:16px 0">
${rows}
<tr><td style="padding:8px 0;font-weight:bold">Total payé TTC</td><td style="padding:8px 0 8px 12px;text-align:right;font-weight:bold;white-space:nowrap">${escapeHtml(total)}</td></tr>
</table>
<p>${escapeHtml(attachedNote)}</p>
${button(input.downloadUrl, 'Télécharger mes billets')}
<p style="font-size:13px;color:#71717a">Ce lien est personnel : ne le partagez pas. S’il ne s’ouvre pas, copiez cette adresse dans votre navigateur :<br><a href="${escapeHtml(input.downloadUrl)}">${escapeHtml(input.downloadUrl)}</a></p>
<p>Retrouvez aussi votre commande dans <a href="${escapeHtml(input.orderUrl)}">votre espace personnel</a>.</p>
<p style="font-size:13px;color:#71717a">${escapeHtml(withdrawalNote)}</p>
<p>À bientôt sur Guichet !</p>`,
  );
  return { to: input.to, subject, text, html };
}

/**
 * A payment that came after the order's places were released and sold to someone else: the money goes
 * back in full, and no ticket exists. Never money taken without tickets (spec: late payment).
 */
export function lateRefundMail(input: {
  to: string;
  firstname: string;
  reference: string;
  amount: number;
}): MailMessage {
  const subject = `Commande ${input.reference} : paiement remboursé`;
  const amount = formatPrice(input.amount);
  const explanation = `Votre paiement pour la commande ${input.reference} nous est parvenu après la fin des ${ORDER_HOLD_MINUTES} minutes pendant lesquelles vos places vous étaient réservées, et ces places ont été vendues entre-temps.`;
  const refund = `Nous vous remboursons donc l’intégralité de la somme, soit ${amount}, sur le moyen de paiement utilisé. Aucun billet n’a été émis pour cette commande. Selon votre banque, le remboursement apparaît sur votre compte sous quelques jours.`;
  const contact = `Pour toute question, écrivez-nous à ${LEGAL_ENTITY.contactEmail} en rappelant la référence ${input.reference}.`;
  const text = [`Bonjour ${input.firstname},`, '', explanation, '', refund, '', contact, '', 'L’équipe Guichet'].join(
    '\n',
  );
  const html = layout(
    subject,
    `<p>Bonjour ${escapeHtml(input.firstname)},</p>
<p>${escapeHtml(explanation)}</p>
<p>${escapeHtml(refund)}</p>
<p>${escapeHtml(contact)}</p>
<p>L’équipe Guichet</p>`,
  );
  return { to: input.to, subject, text, html };
}

/** The day after an event: a few questions about it, from a signed link that needs no login. */
export function surveyInvitationMail(input: {
  to: string;
  firstname: string;
  ticketingTitle: string;
  surveyTitle: string;
  link: string;
}): MailMessage {
  const subject = `${input.ticketingTitle} : votre avis nous intéresse`;
  const intro = `Merci d’être venu à « ${input.ticketingTitle} ». Deux minutes pour nous dire ce que vous en avez pensé ?`;
  const text = [
    `Bonjour ${input.firstname},`,
    '',
    intro,
    '',
    `${input.surveyTitle} : ${input.link}`,
    '',
    'Ce lien vous est personnel : une seule réponse par participant.',
    '',
    'L’équipe Guichet',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Bonjour ${escapeHtml(input.firstname)},</p>
<p>${escapeHtml(intro)}</p>
${button(input.link, 'Répondre à l’enquête')}
<p>Ce lien vous est personnel : une seule réponse par participant. S’il ne s’ouvre pas, copiez cette adresse dans votre navigateur :<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p>L’équipe Guichet</p>`,
  );
  return { to: input.to, subject, text, html };
}

/** « Vous avez gagné ! »: sent once to each winner of a contest game, after the draw committed. */
export function contestWinnerMail(input: {
  to: string;
  firstname: string;
  gameTitle: string;
  prize: string;
  rankingUrl: string;
}): MailMessage {
  const subject = 'Vous avez gagné !';
  const text = [
    `Bonjour ${input.firstname},`,
    '',
    `Félicitations : vous faites partie des gagnants du jeu-concours « ${input.gameTitle} ».`,
    `Votre lot : ${input.prize}.`,
    '',
    'Notre équipe vous contactera très prochainement pour vous le remettre.',
    '',
    `Le classement final : ${input.rankingUrl}`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Bonjour ${escapeHtml(input.firstname)},</p>
<p>Félicitations : vous faites partie des gagnants du jeu-concours « ${escapeHtml(input.gameTitle)} ».</p>
<p>Votre lot : <strong>${escapeHtml(input.prize)}</strong>.</p>
<p>Notre équipe vous contactera très prochainement pour vous le remettre.</p>
${button(input.rankingUrl, 'Voir le classement final')}`,
  );
  return { to: input.to, subject, text, html };
}

/** The pro sign-up's link: confirming the address opens the pro site, logged in (48 hours, once). */
export function proConfirmationMail(input: {
  to: string;
  firstname: string;
  proUrl: string;
  token: string;
}): MailMessage {
  const link = `${input.proUrl}/confirmer?jeton=${encodeURIComponent(input.token)}`;
  const subject = 'Confirmez votre adresse pour ouvrir votre billetterie Guichet';
  const text = [
    `Bonjour ${input.firstname},`,
    '',
    'Pour ouvrir votre espace pro Guichet et mettre vos événements en vente, confirmez votre adresse e-mail avec ce lien :',
    '',
    link,
    '',
    'Ce lien expire dans 48 heures et ne sert qu’une fois.',
    '',
    'Si vous n’avez pas demandé à ouvrir une billetterie sur Guichet, ignorez cet e-mail.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Bonjour ${escapeHtml(input.firstname)},</p>
<p>Pour ouvrir votre espace pro Guichet et mettre vos événements en vente, confirmez votre adresse e-mail.</p>
${button(link, 'Confirmer mon adresse')}
<p>Ce lien expire dans <strong>48 heures</strong> et ne sert qu’une fois. S’il ne s’ouvre pas, copiez cette adresse dans votre navigateur :<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>Si vous n’avez pas demandé à ouvrir une billetterie sur Guichet, ignorez cet e-mail.</p>`,
  );
  return { to: input.to, subject, text, html };
}

const ROLE_LABELS = {
  OWNER: 'propriétaire',
  MANAGER: 'gestionnaire',
  SCANNER: 'contrôleur (contrôle d’accès)',
} as const;

/** An invitation to an organiser's team, with its role (7 days, once). */
export function teamInvitationMail(input: {
  to: string;
  organizer: string;
  role: keyof typeof ROLE_LABELS;
  proUrl: string;
  token: string;
}): MailMessage {
  const link = `${input.proUrl}/invitation?jeton=${encodeURIComponent(input.token)}`;
  const subject = `Invitation à rejoindre l’équipe de ${input.organizer} sur Guichet`;
  const role = ROLE_LABELS[input.role];
  const text = [
    'Bonjour,',
    '',
    `Vous êtes invité·e à rejoindre l’équipe de ${input.organizer} dans l’espace pro Guichet, en tant que ${role}. Pour accepter, ouvrez ce lien :`,
    '',
    link,
    '',
    'Ce lien expire dans 7 jours et ne sert qu’une fois.',
    '',
    'Si vous ne connaissez pas cet organisateur, ignorez cet e-mail.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Bonjour,</p>
<p>Vous êtes invité·e à rejoindre l’équipe de <strong>${escapeHtml(input.organizer)}</strong> dans l’espace pro Guichet, en tant que ${escapeHtml(role)}.</p>
${button(link, 'Accepter l’invitation')}
<p>Ce lien expire dans <strong>7 jours</strong> et ne sert qu’une fois. S’il ne s’ouvre pas, copiez cette adresse dans votre navigateur :<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>Si vous ne connaissez pas cet organisateur, ignorez cet e-mail.</p>`,
  );
  return { to: input.to, subject, text, html };
}

// ——— After the sale (docs/decisions/0066) ———

/** A plain notice: greeting, paragraphs, an optional button, the team's signature; same words in text and HTML. */
function notice(input: {
  to: string;
  subject: string;
  firstname: string;
  paragraphs: readonly string[];
  link?: { url: string; label: string };
}): MailMessage {
  const contact = `Pour toute question, écrivez-nous à ${LEGAL_ENTITY.contactEmail}.`;
  const text = [
    `Bonjour ${input.firstname},`,
    '',
    ...input.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(input.link ? [`${input.link.label} : ${input.link.url}`, ''] : []),
    contact,
    '',
    'L’équipe Guichet',
  ].join('\n');
  const html = layout(
    input.subject,
    `<p>Bonjour ${escapeHtml(input.firstname)},</p>
${input.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n')}
${input.link ? button(input.link.url, input.link.label) : ''}
<p>${escapeHtml(contact)}</p>
<p>L’équipe Guichet</p>`,
  );
  return { to: input.to, subject: input.subject, text, html };
}

/** How long a card refund takes to show, said once for every refund mail. */
const REFUND_DELAY =
  'Le remboursement est fait sur le moyen de paiement utilisé ; selon votre banque, il apparaît sur votre compte sous quelques jours.';

/** Tickets (or vouchers) of an order refunded: the amount, what is no longer valid, the credit note attached. */
export function refundMail(input: {
  to: string;
  firstname: string;
  reference: string;
  amount: number;
  creditNote: string;
  titles: readonly string[];
  orderUrl: string;
}): MailMessage {
  return notice({
    to: input.to,
    subject: `Remboursement de votre commande ${input.reference}`,
    firstname: input.firstname,
    paragraphs: [
      `Nous vous avons remboursé ${formatPrice(input.amount)} sur votre commande ${input.reference}.`,
      `Les billets remboursés ne sont plus valables : ${input.titles.join(', ')}.`,
      REFUND_DELAY,
      `Vous trouverez en pièce jointe l’avoir ${input.creditNote}, qui se rapporte à la facture de votre commande.`,
    ],
    link: { url: input.orderUrl, label: 'Voir ma commande' },
  });
}

/** The event is cancelled: every ticket of it refunded, the organiser's word passed on, the credit note attached. */
export function cancellationMail(input: {
  to: string;
  firstname: string;
  reference: string;
  eventTitle: string;
  amount: number;
  creditNote: string;
  message: string | null;
  orderUrl: string;
}): MailMessage {
  return notice({
    to: input.to,
    subject: `Annulé : ${input.eventTitle} — vous êtes remboursé`,
    firstname: input.firstname,
    paragraphs: [
      `L’organisateur a annulé « ${input.eventTitle} ». Vos billets de cet événement (commande ${input.reference}) ne sont plus valables et nous vous avons remboursé ${formatPrice(input.amount)}.`,
      ...(input.message ? [`Le mot de l’organisateur :\n${input.message}`] : []),
      REFUND_DELAY,
      `Vous trouverez en pièce jointe l’avoir ${input.creditNote}.`,
    ],
    link: { url: input.orderUrl, label: 'Voir ma commande' },
  });
}

/** The event moves: the new date, tickets still valid, a refund on request until the organiser's date. */
export function postponementMail(input: {
  to: string;
  firstname: string;
  reference: string;
  eventTitle: string;
  newDate: string;
  previousDate: string;
  refundUntil: string;
  orderUrl: string;
}): MailMessage {
  return notice({
    to: input.to,
    subject: `Reporté : ${input.eventTitle} — nouvelle date le ${input.newDate}`,
    firstname: input.firstname,
    paragraphs: [
      `« ${input.eventTitle} », prévu le ${input.previousDate}, est reporté au ${input.newDate}.`,
      `Vos billets (commande ${input.reference}) restent valables pour la nouvelle date : vous n’avez rien à faire.`,
      `Si vous ne pouvez pas venir, vous pouvez demander le remboursement de vos billets depuis votre espace personnel jusqu’au ${input.refundUntil}.`,
    ],
    link: { url: input.orderUrl, label: 'Voir ma commande' },
  });
}

/** The order's valid tickets sent again, at the buyer's request (the PDF attached, refunded ones left out). */
export function ticketsResendMail(input: {
  to: string;
  firstname: string;
  reference: string;
  orderUrl: string;
}): MailMessage {
  return notice({
    to: input.to,
    subject: `Vos billets — commande ${input.reference} (nouvel envoi)`,
    firstname: input.firstname,
    paragraphs: [
      `Comme demandé, voici de nouveau les billets valables de votre commande ${input.reference}, en pièce jointe (un par page, avec son code QR).`,
      'Les billets remboursés n’y figurent plus.',
    ],
    link: { url: input.orderUrl, label: 'Voir ma commande' },
  });
}

/** L221-21 Code de la consommation: the withdrawal is acknowledged without delay, on a durable medium. */
export function withdrawalAcknowledgementMail(input: {
  to: string;
  firstname: string;
  reference: string;
  amount: number;
  titles: readonly string[];
  orderUrl: string;
}): MailMessage {
  return notice({
    to: input.to,
    subject: `Nous avons bien reçu votre rétractation — commande ${input.reference}`,
    firstname: input.firstname,
    paragraphs: [
      `Nous avons bien reçu votre rétractation pour : ${input.titles.join(', ')} (commande ${input.reference}).`,
      `Ces bons ne sont plus valables. Nous vous remboursons ${formatPrice(input.amount)}, dans les 14 jours au plus (article L221-24 du Code de la consommation) ; vous recevrez l’avoir par e-mail dès que le remboursement sera fait.`,
      REFUND_DELAY,
    ],
    link: { url: input.orderUrl, label: 'Voir ma commande' },
  });
}
