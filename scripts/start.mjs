// `npm start` (issue 17 goal 5): runs the BFF (SIGINT/SIGTERM passed on to it, its exit code passed back) and, when
// the client's build is older than what it is built from, builds the client meanwhile: the BFF prepares its database
// (migrations, the demo data) during the build and serves once the build is done (server.ts awaitClientBuild).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the client's build is made of: its sources, the packages it bundles, its config, the installed versions. */
const INPUTS = [
  'client/src',
  'client/public',
  'client/index.html',
  'client/vite.config.ts',
  'client/package.json',
  'shared/src',
  'shared/package.json',
  'machines/src',
  'machines/package.json',
  'package-lock.json',
];
const BUILT = 'client/dist/.vite/manifest.json';

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Runs a command; resolves when it succeeds, rejects with its exit status when it fails. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(code ?? (signal ? 1 : 0))));
  });
}

const built = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
const building = built === 0 || INPUTS.some((path) => newest(path) > built);
if (!building) process.stdout.write('The client build is up to date.\n');
// While the client builds, the server talks to this script over an IPC channel: it says 'awaiting-client' once its
// database is ready, and is told 'client-built' when the build is done.
const server = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
  stdio: building ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  env: building ? { ...process.env, RPM_AWAIT_CLIENT_BUILD: '1' } : process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
if (building) {
  // Resolves true when the server waits for the build, false if it ended first (its exit code is passed back).
  const awaiting = new Promise((resolve) => {
    server.on('message', (message) => message === 'awaiting-client' && resolve(true));
    server.on('exit', () => resolve(false));
  });
  try {
    await run('npm', ['run', 'build', '-w', '@rpm/client']);
  } catch (status) {
    server.kill('SIGTERM');
    process.exit(status);
  }
  if ((await awaiting) && server.connected) {
    server.send('client-built');
    server.disconnect();
  }
}
