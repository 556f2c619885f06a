export * from './account-fields.js';
export * from './common-passwords.js';
export * from './messages.js';
export * from './payment-fields.js';
export * from './rules.js';
export * from './text.js';
export * from './validate.js';
