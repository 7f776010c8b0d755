// Billing rules of spec 001 §2.1, §3, §9: CPT eligibility per patient per month, prices, report columns.
export * from './claim-status.js';
export * from './columns.js';
export * from './cpt-table.js';
export * from './eligibility.js';
export * from './engine.js';
export * from './pricing.js';
export * from './program-codes.js';
export * from './sleep-codes.js';
