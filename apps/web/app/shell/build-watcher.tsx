import { claimChunkReload } from '@guichet/domain';
import { persistentSessionStorage } from '@guichet/ui/safe-storage';
import { useLoadedWhenIdle } from '@guichet/ui/when-idle';
import { useEffect } from 'react';

/**
 * Reloads after a chunk that failed to load, at most once per 10 s per path. Without a storage that outlives
 * the reload (refused, or only the in-memory stand-in), the guard could not stop a loop: no reload then.
 */
export function reloadAfterChunkFailure(): boolean {
  const storage = persistentSessionStorage();
  if (!storage || !claimChunkReload(window.location.pathname, Date.now(), storage)) return false;
  window.location.reload();
  return true;
}

// The build id's polling (a minute apart) starts after the first paint (docs/decisions/0052).
const loadPoll = () => import('./build-poll');

/**
 * Turns Vite's chunk preload failures into a guarded reload, from the first paint on; once the browser is idle,
 * polls the build id so that the navigation after a new build is a full page load (shell/build-poll.tsx).
 */
export function BuildWatcher() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (reloadAfterChunkFailure()) event.preventDefault();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);
  const poll = useLoadedWhenIdle(loadPoll);
  return poll ? <poll.BuildPoll /> : null;
}
