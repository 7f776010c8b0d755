// `npm start` (issue 17 goal 5): builds the client only when its build is older than what it is built from (and
// prepares the database meanwhile), then runs the BFF (SIGINT/SIGTERM passed on to it, its exit code passed back).
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

/** Runs a command; resolves when it succeeds, exits with its status when it fails. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else process.exit(code ?? (signal ? 1 : 0));
    });
  });
}

const built = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
if (built === 0 || INPUTS.some((path) => newest(path) > built)) {
  // The database is prepared (migrated, the demo data seeded when empty) while the client builds (issue 17 goal 5).
  await Promise.all([
    run('npm', ['run', 'build', '-w', '@rpm/client']),
    run(process.execPath, ['--import', 'tsx', 'bff/src/db/prepare-main.ts']),
  ]);
} else process.stdout.write('The client build is up to date.\n');
const server = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
