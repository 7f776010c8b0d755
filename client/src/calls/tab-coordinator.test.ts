import { holdsSoftphone } from '@rpm/machines';
import { describe, expect, it } from 'vitest';
import { startTabCoordinator, type TabEnvironment } from './tab-coordinator';

interface Request {
  tab: string;
  grant: () => void;
  fail: (error: Error) => void;
  end: () => void;
}

/** One browser: a Web Lock manager (FIFO, steal, abort, a closed tab's lock freed) and a BroadcastChannel hub. */
function browser() {
  let held: Request | null = null;
  const queue: Request[] = [];
  const channels = new Map<string, { onmessage: ((e: MessageEvent) => void) | null }>();
  const grantNext = () => {
    if (held !== null) return;
    const next = queue.shift();
    if (next) next.grant();
  };
  const tab = (id: string): TabEnvironment => {
    const channel = {
      onmessage: null as ((e: MessageEvent) => void) | null,
      postMessage: (data: unknown) => {
        for (const [other, c] of channels) if (other !== id) c.onmessage?.({ data } as MessageEvent);
      },
      close: () => channels.delete(id),
    };
    channels.set(id, channel);
    const locks = {
      request: ((_name: string, options: LockOptions, cb: () => Promise<void> | undefined) =>
        new Promise<void>((resolve, reject) => {
          const request: Request = {
            tab: id,
            grant: () => {
              held = request;
              Promise.resolve(cb()).then(() => request.end());
            },
            fail: (error) => {
              if (held === request) held = null;
              reject(error);
              grantNext();
            },
            end: () => {
              if (held === request) held = null;
              resolve();
              grantNext();
            },
          };
          options.signal?.addEventListener('abort', () => {
            const i = queue.indexOf(request);
            if (i >= 0) queue.splice(i, 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
          if (options.steal) {
            held?.fail(new DOMException('stolen', 'AbortError'));
            held = null;
            request.grant();
          } else {
            queue.push(request);
            grantNext();
          }
        })) as LockManager['request'],
    };
    return { locks, channel, storage: sessionStorage, newId: () => id };
  };
  /** The browser closes a tab: its lock and queued requests go. */
  const close = (id: string) => {
    channels.delete(id);
    for (const r of queue.filter((q) => q.tab === id)) queue.splice(queue.indexOf(r), 1);
    if (held?.tab === id) held.end();
  };
  return { tab, close };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function open(b: ReturnType<typeof browser>, id: string, dials: string[]) {
  sessionStorage.removeItem('tabId');
  return startTabCoordinator(b.tab(id), (number) => dials.push(`${id} dials ${number}`));
}

describe('one softphone across tabs (000 §4.10)', () => {
  it('exactly one of three tabs holds it; closing it moves it to another at once; toggle_task moves it on request', async () => {
    const b = browser();
    const dials: string[] = [];
    const tabs: Partial<Record<'a' | 'b' | 'c', ReturnType<typeof open>>> = {
      a: open(b, 'a', dials),
      b: open(b, 'b', dials),
      c: open(b, 'c', dials),
    };
    await settle();
    const holders = () =>
      Object.entries(tabs)
        .filter(([, t]) => t && holdsSoftphone(t.actor.getSnapshot()))
        .map(([id]) => id);
    expect(holders()).toEqual(['a']);
    expect(tabs.c?.actor.getSnapshot().context.holderId).toBe('a');

    tabs.c?.actor.send({ type: 'DIAL', number: '5551234567', patientId: 4 });
    expect(dials).toEqual(['a dials 5551234567']);

    // The browser closes the tab: no unload message, only its lock freed.
    b.close('a');
    tabs.a?.actor.stop();
    delete tabs.a;
    await settle();
    expect(holders()).toEqual(['b']);

    tabs.c?.actor.send({ type: 'TAKE' });
    await settle();
    expect(holders()).toEqual(['c']);
    expect(tabs.b?.actor.getSnapshot().context.holderId).toBe('c');

    tabs.c?.stop();
    delete tabs.c;
    await settle();
    expect(holders()).toEqual(['b']);
    tabs.b?.stop();
  });

  it("keeps the tab's id in session storage as 'tabId'", () => {
    sessionStorage.removeItem('tabId');
    const started = startTabCoordinator(browser().tab('x'), () => {});
    expect(sessionStorage.getItem('tabId')).toBe('x');
    expect(started.actor.getSnapshot().context.tabId).toBe('x');
    started.stop();
  });
});
