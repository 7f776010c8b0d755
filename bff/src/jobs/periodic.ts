/** A job's timer: a pass every interval, never two at once; stop waits for the running pass. */
export function periodic(pass: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const runOnce = (): void => {
    if (running) return;
    running = pass()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start(): void {
      if (timer) return;
      timer = setInterval(runOnce, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
