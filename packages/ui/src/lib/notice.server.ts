/**
 * Notifications set by a route action and shown after its redirect, on either site: the action puts the
 * notice in a short-lived cookie (the site's own, given here), the root loader reads it once and clears it.
 */
import {
  isNotificationLink,
  isNotificationState,
  type NotificationLink,
  type NotificationState,
} from '@guichet/domain';
import { type Cookie, redirect } from 'react-router';
import type { ServerNotice } from '../notifications';

export function createNotices(noticeCookie: Cookie) {
  /** Headers that carry a notice to the next page the visitor sees. */
  async function noticeHeaders(message: string, state: NotificationState, link?: NotificationLink): Promise<Headers> {
    const notice: ServerNotice = { id: crypto.randomUUID(), message, state, ...(link ? { link } : {}) };
    return new Headers({ 'Set-Cookie': await noticeCookie.serialize(notice) });
  }

  /** Redirects and shows a notification on arrival. */
  async function redirectWithNotice(url: string, message: string, state: NotificationState) {
    return redirect(url, { headers: await noticeHeaders(message, state) });
  }

  /** The pending notice, if any, and the header that clears it. */
  async function takeNotice(request: Request): Promise<{ notice: ServerNotice | null; headers: Headers }> {
    const headers = new Headers();
    const raw: unknown = await noticeCookie.parse(request.headers.get('Cookie'));
    if (!raw || typeof raw !== 'object') return { notice: null, headers };
    headers.append('Set-Cookie', await noticeCookie.serialize('', { maxAge: 0 }));
    const { id, message, state, link } = raw as Record<string, unknown>;
    if (typeof id !== 'string' || typeof message !== 'string' || !isNotificationState(state)) {
      return { notice: null, headers };
    }
    return { notice: { id, message, state, ...(isNotificationLink(link) ? { link } : {}) }, headers };
  }

  return { noticeHeaders, redirectWithNotice, takeNotice };
}
