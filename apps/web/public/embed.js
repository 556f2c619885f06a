/*
 * Guichet — the script of the embed snippet (« Intégrer sur votre site »). It resizes each Guichet iframe of
 * the page to the height its page reports, so the embedded events show without a scroll bar.
 * Plain script, no dependency; loading it twice does no harm.
 */
(() => {
  if (window.__guichetEmbed) return;
  window.__guichetEmbed = true;

  const script = document.currentScript;
  // The site this script comes from: only its pages may resize frames.
  const origin = script?.src ? new URL(script.src, document.baseURI).origin : null;
  if (!origin) return;

  const frames = () => Array.from(document.getElementsByTagName('iframe'));

  window.addEventListener('message', (event) => {
    if (event.origin !== origin) return;
    const data = event.data;
    if (data?.type !== 'guichet:embed-height') return;
    const height = Number(data.height);
    if (!Number.isFinite(height) || height <= 0 || height > 100_000) return;
    // The frame that sent the message, whatever its position in the page.
    const frame = frames().find((candidate) => candidate.contentWindow === event.source);
    if (frame) frame.style.height = `${Math.ceil(height)}px`;
  });

  // A frame that loaded before this script already said its height: ask again.
  const ping = () => {
    for (const frame of frames()) {
      let frameOrigin = null;
      try {
        frameOrigin = new URL(frame.src, document.baseURI).origin;
      } catch (_error) {}
      if (frameOrigin === origin && frame.contentWindow) {
        frame.contentWindow.postMessage({ type: 'guichet:embed-ping' }, origin);
      }
    }
  };
  ping();
  if (document.readyState !== 'complete') window.addEventListener('load', ping);
})();
