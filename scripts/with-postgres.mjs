#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster:
//   node scripts/with-postgres.mjs <command...>
// initdb's a cluster in a temporary folder with the distribution's binaries (/usr/lib/postgresql/*/bin, or
// PG_BIN), starts it on 127.0.0.1 on a free port, creates the database `rpm`, runs the command with
// DATABASE_URL set (stdio inherited), then stops the server, removes the folder and exits with the command's code.
// As root the server runs as the `postgres` OS user, because PostgreSQL refuses to run as root.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DATABASE = 'rpm';
const log = (message) => process.stderr.write(`with-postgres: ${message}\n`);

/** The newest bin folder holding initdb and pg_ctl, or undefined. */
function findBinaries() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(join(root, version, 'bin'));
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

/** Asks the kernel for a free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const command = process.argv.slice(2);
if (command.length === 0) {
  log('usage: node scripts/with-postgres.mjs <command...>');
  process.exit(2);
}

const bin = findBinaries();
if (!bin) {
  log(
    'no PostgreSQL server binaries found (looked for initdb and pg_ctl under /usr/lib/postgresql/*/bin and $PG_BIN). ' +
      'Install them, for example `apt-get install postgresql`, or set PG_BIN.',
  );
  process.exit(1);
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let postgresIds;
if (asRoot) {
  const passwd = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'postgres');
  if (!passwd) {
    log('running as root but there is no `postgres` OS user to run the server as.');
    process.exit(1);
  }
  postgresIds = { uid: Number(passwd[2]), gid: Number(passwd[3]) };
}

/** Runs a PostgreSQL tool synchronously, as the postgres OS user when we are root; throws on failure. */
function runTool(tool, args) {
  const file = join(bin, tool);
  const [cmd, cmdArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const result = spawnSync(cmd, cmdArgs, { encoding: 'utf8', cwd: tmpdir() });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${tool} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

const dir = mkdtempSync(join(tmpdir(), 'rpm-pg-'));
const dataDir = join(dir, 'data');
let started = false;
let cleanedUp = false;

/** Stops the server and removes the folder; safe to call more than once. */
function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (started) {
    try {
      runTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch (error) {
      log(`stopping the server failed: ${error.message}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

let child;
let signalled;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    signalled = signal;
    // The command cleans up first; we clean up once it exits. Before it has started, clean up now.
    if (child && child.exitCode === null) child.kill(signal);
    else {
      cleanup();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
  });
}

try {
  if (postgresIds) chownSync(dir, postgresIds.uid, postgresIds.gid);
  const startedAt = performance.now();
  runTool('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  const port = await freePort();
  // Durability is pointless for a throwaway cluster; the socket goes in our folder, not the system's.
  const serverOptions = [
    `-c listen_addresses=127.0.0.1`,
    `-c port=${port}`,
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  runTool('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', join(dir, 'server.log'), '-w', 'start']);
  started = true;
  runTool('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', DATABASE]);
  const version = runTool('pg_ctl', ['--version']).trim();
  const url = `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
  log(`${version} ready at ${url} in ${Math.round(performance.now() - startedAt)} ms`);

  const [file, ...args] = command;
  child = spawn(file, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      log(`could not start ${file}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (exitCode, signal) => {
      resolve(exitCode ?? (signal === 'SIGINT' ? 130 : 143));
    });
  });
  cleanup();
  process.exitCode = signalled && code === 0 ? 1 : code;
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  cleanup();
  process.exitCode = 1;
}
