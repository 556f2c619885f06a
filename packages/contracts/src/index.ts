export * from './client.js';
export * from './endpoint.js';
export * from './errors.js';
export * from './redirects/lookup.js';
export * from './system/health.js';
