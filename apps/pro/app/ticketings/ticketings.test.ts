/**
 * The ticketing pages' loaders and actions against the real API (issue 25): a form posted as a browser
 * without JavaScript posts it, answered as the page would show it — field messages, the API's refusals,
 * the edit conflict, a visual streamed on to the upload.
 */
import { EDIT_CONFLICT_MESSAGE, type ProTicketing, PUBLISH_WITHOUT_PRODUCT_MESSAGE } from '@guichet/contracts';
import { FORM_MESSAGES, VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../api/src/db/schema';
import { realProApi } from '../../test/real-api';
import { UPLOAD_BODY_LIMIT } from '../lib/server/upload-stream.server';
import { action as editAction, loader as editLoader } from './edit.route';
import { loader as listLoader } from './list.route';
import { action as createAction } from './new.route';
import { action as productsAction } from './products.route';
import { action as uploadAction } from './upload.route';

const real = realProApi();
let owner: Awaited<ReturnType<typeof real.owner>>;

beforeAll(async () => {
  owner = await real.owner();
});

const PRO = 'http://localhost:3001';
const base = () => `/organisateurs/${owner.organizerId}/billetteries`;

function form(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body;
}

const post = (path: string, body: FormData) => new Request(`${PRO}${path}`, { method: 'POST', body });

/** What a loader or action threw (a redirect is a thrown Response). */
async function thrown(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing thrown');
}

/** What an action returned with `data(…)`: the page's answer and its status. */
type Answer = {
  data: {
    form?: string;
    reply?: { errors: Record<string, string>; values: Record<string, string | string[]> };
    alert?: string;
    message?: string;
    conflict?: { issues: { path: string[]; message: string }[] };
    preview?: { url: string };
  };
  init: { status: number } | null;
};

const ticketingFields = (overrides: Record<string, string | string[]> = {}) => ({
  title: 'Nuit blanche au Rocher',
  category: 'Concert',
  schedule: 'DATED',
  date: '2027-03-20',
  time: '20:30',
  endTime: '',
  venue: '',
  venueName: 'Le Rocher de Palmer',
  venueAddress: '1 rue Aristide Briand',
  venuePostalCode: '33150',
  venueCity: 'Cenon',
  venueCountry: 'france',
  summary: 'Une nuit de jazz et de musiques du monde.',
  description: JSON.stringify({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Programme' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'Trois scènes', marks: [{ type: 'bold' }] }] },
    ],
  }),
  ...overrides,
});

/** Creates a ticketing through the create page's action: its id, read from the redirect. */
async function createTicketing(overrides: Record<string, string | string[]> = {}) {
  const response = (await thrown(() =>
    createAction({
      request: post(`${base()}/nouvelle`, form(ticketingFields(overrides))),
      context: owner.context(),
      params: { organizerId: String(owner.organizerId) },
    } as never),
  )) as Response;
  expect(response.status).toBe(302);
  const location = response.headers.get('location') ?? '';
  expect(location).toMatch(new RegExp(`^${base()}/\\d+\\?avis=creee$`));
  return Number(/billetteries\/(\d+)/.exec(location)?.[1]);
}

const ticketingParams = (ticketingId: number) => ({
  organizerId: String(owner.organizerId),
  ticketingId: String(ticketingId),
});

async function read(ticketingId: number): Promise<ProTicketing> {
  const loaded = (await editLoader({
    request: new Request(`${PRO}${base()}/${ticketingId}`),
    context: owner.context(),
    params: ticketingParams(ticketingId),
  } as never)) as { ticketing: ProTicketing };
  return loaded.ticketing;
}

describe('creating a ticketing', () => {
  it('answers the schema’s messages on their fields and keeps what was typed', async () => {
    const answer = (await createAction({
      request: post(`${base()}/nouvelle`, form(ticketingFields({ title: '', time: '25:00' }))),
      context: owner.context(),
      params: { organizerId: String(owner.organizerId) },
    } as never)) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.reply?.errors.title).toBe(FORM_MESSAGES.required);
    expect(answer.data.reply?.errors.time).toBe('Saisissez une heure au format HH:MM (ex. 20:30).');
    expect(answer.data.reply?.values.summary).toBe('Une nuit de jazz et de musiques du monde.');
  });

  it('creates a draft with its rich-text description, then lists it with its state', async () => {
    const id = await createTicketing({ title: 'Festival des lanternes' });
    const ticketing = await read(id);
    expect(ticketing).toMatchObject({ title: 'Festival des lanternes', status: 'DRAFT', schedule: 'DATED' });
    expect(JSON.stringify(ticketing.description)).toContain('"bold"');
    const list = (await listLoader({
      request: new Request(`${PRO}${base()}?q=lanternes&etat=DRAFT`),
      context: owner.context(),
      params: { organizerId: String(owner.organizerId) },
    } as never)) as { list: { items: { id: number; status: string }[] } };
    expect(list.list.items).toEqual([expect.objectContaining({ id, status: 'DRAFT' })]);
  });

  it('reads a description typed without JavaScript (plain text) as paragraphs', async () => {
    const id = await createTicketing({ description: 'Première ligne\n\nSeconde ligne' });
    expect(JSON.stringify((await read(id)).description)).toContain('Seconde ligne');
  });

  it('answers another organiser’s ticketing as a 404 page', async () => {
    const id = await createTicketing();
    const stranger = await real.owner();
    const error = (await thrown(() =>
      editLoader({
        request: new Request(`${PRO}/organisateurs/${stranger.organizerId}/billetteries/${id}`),
        context: stranger.context(),
        params: { organizerId: String(stranger.organizerId), ticketingId: String(id) },
      } as never),
    )) as { init: { status: number } };
    expect(error.init.status).toBe(404);
  });
});

describe('two people editing the same ticketing', () => {
  it('answers the second save with the conflict, what changed, and what they typed', async () => {
    const id = await createTicketing();
    const seen = await read(id);
    const save = (title: string, version: number) =>
      editAction({
        request: post(
          `${base()}/${id}`,
          form({
            ...ticketingFields({ title }),
            intent: 'save',
            version: String(version),
            description: JSON.stringify(seen.description),
          }),
        ),
        context: owner.context(),
        params: ticketingParams(id),
      } as never);
    const first = (await thrown(() => save('Titre de la première personne', seen.version))) as Response;
    expect(first.headers.get('location')).toBe(`${base()}/${id}?avis=enregistree`);

    const second = (await save('Titre de la seconde personne', seen.version)) as unknown as Answer;
    expect(second.init?.status).toBe(409);
    expect(second.data.alert).toBe('Cette billetterie a été modifiée entre-temps.');
    const changed = second.data.conflict?.issues.map((issue) => issue.path[0]);
    expect(changed).toContain('title');
    expect(JSON.stringify(second.data.conflict?.issues)).toContain('Titre de la première personne');
    // What the second person typed is kept, with the saved version: saving again is their choice.
    expect(second.data.reply?.values.title).toBe('Titre de la seconde personne');
    const now = await read(id);
    expect(now.title).toBe('Titre de la première personne');
    expect(second.data.reply?.values.version).toBe(String(now.version));
    expect(EDIT_CONFLICT_MESSAGE).toContain('modifiée entre-temps');
  });
});

/** A multipart request to the upload page, as the browser sends the form. */
function uploadRequest(ticketingId: number, file: Blob, name: string, alt = 'La grande scène') {
  const body = new FormData();
  body.append('alt', alt);
  body.append('file', file, name);
  return new Request(`${PRO}${base()}/${ticketingId}/visuels`, { method: 'POST', body });
}

const upload = (ticketingId: number, request: Request) =>
  uploadAction({ request, context: owner.context(), params: ticketingParams(ticketingId) } as never);

describe('visuals', () => {
  it('streams a real PNG to the API’s upload and adds it to the ticketing, with its alt text', async () => {
    const id = await createTicketing();
    const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#4338ca' } })
      .png()
      .toBuffer();
    const response = (await thrown(() =>
      upload(id, uploadRequest(id, new Blob([png], { type: 'image/png' }), 'affiche.png')),
    )) as Response;
    expect(response.headers.get('location')).toBe(`${base()}/${id}?avis=visuel`);
    const ticketing = await read(id);
    expect(ticketing.visuals).toHaveLength(1);
    expect(ticketing.visuals[0]).toMatchObject({ alt: 'La grande scène' });
    expect(ticketing.visuals[0]?.url).toMatch(/\.webp$/);

    // Reordered, its alt text edited, then removed: through the edit form without JavaScript.
    const saveWith = (fields: Record<string, string | string[]>) =>
      thrown(() =>
        editAction({
          request: post(
            `${base()}/${id}`,
            form({
              ...ticketingFields(),
              intent: 'save',
              version: String(fields.version),
              visualUrl: ticketing.visuals[0]?.url ?? '',
              ...fields,
            }),
          ),
          context: owner.context(),
          params: ticketingParams(id),
        } as never),
      );
    await saveWith({ version: String(ticketing.version), visualAlt: 'La scène, vue de la salle' });
    const renamed = await read(id);
    expect(renamed.visuals[0]?.alt).toBe('La scène, vue de la salle');
    await saveWith({ version: String(renamed.version), visualAlt: 'x', visualAction: 'remove:0' });
    expect((await read(id)).visuals).toEqual([]);
  });

  it('shows the API’s 415 for a file that is not an image, whatever its name', async () => {
    const id = await createTicketing();
    const answer = (await upload(
      id,
      uploadRequest(id, new Blob(['pas une image'], { type: 'image/png' }), 'faux.png'),
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(415);
    expect(answer.data.message).toBe(VISUAL_UPLOAD_MESSAGES.unsupported);
  });

  it('refuses a body announced beyond the limit before reading it', async () => {
    const id = await createTicketing();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request(`${PRO}${base()}/${id}/visuels`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(UPLOAD_BODY_LIMIT + 1),
      },
    } as RequestInit);
    const answer = (await upload(id, request)) as unknown as Answer;
    expect(answer.init?.status).toBe(413);
    expect(answer.data.message).toBe(VISUAL_UPLOAD_MESSAGES.tooLarge);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('stops a body without a length once it goes beyond the limit, never reading it to its end', async () => {
    const id = await createTicketing();
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: only the limit stops it.
        sent += chunk.byteLength;
        controller.enqueue(sent === chunk.byteLength ? new TextEncoder().encode('--x\r\n') : chunk);
      },
    });
    const request = new Request(`${PRO}${base()}/${id}/visuels`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    } as RequestInit);
    const answer = (await upload(id, request)) as unknown as Answer;
    expect(answer.init?.status).toBe(413);
    expect(sent).toBeLessThan(UPLOAD_BODY_LIMIT + 4 * chunk.byteLength);
  });
});

describe('products and states', () => {
  const productForm = (ticketingId: number, fields: Record<string, string>) =>
    productsAction({
      request: post(`${base()}/${ticketingId}/tarifs`, form(fields)),
      context: owner.context(),
      params: ticketingParams(ticketingId),
    } as never);
  const product = (version: number, overrides: Record<string, string> = {}) => ({
    intent: 'create',
    version: String(version),
    title: 'Plein tarif',
    description: '',
    price: '12,50',
    discountType: '',
    discount: '',
    stock: '100',
    quota: '6',
    salesStartAt: '',
    salesEndAt: '',
    ...overrides,
  });
  const setStatus = (ticketingId: number, status: string, version: number) =>
    editAction({
      request: post(`${base()}/${ticketingId}`, form({ intent: 'status', status, version: String(version) })),
      context: owner.context(),
      params: ticketingParams(ticketingId),
    } as never);

  it('refuses publishing without a product with the API’s message, then publishes with two', async () => {
    const id = await createTicketing();
    const draft = await read(id);
    const refused = (await setStatus(id, 'PUBLISHED', draft.version)) as unknown as Answer;
    expect(refused.data.alert).toBe(PUBLISH_WITHOUT_PRODUCT_MESSAGE);

    const wrong = (await productForm(id, product(draft.version, { price: '12,505' }))) as unknown as Answer;
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data).toMatchObject({ form: 'new', reply: { values: { price: '12,505' } } });
    expect(wrong.data.reply?.errors.price).toBeTruthy();

    await thrown(() => productForm(id, product(draft.version, { discountType: 'FIXED', discount: '2,50' })));
    const withOne = await read(id);
    await thrown(() =>
      productForm(id, product(withOne.version, { title: 'Réduit', discountType: 'PERCENTAGE', discount: '20' })),
    );
    const withTwo = await read(id);
    expect(withTwo.products).toEqual([
      expect.objectContaining({ title: 'Plein tarif', price: 1250, discountType: 'FIXED', discountedPrice: 1000 }),
      expect.objectContaining({ title: 'Réduit', price: 1250, discountType: 'PERCENTAGE', discountedPrice: 1000 }),
    ]);
    expect(withTwo.products[0]?.vatRate).toBe(550);

    const published = (await thrown(() => setStatus(id, 'PUBLISHED', withTwo.version))) as Response;
    expect(published.headers.get('location')).toBe(`${base()}/${id}?avis=PUBLISHED`);
    expect((await read(id)).status).toBe('PUBLISHED');

    const preview = (await editAction({
      request: post(`${base()}/${id}`, form({ intent: 'preview' })),
      context: owner.context(),
      params: ticketingParams(id),
    } as never)) as unknown as Answer;
    expect(preview.data.preview?.url).toMatch(/\/apercu\/billetterie\/\d+\./);
  });

  it('says a sold product cannot be deleted (the API’s 409), and deletes one without sales', async () => {
    const id = await createTicketing();
    const draftVersion = (await read(id)).version;
    await thrown(() => productForm(id, product(draftVersion)));
    const ticketing = await read(id);
    const productId = ticketing.products[0]?.id ?? 0;
    await real.api().database.db.update(products).set({ sold: 3 }).where(eq(products.id, productId));
    const remove = (version: number) =>
      productForm(id, { intent: 'delete', productId: String(productId), version: String(version) });
    const refused = (await remove(ticketing.version)) as unknown as Answer;
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({ form: String(productId), alert: expect.stringContaining('déjà des ventes') });

    await real.api().database.db.update(products).set({ sold: 0 }).where(eq(products.id, productId));
    const removed = (await thrown(() => remove(ticketing.version))) as Response;
    expect(removed.headers.get('location')).toBe(`${base()}/${id}/tarifs?avis=supprime`);
  });

  it('duplicates into a draft and lands on the copy with a notice', async () => {
    const id = await createTicketing({ title: 'Soirée à copier' });
    const response = (await thrown(() =>
      editAction({
        request: post(`${base()}/${id}`, form({ intent: 'duplicate' })),
        context: owner.context(),
        params: ticketingParams(id),
      } as never),
    )) as Response;
    const location = response.headers.get('location') ?? '';
    expect(location).toMatch(/\?avis=copiee$/);
    const copyId = Number(/billetteries\/(\d+)/.exec(location)?.[1]);
    expect(copyId).not.toBe(id);
    expect((await read(copyId)).status).toBe('DRAFT');
  });
});
