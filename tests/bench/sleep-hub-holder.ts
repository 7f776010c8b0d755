// The lock holder of the lease-expiry measure (sleep-hub.ts): takes one study's lock through the hub at ORIGIN
// as the signed-in user in WHO (JSON), says 'held' on stdout, and waits to be killed (SIGKILL: no goodbye).

import { hubAuthOf, hubClient } from '@rpm/bff/hub/test-tab';
import { HUB_EVENTS } from '@rpm/shared';

const who = JSON.parse(process.env.WHO ?? '{}');
const testId = Number(process.env.TEST_ID);
const socket = hubClient(process.env.ORIGIN ?? '', hubAuthOf(who), who.headers.cookie);
socket.once('connect', async () => {
  const answer = await socket
    .timeout(10_000)
    .emitWithAck(HUB_EVENTS.sleepLock, { testId, userId: who.user.user_id, userName: '' });
  process.stdout.write(`${answer.ok ? 'held' : `refused ${JSON.stringify(answer)}`}\n`);
});
setInterval(() => undefined, 60_000);
