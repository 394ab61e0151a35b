export * from './limits.js';
export * from './common.js';
export * from './auth.js';
export * from './files.js';
export * from './folders.js';
export * from './admin.js';
export * from './events.js';
export * from './links.js';
