import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A throwaway Redis server for a test. */
export interface TestRedis {
  readonly url: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/**
 * Starts Debian's redis-server on a free loopback port, without persistence (architecture.md "Tests": tests start Redis from
 * the distribution's package; CI installs `redis-server`). Fails with the reason when the binary is missing.
 */
export async function startTestRedis(bin = process.env.REDIS_SERVER ?? 'redis-server'): Promise<TestRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${bin} (apt-get install redis-server): ${err.message}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
