export * from './sign-in.machine.js';
