import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway PostgreSQL cluster for a benchmark. */
export interface BenchPostgres {
  readonly url: string;
  readonly version: string;
  /** The server's log file (auto_explain writes its plans there). */
  readonly log: string;
  stop(): void;
}

/**
 * Starts PostgreSQL the way scripts/with-postgres.mjs does (initdb in a temporary folder, 127.0.0.1 on a free
 * port, fsync off, as the `postgres` OS user when run as root), inside the benchmark, so one run measures PGlite
 * and PostgreSQL side by side. Undefined, with the reason, when the server binaries are missing.
 */
export async function startBenchPostgres(): Promise<BenchPostgres | { readonly missing: string }> {
  const root = '/usr/lib/postgresql';
  const candidates = [
    ...(process.env.PG_BIN ? [process.env.PG_BIN] : []),
    ...(existsSync(root)
      ? readdirSync(root)
          .filter((name) => /^\d+(\.\d+)?$/.test(name))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => join(root, version, 'bin'))
      : []),
  ];
  const bin = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!bin) return { missing: 'no PostgreSQL server binaries (apt-get install postgresql, or set PG_BIN)' };

  const asRoot = process.getuid?.() === 0;
  let ids: { uid: number; gid: number } | undefined;
  if (asRoot) {
    const fields = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .map((line) => line.split(':'))
      .find((entry) => entry[0] === 'postgres');
    if (!fields) return { missing: 'running as root without a `postgres` OS user to run the server as' };
    ids = { uid: Number(fields[2]), gid: Number(fields[3]) };
  }
  const tool = (name: string, args: string[]): string => {
    const file = join(bin, name);
    const [cmd, cmdArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    const result = spawnSync(cmd, cmdArgs, { encoding: 'utf8', cwd: tmpdir() });
    if (result.error) throw result.error;
    if (result.status !== 0) throw new Error(`${name} failed: ${result.stdout}${result.stderr}`);
    return result.stdout;
  };

  const dir = mkdtempSync(join(tmpdir(), 'rpm-bench-pg-'));
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const data = join(dir, 'data');
  tool('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const options = [
    '-c listen_addresses=127.0.0.1',
    `-c port=${port}`,
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  tool('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    tool('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'rpm']);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/rpm`,
    version: tool('pg_ctl', ['--version']).trim(),
    log: join(dir, 'server.log'),
    stop,
  };
}
