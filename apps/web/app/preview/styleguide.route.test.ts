/**
 * The styleguide's demonstration forms (previews, spec: development mode only): nothing is written, but the
 * feedback form's action must be the 404 page once previews are off (production), and answer the rules'
 * French messages otherwise; the interface page's form answers with a notice.
 */
import { FORM_MESSAGES } from '@guichet/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from '../../test/requests';
import { guest, thrown } from '../../test/session-support';
import { serverEnv } from '../lib/server/env.server';
import { takeNotice } from '../lib/server/notice.server';
import { action as feedback } from './styleguide.route';
import { action as notify } from './styleguide-interface.route';

const previews = serverEnv.PREVIEW_FEATURES;
afterEach(() => {
  serverEnv.PREVIEW_FEATURES = previews;
});

describe('the styleguide’s forms', () => {
  it('the feedback form is the 404 page when previews are off', async () => {
    serverEnv.PREVIEW_FEATURES = false;
    const error = await thrown(() => feedback({ request: post('/styleguide', {}), context: guest() } as never));
    expect(error).toMatchObject({ init: { status: 404 } });
  });

  it('with previews on, it answers the rules’ French messages', async () => {
    serverEnv.PREVIEW_FEATURES = true;
    const answer = (await feedback({
      request: post('/styleguide', { name: '', email: 'pas-une-adresse', subject: 'a' }),
      context: guest(),
    } as never)) as unknown as { init: { status: number }; data: { reply: { errors: Record<string, string> } } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.reply.errors).toMatchObject({ name: FORM_MESSAGES.required, email: FORM_MESSAGES.email });
  });

  it('the interface page’s form comes back with a success or an error notice', async () => {
    for (const [issue, state] of [
      ['ok', 'success'],
      ['error', 'error'],
    ] as const) {
      const response = (await notify({
        request: post('/styleguide/interface', { issue }),
        context: guest(),
      } as never)) as Response;
      expect(response.headers.get('Location')).toBe('/styleguide/interface');
      const cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      const { notice } = await takeNotice(new Request('http://localhost:3000/', { headers: { Cookie: cookie } }));
      expect(notice?.state).toBe(state);
    }
  });
});
