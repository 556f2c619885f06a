/**
 * Zod compiles object parsers with `new Function` when it may, and finds out by trying once, when a schema
 * is built: under our Content-Security-Policy (no 'unsafe-eval', lib/security-headers.ts) that try is an
 * eval violation in the console. In the browser the schemas are built without compiling — the forms are
 * small — so the try never happens. This module is root.tsx's first import: it runs before any schema of
 * the page's modules is built (route modules load, root first, before the client entry).
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });
