export * from './constants.js';
export * from './error-page.js';
export * from './ids.js';
export * from './listing-path.js';
export * from './money.js';
export * from './site.js';
