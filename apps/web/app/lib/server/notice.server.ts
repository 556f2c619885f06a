/**
 * Notifications set by a route action and shown after its redirect (the kit's notices, in this site's own
 * short-lived cookie): the action puts the notice in it, the root loader reads it once and clears it.
 */
import { createNotices } from '@guichet/ui/notice.server';
import { siteCookie } from './cookies.server';

export const { noticeHeaders, redirectWithNotice, takeNotice } = createNotices(siteCookie('guichet_notice', 60));
