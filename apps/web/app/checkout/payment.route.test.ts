/**
 * The payment page when the API refuses for too many attempts (issue 22): the 11th card in a minute is the
 * API's French 429 message with its delay — the 429 page for a page load, the form's alert for the card
 * form (what may come back kept) — never « Service indisponible ». A real HTTP server stands in for the API.
 */
import { describe, expect, it } from 'vitest';
import { apiRefusingEveryCall, TOO_MANY } from '../../test/refusing-api';
import { guest, thrown } from '../../test/session-support';
import { action, loader } from './payment.route';

apiRefusingEveryCall();

const PAGE = 'http://localhost:3000/payment?order=7.signature';

describe('the payment page, refused for too many attempts', () => {
  it('a page load is the 429 page with the API’s message and its delay', async () => {
    const error = await thrown(() => loader({ request: new Request(PAGE), context: guest() } as never));
    expect(error).toMatchObject({ init: { status: 429 }, data: TOO_MANY.message });
  });

  it('the card form says the API’s message above its fields, with the expiry typed kept', async () => {
    const request = new Request(PAGE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'pay', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }),
    });
    const answer = (await action({ request, context: guest() } as never)) as unknown as {
      init: { status: number };
      data: { alert: string; reply: { values: Record<string, unknown> } };
    };
    expect(answer.init.status).toBe(429);
    expect(answer.data.alert).toBe(TOO_MANY.message);
    expect(answer.data.reply.values).toEqual({ intent: 'pay', expiry: '12/30' });
  });
});
