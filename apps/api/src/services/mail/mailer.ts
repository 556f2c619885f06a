/**
 * Sending e-mail. With SMTP_URL, through that server (nodemailer); without, each message is written to
 * MAIL_OUTBOX_DIR as a raw .eml file plus a .json copy the development outbox routes read.
 * See docs/decisions/0010-mail-outbox.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { ApiEnv } from '../../env.js';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (tickets, invoice, calendar entries). */
  attachments?: readonly MailAttachment[];
};

export type Mailer = {
  /** `smtp` when a server is configured, `outbox` when messages go to files. */
  readonly kind: 'smtp' | 'outbox';
  /** Sends one message; rejects when the server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export function createMailer(env: Pick<ApiEnv, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_OUTBOX_DIR'>): Mailer {
  return env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer(env.MAIL_OUTBOX_DIR, env.MAIL_FROM);
}

function smtpMailer(url: string, from: string): Mailer {
  // Options written in the URL's query (?ignoreTLS=true, ?requireTLS=true…) win over these defaults.
  const transport = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message, attachments: message.attachments?.map((file) => ({ ...file })) });
    },
    close: () => transport.close(),
  };
}

/** Sortable by date, unique enough for one machine's outbox, safe as a file name. */
export function newOutboxId(date: Date): string {
  return `${date.toISOString().replace(/[-:.TZ]/g, '')}-${randomBytes(4).toString('hex')}`;
}

function outboxMailer(folder: string, from: string): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const date = new Date();
      const attachments = message.attachments?.map((file) => ({ ...file }));
      const info = await transport.sendMail({ from, date, ...message, attachments });
      const id = newOutboxId(date);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, `${id}.eml`), info.message);
      const preview = {
        id,
        to: message.to,
        subject: message.subject,
        date: date.toISOString(),
        text: message.text,
        html: message.html,
        // The files themselves live in the .eml only: the preview names them.
        ...(attachments?.length ? { attachments: attachments.map((file) => file.filename) } : {}),
      };
      await writeFile(join(folder, `${id}.json`), JSON.stringify(preview, null, 2));
    },
    close: () => transport.close(),
  };
}
