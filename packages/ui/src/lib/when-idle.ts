import { useEffect, useState } from 'react';

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

/**
 * The module `load` gives (an `import()`), loaded once the browser is idle, or at once while `now` is true:
 * null until then, and on the server and at hydration, so what it brings renders nothing before it arrives.
 * A module that cannot load stays null (the page goes on without it).
 */
export function useLoadedWhenIdle<Module>(load: () => Promise<Module>, now = false): Module | null {
  const [loaded, setLoaded] = useState<Module | null>(null);
  useEffect(() => {
    if (loaded) return undefined;
    // A module arriving after the component is gone sets nothing (React ignores it).
    const start = () =>
      void load().then(
        (module) => setLoaded(() => module),
        () => {},
      );
    if (!now) return whenIdle(start);
    start();
    return undefined;
  }, [load, now, loaded]);
  return loaded;
}
