/** GET /listing-page and GET /home-page: a page of the site in one call, the same answers as the endpoints it gathers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, validationIssues } from '../helpers.js';

let context: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  context = await createTestApp({ seed: true });
});
afterAll(async () => {
  await context.close();
});

const get = (url: string) => context.app.inject({ method: 'GET', url });

describe('GET /listing-page', () => {
  it('gathers the countries, the periods of the country, the page of cards and the opened ticketing', async () => {
    const first = (await get('/ticketings?country=france&limit=5')).json();
    const opened = first.items[0].id;
    const response = await get(`/listing-page?country=france&limit=5&ticketing=${opened}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.countries).toEqual((await get('/countries')).json().countries);
    expect(page.periods).toEqual((await get('/countries/france/periods')).json());
    expect(page.page).toEqual(first);
    expect(page.ticketing).toEqual((await get(`/ticketings/${opened}`)).json());
  });

  it('follows the cursor and the period like GET /ticketings, and has no periods without a country', async () => {
    const first = (await get('/ticketings?limit=3')).json();
    const next = (await get(`/listing-page?limit=3&cursor=${first.nextCursor}`)).json();
    expect(next.page).toEqual((await get(`/ticketings?limit=3&cursor=${first.nextCursor}`)).json());
    expect(next.periods).toBeNull();
    expect(next.ticketing).toBeNull();
  });

  it('answers 404 for an opened ticketing that does not exist, 400 for a month without its year', async () => {
    expect((await get('/listing-page?country=france&ticketing=999999')).statusCode).toBe(404);
    const issues = validationIssues(await get('/listing-page?country=france&month=3'), 'querystring');
    expect(issues.map((issue) => issue.path)).toContainEqual(['month']);
  });
});

describe('GET /home-page', () => {
  it('gathers the next six ticketings and, when asked, the first featured deals', async () => {
    const response = await get('/home-page?offers=3');
    expect(response.statusCode).toBe(200);
    const home = response.json();
    expect(home.upcoming).toEqual((await get('/ticketings?limit=6')).json().items);
    expect(home.offers).toEqual((await get('/offers/home')).json().featured.slice(0, 3));
    expect((await get('/home-page')).json().offers).toEqual([]);
  });

  it('answers 400 for more deals than a strip holds', async () => {
    validationIssues(await get('/home-page?offers=99'), 'querystring');
  });
});
