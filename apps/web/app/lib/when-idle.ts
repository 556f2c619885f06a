/**
 * Runs `work` once the browser is idle, at the latest after `timeout` ms: code a page may need soon (the
 * header's suggestions, the listing's overlay) loads after the first paint, not with it (docs/decisions/0052).
 * Returns what cancels it (an effect's cleanup).
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, timeout);
  return () => clearTimeout(timer);
}
