import { Agent, request as httpRequest } from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../apps/web/app/routes';
import { expect, test } from './fixtures';

/**
 * Bad input stopped at the door, as a visitor (or a robot) types it into the site's URLs and forms: a NUL
 * character, other control characters, the year 0 in a cursor. Never a 5xx (a 502 or 503 would mean the
 * web passed the API something that broke it); the cases of issue 8 answer 400 or a message on the field.
 * Every route of the route table is walked, so a new route gets these cases without anyone adding them.
 */

/** A sample value for each path parameter of the route table: a new parameter must get one here. */
const SAMPLES: Readonly<Record<string, string>> = {
  performerID: '1',
  orderID: '1',
  // A refund's credit note (AV-000001 is number 1).
  creditNote: '1',
  offerID: '1',
  country: 'france',
  year: '2026',
  month: '06',
  day: '15',
  ticketingID: 'les-nuits-electriques-1',
  entityID: '1',
  contestGameID: '1',
  articleSlug: 'un-article',
  messageId: 'abc',
  surveyID: '1',
  userID: '1',
  // The pro site's preview of a draft (a signed link; a forged one is a 404).
  token: '1.9999999999.AAAAAAAAAAAAAAAAAAAAAA',
};

/** Every concrete path of the route table (splat and parameter segments filled with samples). */
function pathsOf(entries: readonly RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, '/');
    const own = entry.path !== undefined || entry.index ? [path || '/'] : [];
    return [...own, ...pathsOf(entry.children ?? [], path)];
  });
}

function concrete(pattern: string): string {
  return pattern
    .replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const sample = SAMPLES[name];
      if (!sample) throw new Error(`Pas d’exemple pour le paramètre « ${name} » : ajoutez-en un à SAMPLES.`);
      return sample;
    })
    .replace('*', 'une-page-qui-n-existe-pas');
}

const PATHS = [...new Set(pathsOf(routes as RouteConfigEntry[]).map(concrete))];

/** Query parameters read by some page, each given the same hostile value. */
const PARAMETERS = [
  'q',
  'categorie',
  'ville',
  'periode',
  'initiale',
  'page',
  'cursor',
  'token',
  'source',
  'type',
  'cseID',
];

const HOSTILE = {
  NUL: '\u0000',
  'control characters': '\u0001\u001b[31m\u007f\u009f',
  'lone surrogate': '\ud800',
  'a NUL in the middle': 'rock\u0000roll',
  'the year 0': '0000-01-01',
  'a very long text': 'é'.repeat(5000),
};

/** The listing cursor of issue 8: a valid base64 JSON carrying the year 0. */
const YEAR_ZERO_CURSOR = 'eyJzdGFydHNBdCI6IjAwMDAtMDEtMDFUMDA6MDA6MDBaIiwiaWQiOjF9';

async function statusOf(request: APIRequestContext, url: string) {
  const response = await request.get(url, { maxRedirects: 0 });
  return response.status();
}

test.describe('every route of the site, with hostile query and path values', () => {
  for (const [label, value] of Object.entries(HOSTILE)) {
    test(`never a 5xx with ${label} in every query parameter`, async ({ request }) => {
      test.setTimeout(120_000);
      const query = new URLSearchParams(PARAMETERS.map((name) => [name, value])).toString();
      for (const path of PATHS) {
        const status = await statusOf(request, `${path}?${query}`);
        expect(status, `${path}?… (${label})`).toBeLessThan(500);
      }
    });
  }

  test('never a 5xx with a NUL or a control character in a path segment', async ({ request }) => {
    test.setTimeout(120_000);
    for (const path of PATHS) {
      const segments = path.split('/');
      for (let index = 1; index < segments.length; index += 1) {
        for (const value of ['%00', '%1B', `${segments[index]}%00`]) {
          const broken = [...segments.slice(0, index), value, ...segments.slice(index + 1)].join('/');
          expect(await statusOf(request, broken), broken).toBeLessThan(500);
        }
      }
    }
  });
});

test.describe('the cases of issue 8', () => {
  test('a NUL in the artists’ search answers the 400 page', async ({ page }) => {
    const response = await page.goto('/artistes?q=%00');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('400');
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('a NUL in the agenda’s category answers the 400 page', async ({ page }) => {
    const response = await page.goto('/agenda?categorie=%00');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('400');
  });

  test('a listing cursor at the year 0 answers the 400 page', async ({ page }) => {
    const response = await page.goto(`/billetteries/france?cursor=${YEAR_ZERO_CURSOR}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('400');
  });

  test('a NUL typed in the registration form is refused on its field, with what was typed kept', async ({
    page,
    baseURL,
  }) => {
    // Posted as a browser without JavaScript would, straight to the action.
    const response = await page.request.post('/auth/register', {
      headers: { Origin: baseURL ?? '' },
      form: {
        firstname: 'Lou\u0000ise',
        lastname: 'Arnaud',
        email: `louise+${Date.now()}@exemple.fr`,
        phone: '',
        password: 'Un-mot-de-passe-bien-long-2026',
        passwordConfirmation: 'Un-mot-de-passe-bien-long-2026',
        acceptTerms: 'on',
      },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain('La valeur saisi n&#x27;est pas valide.');
    expect(html).toContain('Arnaud');
  });

  test('a NUL typed in the account’s identity or address is refused on its field', async ({ page, baseURL }) => {
    await page.goto('/auth/login');
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('demo@guichet.test');
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('demo-guichet-2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Camille' })).toBeVisible();

    const post = (form: Record<string, string>) =>
      page.request.post('/account/informations', { headers: { Origin: baseURL ?? '' }, form });
    const identity = await post({ intent: 'identity', firstname: 'Camille', lastname: 'Mar\u0000tin', phone: '' });
    expect(identity.status()).toBe(400);
    expect(await identity.text()).toContain('La valeur saisi n&#x27;est pas valide.');
    const address = await post({
      intent: 'address',
      street: '12 rue des Lilas\u0000',
      postalCode: '69001',
      city: 'Lyon',
      country: 'France',
    });
    expect(address.status()).toBe(400);
    expect(await address.text()).toContain('La valeur saisi n&#x27;est pas valide.');
    // Nothing was saved.
    await page.goto('/account/informations');
    await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Martin');
  });
});

test.describe('the cart action, with hostile form values', () => {
  const VALID = {
    intent: 'add',
    productID: '1',
    productType: 'TICKET',
    quantity: '1',
    redirectTo: '/cart',
    respond: 'data',
  };
  const VALUES = [
    ...Object.values(HOSTILE),
    '-1',
    '0',
    '1e9',
    '2147483648',
    '1.5',
    '١',
    'TICKET',
    'sync',
    '//evil.example/',
    '/\\evil.example',
    'https://evil.example/',
  ];

  test('never a 5xx, and never sent off the site, whatever each field holds', async ({ request, baseURL }) => {
    test.setTimeout(120_000);
    const site = new URL(baseURL ?? '').origin;
    for (const field of Object.keys(VALID)) {
      for (const value of VALUES) {
        for (const respond of ['data', 'redirect']) {
          const form = { ...VALID, respond, [field]: value };
          const response = await request.post('/cart/items', { headers: { Origin: site }, form, maxRedirects: 0 });
          const label = `${field}=${JSON.stringify(value).slice(0, 40)} (${respond})`;
          expect(response.status(), label).toBeLessThan(500);
          const location = response.headers().location;
          if (location) expect(new URL(location, site).origin, label).toBe(site);
        }
      }
    }
  });

  test('a post from another site is refused', async ({ request }) => {
    const response = await request.post('/cart/items', {
      headers: { Origin: 'https://evil.example' },
      form: VALID,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});

/** A raw HTTP exchange with the site (no client smoothing anything over): the status and the body. */
function rawPost(
  url: string,
  body: string,
  headers: Record<string, string>,
  // By default a connection of its own: a body refused past what the web drains (1 MB) leaves its
  // connection unusable.
  agent: Agent | false = false,
): Promise<{ status: number; text: string; at: number }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      agent,
      headers: { 'content-length': String(Buffer.byteLength(body)), ...headers },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), at: Date.now() }),
      );
    });
    // The site may answer and close before the whole body is sent: the answer is what counts.
    request.on('error', reject);
    request.end(body);
  });
}

/** A post that breaks off: half its announced body, then the socket is destroyed. */
function abortedPost(url: string, origin: string): Promise<void> {
  return new Promise((resolve) => {
    const request = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '20000', origin },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write('a=b&'.repeat(2500), () => setTimeout(() => request.destroy(), 20));
  });
}

const fields = (count: number) => 'a=&'.repeat(count);

test.describe('posts that are not a visitor’s form, on every route of the route table (issue 22)', () => {
  const NON_LATIN_1 = ['/\u3000/x', '/a\u2028b', '/%E3%80%80/x'];

  test('a form of 20,000, 300,000 or 1,000,000 fields is refused at once, and a page asked meanwhile answers', async ({
    baseURL,
  }) => {
    const site = new URL(baseURL ?? '').origin;
    const headers = { origin: site, 'content-type': 'application/x-www-form-urlencoded' };
    // 1,000,000 fields (3 MB): more than the web drains off a refused connection.
    for (const count of [20_000, 300_000, 1_000_000]) {
      const big = rawPost(`${site}/auth/login`, fields(count), headers);
      const sent = Date.now();
      const page = await fetch(`${site}/billetteries`);
      const pageAt = Date.now();
      expect(page.status, `${count} champs`).toBe(200);
      const refused = await big;
      expect(refused.status, `${count} champs`).toBe(413);
      expect(refused.text).toContain('trop volumineux');
      // Before the bound, 20,000 fields held the process 4 s, 300,000 about 15 minutes.
      expect(pageAt - sent, `${count} champs`).toBeLessThan(5_000);
      expect(refused.at - sent, `${count} champs`).toBeLessThan(5_000);
    }
  });

  test('a refused form leaves the visitor’s connection usable for the next request', async ({ baseURL }) => {
    const site = new URL(baseURL ?? '').origin;
    const form = { origin: site, 'content-type': 'application/x-www-form-urlencoded' };
    // One connection, kept alive: the next request travels behind the refused body's bytes.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await rawPost(`${site}/auth/login`, fields(300_000), form, agent)).status).toBe(413);
      const json = await rawPost(`${site}/auth/login`, '{}', { ...form, 'content-type': 'application/json' }, agent);
      expect(json.status).toBe(415);
      expect((await rawPost(`${site}/styleguide/interface`, 'issue=success', form, agent)).status).toBe(302);
    } finally {
      agent.destroy();
    }
  });

  test('never a 5xx: a 300,000-field form, a JSON body, an aborted post, a redirect target beyond Latin-1', async ({
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const site = new URL(baseURL ?? '').origin;
    const form = { origin: site, 'content-type': 'application/x-www-form-urlencoded' };
    for (const path of PATHS) {
      const url = `${site}${path}`;
      const huge = await rawPost(url, fields(300_000), form);
      expect(huge.status, `${path} : 300 000 champs`).toBe(413);
      const json = await rawPost(url, '{"email":"camille@guichet.test"}', {
        ...form,
        'content-type': 'application/json',
      });
      expect(json.status, `${path} : JSON`).toBe(415);
      expect(json.text).toContain('n’accepte que des formulaires');
      const text = await rawPost(url, 'email=camille', { ...form, 'content-type': 'text/plain' });
      expect(text.status, `${path} : text/plain`).toBe(415);
      const multipart = await rawPost(url, '--x\r\nbroken', {
        ...form,
        'content-type': 'multipart/form-data; boundary=x',
      });
      expect(multipart.status, `${path} : multipart cassé`).toBe(400);
      await abortedPost(url, site);
      for (const target of NON_LATIN_1) {
        const body = new URLSearchParams({ intent: 'add', productID: '1', productType: 'TICKET', redirectTo: target });
        const posted = await rawPost(url, body.toString(), form);
        expect(posted.status, `${path} : redirectTo=${JSON.stringify(target)}`).toBeLessThan(500);
        const asked = await fetch(`${url}?redirectTo=${encodeURIComponent(target)}`, { redirect: 'manual' });
        expect(asked.status, `${path}?redirectTo=${JSON.stringify(target)}`).toBeLessThan(500);
      }
    }
    // The site still answers after all of it.
    expect((await fetch(`${site}/`)).status).toBe(200);
  });

  test('a cart form sent back to a target beyond Latin-1 lands there, percent-encoded', async ({ baseURL }) => {
    const site = new URL(baseURL ?? '').origin;
    for (const [target, location] of [
      ['/\u3000/x', '/%E3%80%80/x'],
      ['/a\u2028b', '/a%E2%80%A8b'],
    ]) {
      const body = new URLSearchParams({ intent: 'sync', redirectTo: target as string });
      const response = await fetch(`${site}/cart/items`, {
        method: 'POST',
        headers: { origin: site, 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(location);
    }
  });
});
