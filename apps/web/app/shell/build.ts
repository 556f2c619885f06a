/** The id of the build this code belongs to: the same in the server and browser bundles of one build. */
export const BUILD_ID: string = __GUICHET_BUILD_ID__;

/** How often an open page asks whether a new build is out. */
export const BUILD_POLL_INTERVAL_MS = 60_000;

/** Where the server tells its build id. */
export const BUILD_ID_PATH = '/_build';
