// `npm start` (issue 17 goal 5): builds the client only when its build is older than what it is built from, then
// runs the BFF (SIGINT/SIGTERM passed on to it, its exit code passed back).
import { spawn, spawnSync } from 'node:child_process';
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

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const built = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
if (built === 0 || INPUTS.some((path) => newest(path) > built))
  run('npm', ['run', 'build', '-w', '@rpm/client']);
else process.stdout.write('The client build is up to date.\n');
const server = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
