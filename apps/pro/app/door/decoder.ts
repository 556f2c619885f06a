/**
 * Reading a QR code from a camera frame: the browser's own BarcodeDetector where it reads QR codes (Chrome on
 * Android and macOS), else zxing-wasm's reader (Linux Chromium, Firefox, Safari before 17…), its wasm file
 * served from this site's /assets like any other asset and kept by the service worker: nothing is ever
 * fetched from a CDN. The choice is made once per page.
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The part of the Shape Detection API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

export { wasmUrl as zxingWasmUrl };

export interface FrameDecoder {
  readonly name: 'barcode-detector' | 'zxing';
  /** The text of a QR code in the frame, or null. */
  decode(frame: ImageData, video: HTMLVideoElement): Promise<string | null>;
}

async function barcodeDetector(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      name: 'barcode-detector',
      async decode(_frame, video) {
        const [found] = await detector.detect(video);
        return found?.rawValue ?? null;
      },
    };
  } catch {
    return null;
  }
}

async function zxing(): Promise<FrameDecoder> {
  const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return {
    name: 'zxing',
    async decode(frame) {
      const [found] = await readBarcodes(frame, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
      return found?.isValid ? found.text : null;
    },
  };
}

let chosen: Promise<FrameDecoder> | null = null;

export function frameDecoder(): Promise<FrameDecoder> {
  chosen ??= barcodeDetector().then((native) => native ?? zxing());
  return chosen;
}
