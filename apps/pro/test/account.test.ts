/**
 * The pro site's account pages against the real API: sign-up, confirmation, login (retour, unconfirmed
 * address), logout, the session's renewal, the first organiser, an invitation accepted.
 */
import { inviteTeamMember, proRefreshSession } from '@guichet/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../api/src/db/schema';
import { VALID_IBAN, VALID_SIRET } from '../../api/test/pro/support';
import { loader as confirmLoader } from '../app/account/confirm.route';
import { action as invitationAction } from '../app/account/invitation.route';
import { action as loginAction } from '../app/account/login.route';
import { action as logoutAction } from '../app/account/logout.route';
import { action as resendAction } from '../app/account/resend.route';
import { action as signupAction } from '../app/account/signup.route';
import { loader as homeLoader } from '../app/dashboard/home.route';
import { proApiFor } from '../app/lib/server/api.server';
import {
  getProSession,
  proAccessTokenCookie,
  proRefreshTokenCookie,
  resolveProSession,
} from '../app/lib/server/session.server';
import { get, post, realProApi, signedOut, thrown } from './real-api';

const real = realProApi();
const PASSWORD = 'Vélo-rouge-sur-la-Loire';

let count = 0;
function signupFields(overrides: Record<string, string> = {}) {
  count += 1;
  return {
    firstname: 'Margaux',
    lastname: 'Lefèvre',
    email: `orga-${count}-${Math.random().toString(36).slice(2, 8)}@exemple.fr`,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    name: 'Le Rocher',
    legalName: 'Association Le Rocher',
    siret: VALID_SIRET,
    website: '',
    street: '1 rue Aristide Briand',
    postalCode: '33150',
    city: 'Cenon',
    country: 'France',
    contactEmail: 'contact@exemple.fr',
    contactPhone: '05 56 74 80 00',
    iban: VALID_IBAN,
    acceptTerms: 'on',
    ...overrides,
  };
}

type Answer = { data: Record<string, unknown>; init: ResponseInit | null };
const statusOf = (answer: unknown) => (answer as Answer).init?.status ?? 200;
const dataOf = (answer: unknown) => ((answer as Answer).data ?? answer) as Record<string, unknown>;

function redirectOf(value: unknown) {
  if (!(value instanceof Response)) throw value;
  return { status: value.status, location: value.headers.get('Location'), cookies: value.headers.getSetCookie() };
}

async function signUp(fields = signupFields()) {
  const answer = await signupAction({
    request: post('/inscription', fields),
    context: signedOut(),
    params: {},
  } as never);
  return { fields, answer };
}

describe('sign-up', () => {
  it('opens the account and its organiser, then says where the confirmation link went', async () => {
    const { fields, answer } = await signUp();
    expect(dataOf(answer).sent).toBe(fields.email);
    expect(await real.mailedToken(fields.email, '/confirmer')).toMatch(/.+/);
  });

  it('refuses a wrong SIRET or IBAN on its field, keeping what was typed but never the passwords', async () => {
    const { answer } = await signUp(signupFields({ siret: '356 000 000 00049', iban: 'FR76 0000' }));
    expect(statusOf(answer)).toBe(400);
    const reply = dataOf(answer).reply as unknown as { errors: Record<string, string>; values: Record<string, string> };
    expect(reply.errors.siret).toBe('Ce numéro SIRET n’est pas valide.');
    expect(reply.errors.iban).toBeDefined();
    expect(reply.values.name).toBe('Le Rocher');
    expect(reply.values.password).toBeUndefined();
  });

  it('says an address already taken, with the way to log in', async () => {
    const first = await signUp();
    const { answer } = await signUp(signupFields({ email: first.fields.email }));
    expect(statusOf(answer)).toBe(409);
    expect(dataOf(answer).emailTaken).toBe(true);
    const reply = dataOf(answer).reply as unknown as { errors: Record<string, string>; values: Record<string, string> };
    expect(reply.errors.email).toMatch(/existe déjà/);
    expect(reply.values.password).toBeUndefined();
  });

  it('sends a new link on request, answering the same for any address', async () => {
    const answer = await resendAction({
      request: post('/confirmation/renvoi', { email: 'personne@exemple.fr' }),
      context: signedOut(),
      params: {},
    } as never);
    expect(dataOf(answer).sent).toMatch(/nouveau lien/);
  });
});

describe('confirmation link', () => {
  it('confirms, opens the pro session and lands on the new organiser’s dashboard with a notice', async () => {
    const { fields } = await signUp();
    const token = await real.mailedToken(fields.email, '/confirmer');
    const context = signedOut();
    const answer = redirectOf(
      await thrown(() => confirmLoader({ request: get(`/confirmer?jeton=${token}`), context, params: {} } as never)),
    );
    expect(answer.location).toMatch(/^\/organisateurs\/\d+$/);
    expect(answer.cookies.join()).toMatch(/guichet_pro_notice=/);
    expect(getProSession(context).signedIn).toBe(true);
    // Used once: the same link now says it is invalid, with the form for a new one.
    const again = await confirmLoader({
      request: get(`/confirmer?jeton=${token}`),
      context: signedOut(),
      params: {},
    } as never);
    expect(statusOf(again)).toBe(400);
    expect(dataOf(again).error).toMatch(/invalide/);
  });
});

describe('login', () => {
  const login = (path: string, email: string, password = PASSWORD) => {
    const context = signedOut();
    return {
      context,
      work: () => loginAction({ request: post(path, { email, password }), context, params: {} } as never),
    };
  };

  it('goes back to the page `retour` names when it is a path of this site, else home', async () => {
    const member = await real.member();
    const back = redirectOf(await thrown(login('/connexion?retour=%2Forganisateurs%2F1%2Fequipe', member.email).work));
    expect(back.location).toBe('/organisateurs/1/equipe');
    for (const unsafe of ['https://evil.example', '//evil.example', '/\\evil.example', '/connexion']) {
      const home = redirectOf(
        await thrown(login(`/connexion?retour=${encodeURIComponent(unsafe)}`, member.email).work),
      );
      expect(home.location, unsafe).toBe('/');
    }
  });

  it('refuses an address not yet confirmed, offering a new link', async () => {
    const { fields } = await signUp();
    const answer = await login('/connexion', fields.email).work();
    expect(statusOf(answer)).toBe(403);
    expect(dataOf(answer).unconfirmed).toBe(true);
    expect(dataOf(answer).error).toMatch(/Confirmez d’abord/);
  });

  it('says wrong credentials above the form, keeping the e-mail', async () => {
    const member = await real.member();
    const answer = await login('/connexion', member.email, 'pas-le-bon-mot-de-passe').work();
    expect(statusOf(answer)).toBe(401);
    expect((dataOf(answer).reply as unknown as { values: { email: string } }).values.email).toBe(member.email);
  });
});

describe('the session', () => {
  it('renews an expired access token once with the refresh cookie; a revoked one signs out', async () => {
    const member = await real.member();
    // An access token expired long ago (and a tampered one reads the same), the refresh token live.
    const expired = (await proAccessTokenCookie.serialize('h.eyJleHAiOjF9.s')).split(';')[0];
    const refreshCookie = (await proRefreshTokenCookie.serialize(member.tokens.refreshToken)).split(';')[0];
    const request = new Request('http://localhost:3001/', { headers: { cookie: `${expired}; ${refreshCookie}` } });
    const refresh = (refreshToken: string) => proApiFor(request).send(proRefreshSession, { body: { refreshToken } });
    const renewed = await resolveProSession(request, refresh);
    expect(renewed.signedIn).toBe(true);
    expect(renewed.cookies).toHaveLength(2);
    // The old refresh token has been used: a second request with it is answered 409 or 401, never a session.
    const stale = await resolveProSession(request, refresh);
    expect(stale.signedIn).toBe(false);
  });

  it('logs out: the refresh token is revoked by the API and the cookies cleared', async () => {
    const member = await real.member();
    const context = member.context();
    const answer = redirectOf(
      await thrown(() => logoutAction({ request: post('/deconnexion', {}), context, params: {} } as never)),
    );
    expect(answer.location).toBe('/');
    const session = getProSession(context);
    expect(session.signedIn).toBe(false);
    expect(session.cookies.every((cookie) => cookie.includes('Max-Age=0'))).toBe(true);
    const refused = await proApiFor(get('/')).send(proRefreshSession, {
      body: { refreshToken: member.tokens.refreshToken },
    });
    expect(refused.status).toBe(401);
  });
});

describe('home', () => {
  it('sends someone signed in to their first organiser’s dashboard', async () => {
    const member = await real.member();
    const answer = redirectOf(
      await thrown(() => homeLoader({ request: get('/'), context: member.context(), params: {} } as never)),
    );
    expect(answer.location).toBe(`/organisateurs/${member.organizerId}`);
  });

  it('shows the welcome to someone signed out', async () => {
    expect(await homeLoader({ request: get('/'), context: signedOut(), params: {} } as never)).toEqual({
      signedIn: false,
    });
  });
});

describe('invitation', () => {
  it('creates the invited person’s account, opens their session and lands on the organiser', async () => {
    const owner = await real.member();
    const email = `invite-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
    const invited = await proApiFor(get('/'), owner.context()).send(inviteTeamMember, {
      params: { organizerId: owner.organizerId },
      body: { email, role: 'MANAGER' },
    });
    expect(invited.status).toBe(201);
    const token = await real.mailedToken(email, '/invitation');
    const context = signedOut();
    const fields = {
      firstname: 'Inès',
      lastname: 'Morel',
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      acceptTerms: 'on',
    };
    const answer = redirectOf(
      await thrown(() =>
        invitationAction({ request: post(`/invitation?jeton=${token}`, fields), context, params: {} } as never),
      ),
    );
    expect(answer.location).toBe(`/organisateurs/${owner.organizerId}`);
    expect(getProSession(context).signedIn).toBe(true);
    const [row] = await real
      .api()
      .database.db.select({ confirmed: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.confirmed).not.toBeNull();
  });
});
