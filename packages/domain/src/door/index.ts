// The door's rules, a subpath of their own (@guichet/domain/door) so that no page that does not scan carries them.
export * from './base45.js';
export * from './decide.js';
export * from './ticket-code.js';
export * from './ticket-qr.js';
export * from './verdicts.js';
