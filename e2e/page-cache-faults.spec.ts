import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { freePort, stopProcess, waitForUrl } from '../scripts/lib/processes.mjs';
import { startApi, startWeb } from '../scripts/lib/servers.mjs';
import { expect, ownServersEnv, test } from './fixtures';

/**
 * The page cache under what visitors and networks really do: requests abandoned at any point, clients
 * that send and read slowly, an API that stops answering in the middle of a rendering, and cookie headers
 * written in every way a browser, a proxy or an attacker may write them. What must hold: every page keeps
 * answering everyone, and a page showing a visitor's firstname is never served to anybody else nor marked
 * for shared caches. Black-box: raw sockets and HTTP requests against the real, built servers — this
 * spec's own API and web (on their own embedded database), so that stopping its API disturbs no other spec.
 */

const DEMO = { email: 'demo@guichet.test', password: 'demo-guichet-2026', firstname: 'Camille' };
/** The session cookie's name in the test environment (production adds the `__Host-` prefix). */
const ACCESS_COOKIE = 'guichet_access';
const SHARED = /\bpublic\b|s-maxage/;
/** Far above what a page takes on these shared cores: the tests are about hangs, not speed. */
const ANSWER_WITHIN_MS = 10_000;

// One pair of servers for the whole file, its tests one after the other; a failing test does not skip the
// next ones (each proves something of its own), their worker starts a new pair.
test.describe.configure({ mode: 'default' });

let dataDir: string;
let apiPort: number;
let webPort: number;
let siteUrl: string;
let api: ChildProcess | null = null;
let web: ChildProcess | null = null;
let apiStopped = false;
const log: string[] = [];

// Hundreds of requests from one address: the abuse limits (tested in the API suite) would refuse them.
const env = () => ownServersEnv(dataDir, { RATE_LIMITS: 'false' });
const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), PUBLIC_API_TOKEN: randomBytes(24).toString('hex') };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'guichet-cache-faults-'));
  apiPort = await freePort();
  webPort = await freePort();
  siteUrl = `http://127.0.0.1:${webPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const keep = (line: string) => log.push(line);
  api = startApi({ port: apiPort, siteUrl, secrets, env: env(), quiet: true, onLine: keep });
  await waitForUrl(`${apiUrl}/health`, { child: api, timeoutMs: 180_000 });
  web = startWeb({ port: webPort, apiUrl, siteUrl, secrets, env: env(), quiet: true, onLine: keep });
  await waitForUrl(`${siteUrl}/`, { child: web });
});

test.afterAll(async () => {
  // A test that failed while the API was stopped must not leave it frozen for ever.
  if (apiStopped && api?.pid) process.kill(api.pid, 'SIGCONT');
  for (const child of [web, api]) if (child) await stopProcess(child);
  rmSync(dataDir, { recursive: true, force: true });
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture arguments from this pattern.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('servers.log', { body: log.slice(-200).join('\n'), contentType: 'text/plain' });
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * One GET on a connection of its own, with exactly the Cookie header given (no client rewrites it), no
 * compression asked; rejects when no complete answer came within `timeoutMs`.
 */
function get(path: string, { cookie, timeoutMs = ANSWER_WITHIN_MS }: { cookie?: string; timeoutMs?: number } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: webPort, path, agent: false, headers: cookie === undefined ? {} : { cookie } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        response.on('error', fail);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${path} : pas de réponse complète en ${timeoutMs / 1000} s`));
    }, timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on('error', fail);
    request.end();
  });
}

/** `paths` each asked once, `concurrency` at a time; the paths that did not answer in time, with why. */
async function unanswered(paths: string[], { concurrency = 4, timeoutMs = ANSWER_WITHIN_MS, expectStatus = 0 } = {}) {
  const failures: string[] = [];
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      try {
        const answer = await get(path, { timeoutMs });
        if (expectStatus && answer.status !== expectStatus) failures.push(`${path} : ${answer.status}`);
      } catch (error) {
        failures.push(String((error as Error).message));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures;
}

const requestHead = (path: string, headers: Record<string, string> = {}) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${webPort}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

/** A raw connection to the web, resolved once connected. */
function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(webPort, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves once the received bytes satisfy `enough`, or false after `timeoutMs` (or when the server closed). */
function receivedUntil(socket: Socket, enough: (received: Buffer) => boolean, timeoutMs: number) {
  return new Promise<boolean>((resolve) => {
    let received = Buffer.alloc(0);
    const done = (result: boolean) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (enough(received)) done(true);
    };
    const onClose = () => done(enough(received));
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('data', onData);
    socket.on('close', onClose);
  });
}

/** Where the page shows the firstname (a few characters around it), or '' when it does not: short failures. */
function firstnameIn(body: string) {
  const at = body.indexOf(DEMO.firstname);
  return at === -1 ? '' : `…${body.slice(Math.max(0, at - 80), at + 40)}…`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let settleRound = 0;
/**
 * Waits until the web has worked through what it was sent: it still renders the pages of requests whose
 * visitor left, and on two shared cores a hundred of them take seconds. A URL nobody asked before answers
 * once that backlog is done (it cannot be wedged by an earlier request), so the checks that follow measure
 * hangs, not the backlog.
 */
async function settle() {
  settleRound += 1;
  await get(`/?settle=${settleRound}`, { timeoutMs: 120_000 });
}

/** The visitor's real access cookie's value, from logging in through the site's login form. */
async function accessCookieValue(page: import('@playwright/test').Page) {
  await page.goto(`${siteUrl}/auth/login`);
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(DEMO.email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: DEMO.firstname })).toBeVisible();
  const cookie = (await page.context().cookies(siteUrl)).find((candidate) => candidate.name === ACCESS_COOKIE);
  if (!cookie) throw new Error(`pas de cookie ${ACCESS_COOKIE} après la connexion`);
  return cookie.value;
}

test('a request abandoned right after its request line leaves its page answering every later visitor', async () => {
  test.setTimeout(240_000);
  const paths = ['/', '/robots.txt', '/billetteries/france'];
  const urls: string[] = [];
  for (let round = 1; round <= 40; round++)
    for (const path of paths) {
      const url = `${path}?w=${round}`;
      urls.push(url);
      // The visitor's connection reset just after the request line: gone before any answer is written.
      const socket = await open();
      socket.write(requestHead(url));
      socket.resetAndDestroy();
    }
  await settle();
  expect(await unanswered(urls, { expectStatus: 200, concurrency: 8 })).toEqual([]);
});

test('a page asked with a logged-in cookie written oddly is never served to an anonymous visitor', async ({ page }) => {
  test.setTimeout(120_000);
  const value = await accessCookieValue(page);
  const paths = ['/', '/billetteries/france', '/billetterie/les-nuits-electriques-1', '/bons-plans'];
  for (const path of paths) {
    // The pages themselves never show the firstname to an anonymous visitor (else the test proves nothing)…
    const baseline = await get(`${path}?baseline=1`);
    expect(baseline.status, path).toBe(200);
    expect(firstnameIn(baseline.body), path).toBe('');
    // …and the cookie is a real session: written properly, the page shows the firstname, for this visitor only.
    const own = await get(`${path}?own=1`, { cookie: `${ACCESS_COOKIE}=${value}` });
    expect(own.status, path).toBe(200);
    expect(own.body, path).toContain(DEMO.firstname);
    expect(own.headers['cache-control'] ?? '', path).not.toMatch(SHARED);
  }
  const oddly = [`${ACCESS_COOKIE} =${value}`, `${ACCESS_COOKIE}\t=${value}`, ` ${ACCESS_COOKIE}  =${value}`];
  for (const [index, cookie] of oddly.entries())
    for (const path of paths) {
      const url = `${path}?p=${index}`;
      const theirs = await get(url, { cookie });
      // Soft: the anonymous visitor's page below is checked (and reported) even when this fails.
      if (theirs.body.includes(DEMO.firstname))
        expect
          .soft(theirs.headers['cache-control'] ?? '', `${url} ${JSON.stringify(cookie.replace(value, '…'))}`)
          .not.toMatch(SHARED);
      const anonymous = await get(url);
      expect(firstnameIn(anonymous.body), `${url} après ${JSON.stringify(cookie.replace(value, '…'))}`).toBe('');
    }
});

test('whatever the Cookie header, a page showing a firstname is never shared (fuzz)', async ({ page }) => {
  test.setTimeout(300_000);
  const value = await accessCookieValue(page);
  const paths = ['/', '/billetteries/france', '/billetterie/les-nuits-electriques-1', '/agenda'];

  const space = fc.constantFrom('', ' ', '\t', '  ', ' \t', '\t ');
  const percentEncoded = (text: string) =>
    fc
      .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
      .map((which) => [...text].map((char, at) => (which[at] ? `%${char.charCodeAt(0).toString(16)}` : char)).join(''));
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constant(ACCESS_COOKIE) },
    { weight: 1, arbitrary: fc.constant(`__Host-${ACCESS_COOKIE}`) },
    { weight: 1, arbitrary: fc.mixedCase(fc.constant(ACCESS_COOKIE)) },
    { weight: 1, arbitrary: percentEncoded(ACCESS_COOKIE) },
  );
  const goodValue = fc.constantFrom(value, `"${value}"`, decodeURIComponent(value), encodeURIComponent(value));
  const badValue = fc.constantFrom('', 'x', value.slice(0, -6), `${value}AAAA`, '"', 'e30%3D', '%zz');
  const entry = (values: fc.Arbitrary<string>) =>
    fc
      .tuple(space, name, space, space, values, space)
      .map(
        ([before, cookieName, beforeEquals, afterEquals, cookieValue, after]) =>
          `${before}${cookieName}${beforeEquals}=${afterEquals}${cookieValue}${after}`,
      );
  const session = fc.oneof(
    entry(goodValue).map((good) => [good]),
    fc.tuple(entry(goodValue), entry(badValue)).map(([good, bad]) => [good, bad]),
    fc.tuple(entry(goodValue), entry(badValue)).map(([good, bad]) => [bad, good]),
  );
  const others = fc.subarray([
    '_ga=GA1.2.1234567890.1700000000',
    'theme=dark',
    `x${ACCESS_COOKIE}=${value}`,
    `${ACCESS_COOKIE}_old=${value}`,
    'guichet=1',
  ]);
  const cart = fc.option(
    fc.tuple(space, fc.constantFrom('guichet_cart', 'Guichet_Cart', 'guichet_cart '), fc.constantFrom('1', 'e30%3D')),
  );
  const header = fc
    .tuple(session, others, cart, fc.constantFrom('; ', ';', ';\t', ' ; '), fc.nat())
    .map(([sessionEntries, otherEntries, cartEntry, separator, at]) => {
      const entries = [...otherEntries];
      entries.splice(at % (entries.length + 1), 0, ...sessionEntries);
      if (cartEntry) entries.push(`${cartEntry[0]}${cartEntry[1]}=${cartEntry[2]}`);
      return entries.join(separator);
    });

  let run = 0;
  let showedFirstname = 0;
  await fc.assert(
    fc.asyncProperty(header, fc.constantFrom(...paths), async (cookie, path) => {
      // A URL of its own for each try: what one try left in the cache must not hide the next one's result.
      run += 1;
      const url = `${path}?f=${run}`;
      const theirs = await get(url, { cookie });
      if (theirs.body.includes(DEMO.firstname)) {
        showedFirstname += 1;
        expect(theirs.headers['cache-control'] ?? '', `${url} ${JSON.stringify(cookie)}`).not.toMatch(SHARED);
      }
      const anonymous = await get(url);
      expect(anonymous.status, url).toBe(200);
      expect(firstnameIn(anonymous.body), `${url} après ${JSON.stringify(cookie)}`).toBe('');
    }),
    {
      numRuns: 100,
      // The plainest logged-in header first: the session is real, so the property is not vacuous.
      examples: [[`${ACCESS_COOKIE}=${value}`, '/']],
    },
  );
  expect(showedFirstname).toBeGreaterThan(0);
});

const ABORT_POINTS = [
  'connected',
  'mid-request-line',
  'after-request-line',
  'mid-headers',
  'after-request',
  'after-response-headers',
  'mid-body',
] as const;

type Abandon = { url: string; point: (typeof ABORT_POINTS)[number]; cut: number; gzip: boolean; someBody: number };

/**
 * One request abandoned (connection reset) at `point`; `cut` (0…1) says where in the part being sent,
 * `someBody` how many bytes of the body to read first. Resolves true, or false when the point was never
 * reached because the server did not answer within the bound (the page hung).
 */
async function abandon({ url: path, point, cut, gzip, someBody }: Abandon) {
  const head = requestHead(path, {
    'Accept-Encoding': gzip ? 'gzip' : 'identity',
    'User-Agent': 'page-cache-faults',
    Accept: 'text/html',
  });
  const socket = await open();
  socket.on('error', () => {});
  const requestLineEnd = head.indexOf('\r\n') + 2;
  let reached = true;
  switch (point) {
    case 'connected':
      break;
    case 'mid-request-line':
      socket.write(head.slice(0, 1 + Math.floor(cut * (requestLineEnd - 2))));
      break;
    case 'after-request-line':
      socket.write(head.slice(0, requestLineEnd));
      break;
    case 'mid-headers':
      socket.write(head.slice(0, requestLineEnd + 1 + Math.floor(cut * (head.length - requestLineEnd - 3))));
      break;
    case 'after-request':
      socket.write(head);
      break;
    case 'after-response-headers':
      socket.write(head);
      reached = await receivedUntil(socket, (received) => received.includes('\r\n\r\n'), 15_000);
      break;
    case 'mid-body': {
      socket.write(head);
      reached = await receivedUntil(
        socket,
        (received) => {
          const end = received.indexOf('\r\n\r\n');
          if (end === -1) return false;
          // A body shorter than `someBody` (robots.txt) counts once it has all come.
          const length = /\r\ncontent-length: *(\d+)/i.exec(received.subarray(0, end).toString('latin1'))?.[1];
          const body = received.length - end - 4;
          return (
            body >= someBody || (length !== undefined && body >= Number(length)) || received.includes('\r\n0\r\n\r\n')
          );
        },
        15_000,
      );
      break;
    }
  }
  socket.resetAndDestroy();
  return reached;
}

/** A client that sends its request a byte at a time and reads the answer in small sips; its status line. */
async function slowClient(path: string, { byteEveryMs = 25, sipEveryMs = 100 } = {}) {
  const socket = await open();
  socket.on('error', () => {});
  const head = requestHead(path, { Connection: 'close', Accept: 'text/html' });
  for (const byte of head) {
    socket.write(byte);
    await pause(byteEveryMs);
  }
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve();
    }, 120_000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Reads no more until the next sip: the server's writes wait on this client.
      socket.pause();
      setTimeout(() => socket.resume(), sipEveryMs);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const received = Buffer.concat(chunks).toString('latin1');
  return { statusLine: received.slice(0, received.indexOf('\r\n')), complete: received.includes('</html>') };
}

test('aborted requests, slow clients and an API stopped mid-render leave no page hung', async () => {
  test.setTimeout(600_000);
  const paths = [
    '/',
    '/billetteries/france',
    '/billetterie/les-nuits-electriques-1',
    '/agenda',
    '/bons-plans',
    '/robots.txt',
  ];
  const pages = paths.filter((path) => path !== '/robots.txt');
  const seed = Number(process.env.FAULTS_SEED ?? Date.now() % 1_000_000);
  console.log(`page-cache-faults: FAULTS_SEED=${seed}`);
  // 200 requests abandoned at random points, twenty at a time, on the plain URLs and on fresh ones; the
  // plan is drawn from the seed, so that a failing run can be replayed with the seed it printed.
  const plans: Abandon[] = fc
    .sample(
      fc.record({
        path: fc.constantFrom(...paths),
        fresh: fc.option(fc.nat({ max: 9 }), { freq: 2 }),
        point: fc.constantFrom(...ABORT_POINTS),
        cut: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        gzip: fc.boolean(),
        someBody: fc.integer({ min: 1, max: 2000 }),
      }),
      { seed, numRuns: 200 },
    )
    .map(({ path, fresh, ...plan }) => ({ url: fresh === null ? path : `${path}?fault=${fresh}`, ...plan }));
  const abandoned = plans.map((plan) => plan.url);
  const notReached: string[] = [];
  for (let at = 0; at < plans.length; at += 20)
    await Promise.all(
      plans.slice(at, at + 20).map(async (plan) => {
        if (!(await abandon(plan))) notReached.push(`${plan.url} (${plan.point})`);
      }),
    );
  await settle();
  const everyUrl = [...new Set([...paths, ...abandoned])];
  // Soft: each phase below says what it found on URLs of its own, even when an earlier phase failed.
  expect.soft(notReached, 'requêtes restées sans réponse pendant les abandons').toEqual([]);
  expect.soft(await unanswered(everyUrl, { expectStatus: 200 }), 'après les requêtes abandonnées').toEqual([]);

  // 50 slow clients on a handful of pages; meanwhile the same pages answer everyone else.
  const slowUrls = pages.flatMap((path) => [`${path}?slow=0`, `${path}?slow=1`, `${path}?slow=2`]);
  const slow = Array.from({ length: 50 }, (_, index) => slowClient(slowUrls[index % slowUrls.length] as string));
  await pause(1_000);
  const whileSlow = await unanswered(slowUrls, { expectStatus: 200 });
  const slowAnswers = await Promise.all(slow);
  expect.soft(whileSlow, 'pendant les clients lents').toEqual([]);
  expect
    .soft(
      slowAnswers.filter((answer) => !answer.statusLine.startsWith('HTTP/1.1 200') || !answer.complete),
      'chaque client lent reçoit sa page entière',
    )
    .toEqual([]);

  // The API stopped while pages are being rendered: every request gets an answer (an error page is fine)
  // in a bounded time — the site's calls to the API give up, they do not wait for ever.
  const apiPid = api?.pid;
  if (!apiPid) throw new Error('API non démarrée');
  const stoppedUrls = [1, 2, 3].flatMap((round) => paths.map((path) => `${path}?stopped=${round}`));
  const ask = (url: string) => get(url, { timeoutMs: 60_000 }).then((answer) => `${url} ${answer.status}`);
  const inFlight = stoppedUrls.slice(0, paths.length).map(ask);
  await pause(20);
  process.kill(apiPid, 'SIGSTOP');
  apiStopped = true;
  try {
    const asked = [...inFlight, ...stoppedUrls.slice(paths.length).map(ask)];
    const settled = await Promise.allSettled(asked);
    expect
      .soft(
        settled.filter((outcome) => outcome.status === 'rejected').map((outcome) => String(outcome.reason)),
        'API arrêtée : chaque requête reçoit une réponse',
      )
      .toEqual([]);
  } finally {
    process.kill(apiPid, 'SIGCONT');
    apiStopped = false;
  }

  // The API back: every page answers in time, and soon with the page itself (no error page kept).
  const afterwards = [...everyUrl, ...slowUrls, ...stoppedUrls];
  expect(await unanswered(afterwards), 'API revenue : chaque page répond').toEqual([]);
  await expect
    .poll(async () => unanswered(afterwards, { expectStatus: 200 }), {
      message: 'API revenue : chaque page répond 200',
      timeout: 60_000,
      intervals: [2_000],
    })
    .toEqual([]);
});
