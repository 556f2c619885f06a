/** The French e-mails of Guichet, each as text and HTML. Every value put into HTML is escaped. */
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
