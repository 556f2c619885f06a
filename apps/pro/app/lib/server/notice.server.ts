/** Notices left by an action for the next page (the kit's, in a short-lived cookie of the pro origin). */
import { createNotices } from '@guichet/ui/notice.server';
import { proCookie } from './cookies.server';

export const { noticeHeaders, redirectWithNotice, takeNotice } = createNotices(proCookie('guichet_pro_notice', 60));
