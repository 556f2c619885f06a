/** Reading the development outbox written by the file mailer (see mailer.ts). */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxMessage, OutboxSummary } from '@guichet/contracts';

const ID = /^[A-Za-z0-9-]{1,64}$/;
const MOST_LISTED = 50;

async function readMessage(folder: string, id: string): Promise<OutboxMessage | null> {
  if (!ID.test(id)) return null;
  try {
    return JSON.parse(await readFile(join(folder, `${id}.json`), 'utf8')) as OutboxMessage;
  } catch {
    return null;
  }
}

/** The latest messages, newest first. */
export async function listOutbox(folder: string): Promise<OutboxSummary[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const ids = names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort()
    .reverse()
    .slice(0, MOST_LISTED);
  const messages = await Promise.all(ids.map((id) => readMessage(folder, id)));
  return messages
    .filter((message): message is OutboxMessage => message !== null)
    .map(({ id, to, subject, date }) => ({ id, to, subject, date }));
}

export function readOutboxMessage(folder: string, id: string): Promise<OutboxMessage | null> {
  return readMessage(folder, id);
}
