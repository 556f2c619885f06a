import { claimChunkReload } from '@guichet/domain';
import { useEffect, useRef } from 'react';
import { createPath, useNavigation } from 'react-router';
import { persistentSessionStorage } from '../lib/safe-storage';
import { BUILD_ID, BUILD_ID_PATH, BUILD_POLL_INTERVAL_MS } from './build';

/** Asks the server for its build id; true when it is not the build this page runs. */
export async function isNewBuildOut(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(BUILD_ID_PATH, { cache: 'no-store' });
    if (!response.ok) return false;
    const { buildId } = (await response.json()) as { buildId?: unknown };
    return typeof buildId === 'string' && buildId !== BUILD_ID;
  } catch {
    return false;
  }
}

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

/**
 * Polls the build id; once a new build is out, the next navigation is a full page load, so the visitor
 * gets the new code instead of chunks that may no longer exist. Also turns Vite's chunk preload failures
 * into a guarded reload.
 */
export function BuildWatcher() {
  const stale = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    const check = async () => {
      if (!stale.current && (await isNewBuildOut())) stale.current = true;
    };
    const timer = setInterval(check, BUILD_POLL_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const onPreloadError = (event: Event) => {
      if (reloadAfterChunkFailure()) event.preventDefault();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('vite:preloadError', onPreloadError);
    };
  }, []);

  useEffect(() => {
    if (stale.current && navigation.state === 'loading' && navigation.location) {
      window.location.assign(createPath(navigation.location));
    }
  }, [navigation.state, navigation.location]);

  return null;
}
