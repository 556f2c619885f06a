// The API's data version (GET /data-version), read every `intervalMs`: the page cache serves a copy only under
// the version it was rendered under, so a change of the catalogue or of places left shows at the next read.
// Outside the app's door to the API on purpose: it belongs to the server around the app, and a failed read
// changes nothing for visitors.
const DATA_VERSION_PATH = '/data-version';

/** How often it is read unless DATA_VERSION_POLL_MS says otherwise: the longest a published change waits. */
export const DATA_VERSION_POLL_MS = 1_000;

/**
 * @param {{ apiUrl: string, intervalMs?: number, fetchImpl?: typeof fetch }} options
 */
export function watchDataVersion({ apiUrl, intervalMs = DATA_VERSION_POLL_MS, fetchImpl = fetch }) {
  /** @type {string | null} */
  let version = null;
  const read = async () => {
    try {
      const response = await fetchImpl(`${apiUrl}${DATA_VERSION_PATH}`, {
        signal: AbortSignal.timeout(intervalMs * 5),
      });
      if (!response.ok) return version;
      const body = await response.json();
      if (typeof body?.version === 'string') version = body.version;
    } catch {
      // An API out of reach: the pages kept so far stay served until their lifetime ends.
    }
    return version;
  };
  const timer = setInterval(read, intervalMs);
  timer.unref();
  return {
    /** The last version read; null until the first read succeeds. */
    current: () => version,
    /** Reads it now (tests; the start). */
    read,
    stop: () => clearInterval(timer),
  };
}
