/**
 * Visuals uploaded by an organiser (issue 25): POST /pro/organizers/:organizerId/uploads on the real app, with
 * images made in the test, and GET /media/:name serving what was stored. The hostile files (a 20,000 × 20,000
 * PNG of a few kilobytes, huge JPEG and WebP headers) are refused from their headers, and the process keeps
 * answering after them.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorAnswer, UploadedVisual } from '@guichet/contracts';
import { VISUAL_UPLOAD_LIMITS, VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizers, uploads as uploadRows, users } from '../../src/db/schema.js';
import { audienceSecret, signAccessToken } from '../../src/services/auth/tokens.js';
import { storeVisual } from '../../src/services/uploads/visuals.js';
import { createTestApp } from '../helpers.js';
import { craftedJpeg, craftedPng, craftedWebp, hasGpsPointer, jpegWithExif, twoColours } from './images.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let parent: string;
let uploads: string;
let token: string;
let organizerId: number;

beforeAll(async () => {
  // The uploads' folder inside another one holding a file no name may reach.
  parent = mkdtempSync(join(tmpdir(), 'guichet-uploads-'));
  uploads = join(parent, 'uploads');
  mkdirSync(uploads);
  writeFileSync(join(parent, 'secret.txt'), 'secret');
  writeFileSync(join(uploads, 'notes.txt'), 'pas un visuel');
  context = await createTestApp({ env: { UPLOADS_DIR: uploads } });
  const { db } = context.database;
  const [user] = await db
    .insert(users)
    .values({ firstname: 'Inès', lastname: 'Morel', email: 'ines@exemple.fr', passwordHash: 'jamais-utilisé' })
    .returning({ id: users.id, firstname: users.firstname });
  const [organizer] = await db
    .insert(organizers)
    .values({ slug: 'le-caveau', name: 'Le Caveau', city: 'Lyon' })
    .returning({ id: organizers.id });
  if (!user || !organizer) throw new Error('rows not inserted');
  organizerId = organizer.id;
  await db.insert(memberships).values({ organizerId, userId: user.id, role: 'MANAGER' });
  // A pro session's token (the pro site's key).
  token = await signAccessToken(audienceSecret(context.env.JWT_SECRET, 'PRO'), { ...user, sessionVersion: 0 });
});
afterAll(async () => {
  await context?.close();
  rmSync(parent, { recursive: true, force: true });
});

/** Sends `bytes` as the form's file (named and typed as a browser would, which the API must not believe). */
function upload(bytes: Buffer, { name = 'affiche.jpg', type = 'image/jpeg', alt = 'L’affiche du concert' } = {}) {
  const form = new FormData();
  form.append('alt', alt);
  form.append('file', new Blob([bytes], { type }), name);
  return context.app.inject({
    method: 'POST',
    url: `/pro/organizers/${organizerId}/uploads`,
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });
}

async function stored(bytes: Buffer): Promise<UploadedVisual> {
  const response = await upload(bytes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function refusal(response: { statusCode: number; json: () => unknown }, statusCode: number, message: string) {
  expect(response.statusCode).toBe(statusCode);
  expect((response.json() as ErrorAnswer).message).toBe(message);
}

const media = (url: string) => context.app.inject({ method: 'GET', url });

describe('an uploaded visual', () => {
  it('is turned upright, loses its EXIF (GPS included) and is stored as WebP at the public widths', async () => {
    const photo = await jpegWithExif(2400, 1600);
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsPointer(before.exif ?? Buffer.alloc(0))).toBe(true);

    const { visual, variants } = await stored(photo);
    // Orientation 6: shown a quarter turned, 1600 wide and 2400 tall; widths 480, 960, 1440, none enlarged.
    expect(variants.map(({ width, height }) => [width, height])).toEqual([
      [480, 720],
      [960, 1440],
      [1440, 2160],
    ]);
    expect(visual).toEqual({ url: variants[1]?.url, alt: 'L’affiche du concert', width: 960, height: 1440 });
    for (const variant of variants) {
      expect(variant.name).toMatch(/^[0-9a-f]{16}-\d+\.webp$/);
      expect(variant.url).toBe(`/media/${variant.name}`);
      const response = await media(variant.url);
      expect(response.statusCode).toBe(200);
      const served = await sharp(response.rawPayload).metadata();
      expect(served).toMatchObject({ format: 'webp', width: variant.width, height: variant.height });
      expect(served.exif).toBeUndefined();
      expect(served.icc).toBeUndefined();
      expect(served.xmp).toBeUndefined();
      expect(served.orientation).toBeUndefined();
    }
    // The left half (red) was the picture's top: turned upright, red is at the top, blue at the bottom.
    const small = variants[0]?.url ?? '';
    const { data, info } = await sharp((await media(small)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels).subarray(0, 3)];
    expect(pixel(240, 10)[0]).toBeGreaterThan(200);
    expect(pixel(240, 710)[2]).toBeGreaterThan(200);
  });

  it('may be a PNG or a WebP, and one narrower than the widths keeps its own size', async () => {
    const png = await stored(await twoColours(1200, 800).png().toBuffer());
    expect(png.variants.map((variant) => variant.width)).toEqual([480, 960, 1200]);
    expect(png.visual).toMatchObject({ width: 960, height: 640 });

    const webp = await stored(await twoColours(300, 200).webp().toBuffer());
    expect(webp.variants.map(({ width, height }) => [width, height])).toEqual([[300, 200]]);
    expect(webp.visual).toMatchObject({ url: webp.variants[0]?.url, width: 300, height: 200 });
  });

  it('has the same names when the same image is sent again, and other names for another image', async () => {
    const image = await twoColours(1000, 700).jpeg().toBuffer();
    const first = await stored(image);
    const second = await stored(image);
    expect(second.variants.map((variant) => variant.name)).toEqual(first.variants.map((variant) => variant.name));
    // One row of the organiser's uploads for one content, whose id both answers give.
    expect(second.id).toBe(first.id);
    const rows = await context.database.db.select().from(uploadRows).where(eq(uploadRows.id, first.id));
    expect(rows).toMatchObject([{ organizerId, width: first.visual.width, height: first.visual.height }]);
    const other = await stored(await twoColours(1000, 701).jpeg().toBuffer());
    expect(other.variants[0]?.name).not.toBe(first.variants[0]?.name);
    // No temporary file is left behind.
    expect(readdirSync(uploads).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('is told by its content, not its name or declared type: a GIF or a text file named .jpg gets a 415', async () => {
    const gif = await twoColours(40, 40).gif().toBuffer();
    refusal(await upload(gif, { name: 'affiche.jpg', type: 'image/jpeg' }), 415, VISUAL_UPLOAD_MESSAGES.unsupported);
    const text = Buffer.from('Ceci n’est pas une image.\n');
    refusal(await upload(text, { name: 'photo.jpg', type: 'image/jpeg' }), 415, VISUAL_UPLOAD_MESSAGES.unsupported);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    refusal(await upload(svg, { name: 'logo.png', type: 'image/png' }), 415, VISUAL_UPLOAD_MESSAGES.unsupported);
  });

  it('that starts like a JPEG but is not one is a 400', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('pas une image'.repeat(20))]);
    refusal(await upload(broken), 400, VISUAL_UPLOAD_MESSAGES.unreadable);
  });

  it('over 10 MB is a 413', async () => {
    const big = Buffer.concat([
      await twoColours(100, 100).png().toBuffer(),
      Buffer.alloc(VISUAL_UPLOAD_LIMITS.bytes + 1024 * 1024 - 500, 7),
    ]);
    expect(big.length).toBeGreaterThan(11 * 1000 * 1000);
    refusal(await upload(big, { name: 'grande.png', type: 'image/png' }), 413, VISUAL_UPLOAD_MESSAGES.tooLarge);
  });

  it('of 20,000 × 20,000 pixels, or any header announcing a decompression bomb, is refused before decoding: 413', async () => {
    const bomb = craftedPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    refusal(await upload(bomb, { name: 'bombe.png' }), 413, VISUAL_UPLOAD_MESSAGES.tooManyPixels);
    // Decoding 400 megapixels would take seconds and 1.2 GB; the header alone is read.
    expect(performance.now() - started).toBeLessThan(2_000);
    refusal(await upload(craftedPng(100_000, 100_000)), 413, VISUAL_UPLOAD_MESSAGES.tooManyPixels);
    refusal(await upload(craftedJpeg(65_000, 65_000)), 413, VISUAL_UPLOAD_MESSAGES.tooManyPixels);
    refusal(await upload(await craftedWebp(16_383)), 413, VISUAL_UPLOAD_MESSAGES.tooManyPixels);
    // Just over the limit (40,000,001 pixels would be 8,001 × 5,000): refused the same way.
    refusal(await upload(craftedPng(8_001, 5_000)), 413, VISUAL_UPLOAD_MESSAGES.tooManyPixels);

    // The process is still up, and the next upload works.
    expect((await context.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await stored(await twoColours(640, 480).jpeg().toBuffer());
  });

  it('needs a logged-in caller, a multipart form and a file in it', async () => {
    const image = await twoColours(100, 100).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([image]), 'a.png');
    const anonymous = await context.app.inject({
      method: 'POST',
      url: `/pro/organizers/${organizerId}/uploads`,
      payload: form,
    });
    expect(anonymous.statusCode).toBe(401);
    const elsewhere = await context.app.inject({
      method: 'POST',
      url: '/pro/organizers/999999/uploads',
      headers: { authorization: `Bearer ${token}` },
      payload: form,
    });
    expect(elsewhere.statusCode).toBe(404);

    const json = await context.app.inject({
      method: 'POST',
      url: `/pro/organizers/${organizerId}/uploads`,
      headers: { authorization: `Bearer ${token}` },
      payload: { file: 'x' },
    });
    refusal(json, 415, VISUAL_UPLOAD_MESSAGES.notMultipart);

    const empty = new FormData();
    empty.append('alt', 'Rien');
    const nothing = await context.app.inject({
      method: 'POST',
      url: `/pro/organizers/${organizerId}/uploads`,
      headers: { authorization: `Bearer ${token}` },
      payload: empty,
    });
    refusal(nothing, 400, VISUAL_UPLOAD_MESSAGES.missing);
  });

  it('refuses an alternative text the shared text schema refuses, field by field', async () => {
    const response = await upload(await twoColours(100, 100).png().toBuffer(), { alt: 'a\u0000b' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: ['alt'] }] });
  });
});

describe('the pipeline', () => {
  it('refuses more than 10 MB whoever calls it, before looking at the bytes', async () => {
    const big = Buffer.concat([await twoColours(10, 10).png().toBuffer(), Buffer.alloc(VISUAL_UPLOAD_LIMITS.bytes)]);
    await expect(storeVisual(big, { directory: uploads, alt: '' })).rejects.toMatchObject({
      statusCode: 413,
      message: VISUAL_UPLOAD_MESSAGES.tooLarge,
    });
  });

  it('leaves no decoder but JPEG, PNG and WebP open in the process', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(sharp(svg).metadata()).rejects.toThrow();
    await expect(sharp(await twoColours(10, 10).gif().toBuffer()).metadata()).rejects.toThrow();
    await expect(sharp(await twoColours(10, 10).png().toBuffer()).metadata()).resolves.toMatchObject({ format: 'png' });
  });

  it('runs two uploads at a time and tells the others beyond those waiting to come back (503)', async () => {
    const photo = await twoColours(3000, 2000).jpeg({ quality: 95 }).toBuffer();
    const answers = await Promise.all(Array.from({ length: 16 }, () => upload(photo)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(10);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + statuses.filter((status) => status === 201).length).toBe(16);
    const [first] = busy;
    if (!first) throw new Error('no 503');
    refusal(first, 503, VISUAL_UPLOAD_MESSAGES.busy);
    expect(first.headers['retry-after']).toBe('5');
  });
});

describe('GET /media/:name', () => {
  it('serves a stored file as WebP, cached for a year as immutable', async () => {
    const { variants } = await stored(await twoColours(500, 500).png().toBuffer());
    const url = variants[0]?.url ?? '';
    const response = await media(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(variants[0]?.bytes);
    expect(response.rawPayload.length).toBe(variants[0]?.bytes);
  });

  it('answers 404 for an unknown name and for any path leaving the folder', async () => {
    for (const url of [
      '/media/0123456789abcdef-480.webp',
      '/media/../x',
      '/media/..%2F..%2Fpackage.json',
      '/media/%2e%2e',
      '/media/..%2Fsecret.txt',
      '/media/%2e%2e%2fsecret.txt',
      '/media/notes.txt',
    ]) {
      const response = await media(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('secret');
    }
    // A control character is refused at the door, as in every path of the API.
    expect((await media('/media/0123456789abcdef-480.webp%00.png')).statusCode).toBe(400);
  });
});
