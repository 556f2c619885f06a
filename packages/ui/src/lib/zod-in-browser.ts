/**
 * Zod compiles object parsers with `new Function` when it may, and finds out by trying once, when a schema
 * is built: under our Content-Security-Policy (no 'unsafe-eval', @guichet/domain's security-headers.ts) that try is an
 * eval violation in the console. In the browser the schemas are built without compiling — the forms are
 * small — so the try never happens. This module is root.tsx's first import: it runs before any schema of
 * the page's modules is built (route modules load, root first, before the client entry).
 *
 * It writes Zod's configuration where Zod keeps it (`globalThis.__zod_globalConfig`, shared by every copy
 * of Zod, read when a schema is built) instead of calling `z.config`: importing Zod here put 4 KB gzip of it
 * into every page's first load, pages that validate nothing included (docs/decisions/0052). The same object
 * is mutated whichever of this module and Zod runs first; zod-in-browser.test.ts fails if Zod stops reading it.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== 'undefined') {
  const scope = globalThis as ZodGlobal;
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}

// A module (not a script): imported for its effect above.
export {};
