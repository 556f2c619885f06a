/** Reads our PDFs back as a reader would: each page's text, and its images as RGBA pixels for jsQR. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, ImageKind, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export type RgbaImage = { width: number; height: number; data: Uint8ClampedArray };
export type PdfPage = { text: string; images: RgbaImage[] };

type PdfImage = { width: number; height: number; kind: number; data: Uint8Array | Uint8ClampedArray };

export async function readPdf(bytes: Buffer): Promise<PdfPage[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    verbosity: 0,
    // Raw pixels rather than ImageBitmaps, which Node does not have.
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .replace(/\u00a0/g, ' ');
      const operators = await page.getOperatorList();
      const names = operators.fnArray.flatMap((fn, index) =>
        fn === OPS.paintImageXObject ? [operators.argsArray[index]?.[0] as string] : [],
      );
      const images = await Promise.all(names.map((name) => imageObject(page, name)));
      pages.push({ text, images: images.map(toRgba) });
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

type Page = Awaited<ReturnType<Awaited<ReturnType<typeof getDocument>['promise']>['getPage']>>;

/** Images are decoded in the background: the callback form waits until this one is. */
function imageObject(page: Page, name: string): Promise<PdfImage> {
  const objects = name.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => objects.get(name, (image: unknown) => resolve(image as PdfImage)));
}

function toRgba({ width, height, kind, data }: PdfImage): RgbaImage {
  if (kind === ImageKind.RGBA_32BPP) return { width, height, data: new Uint8ClampedArray(data) };
  const rgba = new Uint8ClampedArray(width * height * 4);
  if (kind === ImageKind.RGB_24BPP) {
    for (let i = 0; i < width * height; i++) {
      rgba.set([data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0, 255], i * 4);
    }
    return { width, height, data: rgba };
  }
  throw new Error(`Format d’image inattendu : ${kind}`);
}
