export * from './notification-count.machine.js';
export * from './recorder.js';
export * from './replay.js';
export * from './rule-status.machine.js';
export * from './session.machine.js';
export * from './sign-in.machine.js';
export * from './task-count.machine.js';
export * from './temporary-login.machine.js';
