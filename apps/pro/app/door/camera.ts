/**
 * The back camera, read about 8 times a second: each frame drawn on a 640×480 canvas and handed to the
 * decoder (a frame is skipped while the previous one is still being read). Stops the stream when the page
 * leaves or the scanner turns it off.
 */
import { type FrameDecoder, frameDecoder } from './decoder';

const FRAME_INTERVAL_MS = 125;
const WIDTH = 640;
const HEIGHT = 480;

export type CameraFailure = 'unsupported' | 'denied' | 'unavailable';

export interface Camera {
  decoder: FrameDecoder;
  stop(): void;
}

export async function startCamera(
  video: HTMLVideoElement,
  onText: (text: string) => void,
): Promise<Camera | CameraFailure> {
  if (!navigator.mediaDevices?.getUserMedia) return 'unsupported';
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: 'environment', width: { ideal: WIDTH }, height: { ideal: HEIGHT } },
    });
  } catch (error) {
    return error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable';
  }
  const decoder = await frameDecoder();
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => {});
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let stopped = false;
  let busy = false;
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const read = async () => {
    if (stopped || busy || !context || video.readyState < 2) return;
    busy = true;
    try {
      context.drawImage(video, 0, 0, WIDTH, HEIGHT);
      const text = await decoder.decode(context.getImageData(0, 0, WIDTH, HEIGHT), video);
      if (text && !stopped) onText(text);
    } catch {
      // A frame that cannot be read is skipped; the next one comes within 125 ms.
    } finally {
      busy = false;
    }
  };

  const next = () => {
    if (stopped) return;
    if ('requestVideoFrameCallback' in video) {
      video.requestVideoFrameCallback((now) => {
        if (now - last >= FRAME_INTERVAL_MS) {
          last = now;
          void read();
        }
        next();
      });
    } else {
      timer = setTimeout(() => {
        void read();
        next();
      }, FRAME_INTERVAL_MS);
    }
  };
  next();

  return {
    decoder,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}
