// The seed's public surface: what the server and tests import.
export { DEMO_PASSWORD, DEMO_USERS } from './demo-users.js';

export { DEMO_DEVICE_KEY } from './seed-chart.js';
export {
  isEmpty,
  seedDemo,
} from './seed-demo.js';
export { DEMO_SMS_KEY } from './seed-messages.js';
export { ensureRoleAccess } from './seed-staff.js';
