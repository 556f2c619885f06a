export * from './agenda.js';
export * from './dates.js';
export * from './ics.js';
export * from './json-ld.js';
export * from './listing.js';
export * from './offers.js';
export * from './selling.js';
export * from './visuals.js';
