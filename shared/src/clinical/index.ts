export * from './conditions.js';
export * from './tips.js';
