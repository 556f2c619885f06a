/** Set by vite.config.ts at build time: one id per build, shared by the server and browser bundles. */
declare const __GUICHET_BUILD_ID__: string;
