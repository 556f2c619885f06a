import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, validationIssues } from '../helpers.js';
import { bearer, newUser, registerUser, uniqueEmail } from './support.js';

let context: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const register = (user: Record<string, unknown>, form = 'user') =>
  context.app.inject({ method: 'POST', url: `/account?form=${form}`, payload: { user } });

describe('POST /account?form=user', () => {
  it('creates the account and logs it in: the access token carries id and firstname for 15 minutes', async () => {
    const email = uniqueEmail('Nouvelle.Membre');
    const response = await register(newUser({ firstname: ' Zoé ', email: `  ${email.toUpperCase()} ` }));
    expect(response.statusCode).toBe(201);
    const tokens = response.json<{ accessToken: string; refreshToken: string }>();
    expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = decodeJwt(tokens.accessToken);
    expect(claims).toMatchObject({ firstname: 'Zoé', sub: String(claims.id) });
    expect(typeof claims.id).toBe('number');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);

    const account = await context.app.inject({
      method: 'GET',
      url: `/account/${claims.id}`,
      headers: bearer(tokens.accessToken),
    });
    expect(account.json()).toMatchObject({
      id: claims.id,
      firstname: 'Zoé',
      lastname: 'Durand',
      email: email.toLowerCase(),
      phone: '0611223344',
      facturationAddress: null,
    });
  });

  it('refuses an address that already has an account, whatever its case', async () => {
    const { email } = await registerUser(context.app);
    for (const again of [email, email.toUpperCase()]) {
      const response = await register(newUser({ email: again }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        statusCode: 409,
        code: 'EMAIL_TAKEN',
        message: 'Un compte existe déjà avec cette adresse e-mail.',
      });
    }
  });

  it('refuses a short or common password, in French', async () => {
    const short = await register(newUser({ password: 'court1' }));
    expect(validationIssues(short)).toEqual([
      {
        path: ['user', 'password'],
        code: 'minLength',
        message: 'Le mot de passe doit contenir au moins 8 caractères.',
      },
    ]);
    for (const password of ['azertyuiop', 'MotDePasse123', 'PASSWORD1']) {
      const common = await register(newUser({ password }));
      expect(validationIssues(common)).toEqual([
        {
          path: ['user', 'password'],
          code: 'uncommonPassword',
          message: 'Ce mot de passe est trop courant : choisissez-en un plus difficile à deviner.',
        },
      ]);
    }
  });

  it('names each invalid field with the spec’s messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'pas-une-adresse' }, 'email', 'Veuillez saisir une adresse e-mail valide.'],
      [{ acceptTerms: false }, 'acceptTerms', 'Veuillez cocher cette case.'],
      [{ acceptTerms: undefined }, 'acceptTerms', 'Veuillez cocher cette case.'],
      [{ firstname: '   ' }, 'firstname', 'Veuillez renseigner ce champ.'],
      [{ lastname: undefined }, 'lastname', 'Veuillez renseigner ce champ.'],
      [{ phone: '06 12' }, 'phone', 'Veuillez saisir un numéro de téléphone à 10 chiffres.'],
      [{ firstname: 'x'.repeat(101) }, 'firstname', 'Veuillez saisir un texte contenant moins de 100 caractères.'],
    ];
    for (const [overrides, field, message] of cases) {
      const issues = validationIssues(await register(newUser(overrides)));
      expect(issues, field).toEqual([expect.objectContaining({ path: ['user', field], message })]);
    }
  });

  it('accepts no phone at all', async () => {
    const { id, tokens } = await registerUser(context.app, { phone: undefined });
    const account = await context.app.inject({
      method: 'GET',
      url: `/account/${id}`,
      headers: bearer(tokens.accessToken),
    });
    expect(account.json().phone).toBeNull();
  });

  it('answers 400 when the form is not « user » or the body is not an object', async () => {
    const wrongForm = await register(newUser(), 'organizer');
    expect(validationIssues(wrongForm, 'querystring')).toEqual([
      expect.objectContaining({ path: ['form'], message: 'Seul le formulaire « user » est accepté.' }),
    ]);
    const noForm = await context.app.inject({ method: 'POST', url: '/account', payload: { user: newUser() } });
    expect(validationIssues(noForm, 'querystring')).toEqual([expect.objectContaining({ path: ['form'] })]);
    const noUser = await context.app.inject({ method: 'POST', url: '/account?form=user', payload: {} });
    expect(validationIssues(noUser)).toEqual([expect.objectContaining({ path: ['user'] })]);
    const notJson = await context.app.inject({
      method: 'POST',
      url: '/account?form=user',
      headers: { 'content-type': 'application/json' },
      payload: '{"user":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('BAD_REQUEST');
  });
});
