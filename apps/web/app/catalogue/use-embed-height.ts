import { useEffect } from 'react';

/** The messages between an embedded page and the snippet's script (public/embed.js). */
export const EMBED_HEIGHT_MESSAGE = 'guichet:embed-height';
export const EMBED_PING_MESSAGE = 'guichet:embed-ping';

/** The height the frame needs to show the whole page without a scroll bar. */
function contentHeight(): number {
  return Math.ceil(document.body.getBoundingClientRect().height);
}

/**
 * Inside another site's iframe, tells the parent page how tall this page is: on load, whenever its size
 * changes (images arriving, a narrower frame), and when the parent's script asks (it may load after us).
 * Only a height leaves the frame, so any parent may read it ('*').
 */
export function useReportEmbedHeight() {
  useEffect(() => {
    if (window.parent === window) return;
    let last = -1;
    const report = (force = false) => {
      const height = contentHeight();
      if (!force && height === last) return;
      last = height;
      window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height }, '*');
    };
    const onLoad = () => report(true);
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (event.source === window.parent && data?.type === EMBED_PING_MESSAGE) report(true);
    };
    const observer = new ResizeObserver(() => report());
    observer.observe(document.body);
    window.addEventListener('load', onLoad);
    window.addEventListener('message', onMessage);
    report(true);
    return () => {
      observer.disconnect();
      window.removeEventListener('load', onLoad);
      window.removeEventListener('message', onMessage);
    };
  }, []);
}
