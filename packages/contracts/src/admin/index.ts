export * from './audit.js';
export * from './contests.js';
export * from './deals.js';
export * from './magazine.js';
export * from './redirects.js';
export * from './surveys.js';
