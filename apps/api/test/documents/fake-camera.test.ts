import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeTicketQr } from '@guichet/domain/door';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luma, readY4mLuma, writeY4m, Y4M_WHITE, y4mHeader } from '../../../../e2e/lib/fake-camera.js';
import { qrPng } from '../../src/services/documents/qr.js';

/**
 * The door's e2e tests show a ticket's QR to Chromium as a fake webcam (e2e/lib/fake-camera.ts). Here the file
 * it writes is read back as Chromium would: the luma plane of a frame must still decode to the ticket's text.
 */

/** A luma plane as the RGBA jsQR reads (grey: R = G = B = Y). */
function greyRgba(plane: Uint8Array): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(plane.length * 4);
  for (let i = 0; i < plane.length; i++) rgba.set([plane[i] ?? 0, plane[i] ?? 0, plane[i] ?? 0, 255], i * 4);
  return rgba;
}

// A signed ticket code as the tickets PDF prints it (version 5, 120 characters); the signature's bytes
// do not matter to the camera.
const signedCode = encodeTicketQr(
  { kind: 'TICKET', keyId: 7, scopeId: 42, ticketId: 123_456 },
  Uint8Array.from({ length: 64 }, (_, i) => (i * 37) % 256),
);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fake-camera-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeY4m', () => {
  it('writes a 640×480 4:2:0 video whose frames decode back to the ticket’s code', async () => {
    const png = PNG.sync.read(await qrPng(signedCode));
    const path = join(dir, 'ticket.y4m');
    await writeY4m(path, png);
    const file = await readFile(path);

    const header = y4mHeader(640, 480);
    expect(header).toBe('YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\n');
    expect(file.subarray(0, header.length).toString('ascii')).toBe(header);
    const frameBytes = 'FRAME\n'.length + 640 * 480 + 2 * 320 * 240;
    expect(file.length).toBe(header.length + 20 * frameBytes);

    for (const frame of [0, 19]) {
      const { width, height, luma: plane } = readY4mLuma(file, frame);
      expect([width, height]).toEqual([640, 480]);
      // White paper around the code, and the code fits in the middle 400 px.
      expect(plane[0]).toBe(Y4M_WHITE);
      expect(plane[240 * 640 + 10]).toBe(Y4M_WHITE);
      expect(jsQR(greyRgba(plane), width, height)?.data).toBe(signedCode);
    }
    // Chroma planes are grey.
    const chromaStart = header.length + 'FRAME\n'.length + 640 * 480;
    expect(new Set(file.subarray(chromaStart, chromaStart + 2 * 320 * 240))).toEqual(new Set([128]));
  });

  it('still decodes when the code is shown small (half its printed size) on another frame size', async () => {
    const png = PNG.sync.read(await qrPng(signedCode));
    const path = join(dir, 'small.y4m');
    await writeY4m(path, png, { frames: 2, width: 320, height: 240, fit: png.width / 2 });
    const { width, height, luma: plane } = readY4mLuma(await readFile(path), 1);
    expect([width, height]).toEqual([320, 240]);
    expect(jsQR(greyRgba(plane), width, height)?.data).toBe(signedCode);
  });

  it('uses BT.601 studio-range luma: black 16, white 235, transparent as paper', () => {
    expect(luma(0, 0, 0)).toBe(16);
    expect(luma(255, 255, 255)).toBe(Y4M_WHITE);
    expect(luma(255, 0, 0)).toBe(82);
  });

  it('refuses an odd frame size, which 4:2:0 cannot halve', async () => {
    const png = PNG.sync.read(await qrPng('GU1:TEST'));
    await expect(writeY4m(join(dir, 'odd.y4m'), png, { width: 641 })).rejects.toThrow(/even/);
  });
});
