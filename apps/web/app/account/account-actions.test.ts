/**
 * The account's forms against the real API (issue 24 §5): log in, register, forgot password, log out, the
 * informations page's three forms, an order's cancellation. What is checked: where the visitor is sent, the
 * session's cookies, the form's French messages with what was typed kept (never a password), and the
 * account's rows.
 */
import {
  EMAIL_TAKEN_MESSAGE,
  FORGOT_PASSWORD_MESSAGE,
  INVALID_RESET_TOKEN_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '@guichet/contracts';
import { FORM_MESSAGES } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, users } from '../../../api/src/db/schema';
import { registerUser, TEST_PASSWORD, uniqueEmail } from '../../../api/test/auth/support';
import { realApi } from '../../test/real-api';
import { cookiesOf, post } from '../../test/requests';
import { contextWith, guest, loggedIn, thrown } from '../../test/session-support';
import { takeNotice } from '../lib/server/notice.server';
import { getSession, Session } from '../lib/server/session.server';
import { action as informations } from './account-informations.route';
import { action as forgotPassword } from './forgot-password.route';
import { action as login } from './login.route';
import { action as logout } from './logout.route';
import { action as cancelOrder } from './order.route';
import { action as register } from './register.route';

const real = realApi();

type FormAnswer = {
  init: { status: number };
  data: { reply: { errors: Record<string, string>; values: Record<string, unknown> } | null; error: string | null };
};

/** A member registered through the API, with the router context of their real session. */
async function registered() {
  const member = await registerUser(real.api().app);
  return { ...member, context: () => contextWith(new Session(member.tokens.accessToken, member.tokens.refreshToken)) };
}

/** The notice a redirect carries to the next page. */
async function noticeOf(response: Response) {
  const { notice } = await takeNotice(
    new Request('http://localhost:3000/', { headers: { Cookie: cookiesOf(response) } }),
  );
  return notice && { message: notice.message, state: notice.state };
}

describe('log in', () => {
  it('the right password logs in: the session’s cookies are set, then home', async () => {
    const member = await registered();
    const context = guest();
    const response = (await login({
      request: post('/auth/login', { email: member.email, password: member.password }),
      context,
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/');
    expect(getSession(context).user).toMatchObject({ id: member.id, loggedIn: true });
    expect(getSession(context).cookies.join('\n')).toMatch(/guichet_access=.+\n.*guichet_refresh=.+/);
  });

  it('a wrong password is the API’s French message above the form, the address kept, never the password', async () => {
    const member = await registered();
    const answer = (await login({
      request: post('/auth/login', { email: member.email, password: 'pas-le-bon-mot' }),
      context: guest(),
    } as never)) as unknown as FormAnswer;
    expect(answer.init.status).toBe(401);
    expect(answer.data.error).toBe(LOGIN_FAILED_MESSAGE);
    expect(answer.data.reply?.values).toEqual({ email: member.email });
  });

  it('a logged-in member posting the form is sent home (guest-only page)', async () => {
    const response = (await thrown(() =>
      login({ request: post('/auth/login', { email: 'a@b.fr', password: 'x' }), context: loggedIn() } as never),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/');
  });
});

describe('register', () => {
  const form = (email: string) => ({
    firstname: 'Inès',
    lastname: 'Martin',
    email,
    phone: '',
    password: TEST_PASSWORD,
    passwordConfirmation: TEST_PASSWORD,
    acceptTerms: 'on',
  });

  it('a new account is made and logged in', async () => {
    const email = uniqueEmail();
    const context = guest();
    const response = (await register({ request: post('/auth/register', form(email)), context } as never)) as Response;
    expect(response.headers.get('Location')).toBe('/');
    const [row] = await real.db().select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ firstname: 'Inès', lastname: 'Martin', phone: null });
    expect(getSession(context).user?.id).toBe(row?.id);
  });

  it('an address already taken is said on its field; the passwords do not come back', async () => {
    const member = await registered();
    const answer = (await register({
      request: post('/auth/register', form(member.email)),
      context: guest(),
    } as never)) as unknown as FormAnswer;
    expect(answer.init.status).toBe(409);
    expect(answer.data.reply?.errors).toEqual({ email: EMAIL_TAKEN_MESSAGE });
    expect(answer.data.reply?.values).not.toHaveProperty('password');
    expect(answer.data.reply?.values).not.toHaveProperty('passwordConfirmation');
  });

  it('the form’s own rules answer first, in French: no account made', async () => {
    const email = uniqueEmail();
    const answer = (await register({
      request: post('/auth/register', { ...form(email), passwordConfirmation: 'autre', acceptTerms: '' }),
      context: guest(),
    } as never)) as unknown as FormAnswer;
    expect(answer.init.status).toBe(400);
    expect(answer.data.reply?.errors).toEqual({
      passwordConfirmation: FORM_MESSAGES.sameAs,
      acceptTerms: FORM_MESSAGES.checked,
    });
    expect(await real.db().select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe('forgot password', () => {
  it('asking for a link says the same thing whether or not the address has an account', async () => {
    const member = await registered();
    for (const email of [member.email, uniqueEmail('personne')]) {
      const answer = (await forgotPassword({
        request: post('/forgot-password', { email }),
        context: guest(),
      } as never)) as unknown as { data: { sent: string } };
      expect(answer.data.sent).toBe(FORGOT_PASSWORD_MESSAGE);
    }
  });

  it('a dead link says so above the form, with a way to ask for a new one', async () => {
    const answer = (await forgotPassword({
      request: post('/forgot-password?token=not-a-real-token', {
        password: 'Un-nouveau-mot-de-passe-42',
        passwordConfirmation: 'Un-nouveau-mot-de-passe-42',
      }),
      context: guest(),
    } as never)) as unknown as { init: { status: number }; data: { error: string; linkInvalid: boolean } };
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({ error: INVALID_RESET_TOKEN_MESSAGE, linkInvalid: true });
  });
});

describe('log out', () => {
  it('clears the session and the device’s cart, ends the refresh token at the API, says so', async () => {
    const member = await registered();
    const context = member.context();
    const response = (await logout({ request: post('/logout', {}), context } as never)) as Response;
    expect(response.headers.get('Location')).toBe('/');
    expect(await noticeOf(response)).toEqual({ message: 'Vous êtes déconnecté.', state: 'success' });
    expect(cookiesOf(response)).toContain('guichet_cart=');
    expect(getSession(context).user).toBeNull();
    const refresh = await real.api().app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refreshToken: member.tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('the informations page', () => {
  it('saves the identity and the address, said by a notice', async () => {
    const member = await registered();
    const identity = (await informations({
      request: post('/account/informations', { intent: 'identity', firstname: 'Léa', lastname: 'Dupont', phone: '' }),
      context: member.context(),
    } as never)) as Response;
    expect(await noticeOf(identity)).toEqual({ message: 'Vos informations ont été enregistrées.', state: 'success' });
    const address = (await informations({
      request: post('/account/informations', {
        intent: 'address',
        street: '3 rue Neuve',
        postalCode: '69002',
        city: 'Lyon',
        country: 'France',
      }),
      context: member.context(),
    } as never)) as Response;
    expect(address.headers.get('Location')).toBe('/account/informations');
    const [row] = await real.db().select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({
      firstname: 'Léa',
      lastname: 'Dupont',
      phone: null,
      facturationAddress: { street: '3 rue Neuve', postalCode: '69002', city: 'Lyon', country: 'France' },
    });
  });

  it('a wrong current password is said, no password comes back; the right one ends the other sessions', async () => {
    const member = await registered();
    const change = (current: string) =>
      informations({
        request: post('/account/informations', {
          intent: 'password',
          currentPassword: current,
          newPassword: 'Un-nouveau-mot-de-passe-42',
          newPasswordConfirmation: 'Un-nouveau-mot-de-passe-42',
        }),
        context: member.context(),
      } as never);
    const wrong = (await change('pas-le-bon')) as unknown as FormAnswer;
    expect(wrong.init.status).toBe(400);
    expect(Object.values(wrong.data.reply?.errors ?? {}).concat(wrong.data.error ?? '')).toContain(
      WRONG_CURRENT_PASSWORD_MESSAGE,
    );
    expect(wrong.data.reply?.values).toEqual({});
    const right = (await change(member.password)) as Response;
    expect(await noticeOf(right)).toEqual({ message: 'Votre mot de passe a été modifié.', state: 'success' });
    const old = await real.api().app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refreshToken: member.tokens.refreshToken },
    });
    expect(old.statusCode).toBe(401);
  });

  it('a guest is sent to the login page', async () => {
    const response = (await thrown(() =>
      informations({ request: post('/account/informations', { intent: 'identity' }), context: guest() } as never),
    )) as Response;
    expect(response.headers.get('Location')).toBe('/auth/login');
  });
});

describe('cancelling an order', () => {
  it('cancels one’s own pending order; another member’s is the 404 page, untouched', async () => {
    const buyer = await registered();
    const ticket = await real.ticket();
    const cart = await real.api().app.inject({
      method: 'POST',
      url: `/account/${buyer.id}/cart`,
      headers: { authorization: `Bearer ${buyer.tokens.accessToken}` },
      payload: { cartItems: [{ quantity: 1, product: { productID: ticket.id, productType: 'TICKET' } }] },
    });
    expect(cart.statusCode).toBeLessThan(300);
    const made = await real.api().app.inject({
      method: 'POST',
      url: '/orders',
      headers: { authorization: `Bearer ${buyer.tokens.accessToken}` },
      payload: {
        cartID: cart.json<{ cartID: string }>().cartID,
        billing: { street: '1 rue A', postalCode: '75001', city: 'Paris', country: 'France' },
        holders: [],
        seen: [{ productID: ticket.id, unitPrice: 2500 }],
        acceptTerms: true,
      },
    });
    expect(made.statusCode).toBe(201);
    const [order] = await real.db().select().from(orders).where(eq(orders.userId, buyer.id));
    const orderID = String(order?.id);
    const other = await real.member('Zoé');
    const stranger = await thrown(() =>
      cancelOrder({
        request: post(`/account/orders/${orderID}`, {}),
        params: { orderID },
        context: other.context(),
      } as never),
    );
    expect(stranger).toMatchObject({ init: { status: 404 } });
    expect(await real.orderStatus(order?.id)).toBe('PENDING');
    const mine = (await thrown(() =>
      cancelOrder({
        request: post(`/account/orders/${orderID}`, {}),
        params: { orderID },
        context: buyer.context(),
      } as never),
    )) as Response;
    expect(mine.headers.get('Location')).toBe(`/account/orders/${orderID}?annulee=1`);
    expect(await real.orderStatus(order?.id)).toBe('CANCELLED');
  });
});
