export * from './document.js';
export * from './links.js';
export * from './render.js';
export * from './rules.js';
