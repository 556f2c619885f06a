import { useEffect, useRef } from 'react';
import { createPath, useNavigation } from 'react-router';
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
 * Polls the build id (every minute, and when the page is shown again); once a new build is out, the next
 * navigation is a full page load, so the visitor gets the new code instead of chunks that may no longer exist.
 * Loaded after the first paint by shell/build-watcher.tsx.
 */
export function BuildPoll() {
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
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  useEffect(() => {
    if (stale.current && navigation.state === 'loading' && navigation.location) {
      window.location.assign(createPath(navigation.location));
    }
  }, [navigation.state, navigation.location]);

  return null;
}
