import { writeFile } from 'node:fs/promises';

/**
 * A fake camera for the door's e2e tests: Chromium plays a YUV4MPEG2 file as the webcam
 * (`--use-file-for-fake-video-capture=<file>.y4m`), so a ticket's QR image taken from its PDF is shown to
 * the scan page as if held in front of a phone. Written here byte by byte (4:2:0, grey chroma) so that the
 * tests need no ffmpeg.
 */

/** An RGBA image, 4 bytes a pixel row by row: what pngjs, pdfjs and a canvas's ImageData hold. */
export interface RgbaImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

export interface Y4mOptions {
  /** How many identical frames: Chromium loops the file, a few are enough (2 s at 10 fps). */
  frames?: number;
  width?: number;
  height?: number;
  /** The image is scaled (nearest neighbour) to fit this many pixels, like a code held a hand's length away. */
  fit?: number;
}

/** Video black and white in BT.601's studio range: what the luma formula gives for (0,0,0) and (255,255,255). */
export const Y4M_WHITE = 235;
const NEUTRAL_CHROMA = 128;

/** BT.601 luma of an sRGB pixel, in studio range (16–235), integer form. */
export function luma(r: number, g: number, b: number): number {
  return 16 + ((66 * r + 129 * g + 25 * b + 128) >> 8);
}

export function y4mHeader(width: number, height: number): string {
  // 10 frames a second, progressive, square pixels, chroma sited as JPEG's 4:2:0 (Chromium reads this one).
  return `YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`;
}

/**
 * The luma plane of one frame: a white background with the image scaled to fit `fit` pixels and centred.
 * Transparent pixels are laid over white, as on paper.
 */
export function lumaPlane(image: RgbaImage, width: number, height: number, fit: number): Uint8Array {
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('4:2:0 needs an even width and height');
  const plane = new Uint8Array(width * height).fill(Y4M_WHITE);
  const scale = Math.min(fit / image.width, fit / image.height, width / image.width, height / image.height);
  const drawnWidth = Math.max(1, Math.floor(image.width * scale));
  const drawnHeight = Math.max(1, Math.floor(image.height * scale));
  const left = Math.floor((width - drawnWidth) / 2);
  const top = Math.floor((height - drawnHeight) / 2);
  for (let y = 0; y < drawnHeight; y++) {
    const sourceY = Math.min(image.height - 1, Math.floor(y / scale));
    for (let x = 0; x < drawnWidth; x++) {
      const sourceX = Math.min(image.width - 1, Math.floor(x / scale));
      const at = (sourceY * image.width + sourceX) * 4;
      const alpha = image.data[at + 3] ?? 255;
      const over = (channel: number) => Math.round((channel * alpha + 255 * (255 - alpha)) / 255);
      plane[(top + y) * width + left + x] = luma(
        over(image.data[at] ?? 255),
        over(image.data[at + 1] ?? 255),
        over(image.data[at + 2] ?? 255),
      );
    }
  }
  return plane;
}

/** The whole file: header, then per frame `FRAME\n`, the luma plane and the two quarter-size chroma planes. */
export function y4mVideo(image: RgbaImage, options: Y4mOptions = {}): Buffer {
  const { frames = 20, width = 640, height = 480, fit = 400 } = options;
  const y = lumaPlane(image, width, height, fit);
  // Grey chroma: the code is black and white, colour would only cost bytes.
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, NEUTRAL_CHROMA);
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), y, chroma]);
  return Buffer.concat([
    Buffer.from(y4mHeader(width, height), 'ascii'),
    ...Array.from({ length: frames }, () => frame),
  ]);
}

export async function writeY4m(path: string, image: RgbaImage, options: Y4mOptions = {}): Promise<void> {
  await writeFile(path, y4mVideo(image, options));
}

/** Reads back a frame's luma plane (for tests): the header's size, then the n-th frame's first plane. */
export function readY4mLuma(file: Uint8Array, frameIndex = 0): { width: number; height: number; luma: Uint8Array } {
  const headerEnd = file.indexOf(0x0a);
  const header = Buffer.from(file.subarray(0, headerEnd)).toString('ascii');
  const width = Number(/ W(\d+)/.exec(header)?.[1]);
  const height = Number(/ H(\d+)/.exec(header)?.[1]);
  if (!header.startsWith('YUV4MPEG2 ') || !width || !height) throw new Error('not a YUV4MPEG2 file');
  const frameBytes = 'FRAME\n'.length + width * height * 1.5;
  const start = headerEnd + 1 + frameIndex * frameBytes;
  if (Buffer.from(file.subarray(start, start + 6)).toString('ascii') !== 'FRAME\n') throw new Error('no such frame');
  return { width, height, luma: file.subarray(start + 6, start + 6 + width * height) };
}
