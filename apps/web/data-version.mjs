// The API's data version (GET /data-version), read every `intervalMs` by the web process: the rendered-page
// cache keeps a page only while the version it was rendered under is still the current one, so a change of
// the catalogue, of a deal or of the places left shows on the next request after the read, not after the
// page's whole lifetime. Outside the app's one door to the API (app/lib/server/api.server.ts) on purpose:
// it belongs to the server around the app, like compression, and a failed read changes nothing for visitors.
const DATA_VERSION_PATH = '/data-version';

/**
 * @param {{ apiUrl: string, intervalMs?: number, fetchImpl?: typeof fetch }} options
 */
export function watchDataVersion({ apiUrl, intervalMs = 1_000, fetchImpl = fetch }) {
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
