#!/usr/bin/env node
// Checks docs/decisions.md against the code (issue 12 #3): every `decisions.md "Title"` cited in a tracked file
// names an existing `### Title`, and every path an entry names in backticks exists. Fails listing what does not.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const DECISIONS = 'docs/decisions.md';
const decisions = readFileSync(join(root, DECISIONS), 'utf8');
const titles = new Set([...decisions.matchAll(/^### (.+)$/gm)].map((m) => m[1].trim()));
const problems = [];

// Citations: `decisions.md "Title"`, perhaps after a colon or comma; a title must not wrap to the next line.
const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
for (const file of files) {
  const skip = file === 'scripts/check-decisions.mjs' || !/\.(ts|tsx|mts|js|mjs|css|sql|md)$/.test(file);
  if (skip || !existsSync(join(root, file))) continue;
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(/decisions\.md[^"\n]{0,3}"([^"\n]*)("?)/g)) {
      const where = `${file}:${i + 1}`;
      if (m[2] === '') problems.push(`${where}: citation "${m[1]}… wraps; keep the title on one line`);
      else if (!titles.has(m[1])) problems.push(`${where}: no entry "### ${m[1]}" in ${DECISIONS}`);
    }
  });
}

// Paths: a backticked token that starts with a top-level entry of the repository or ends in a file extension.
const topLevel = new Set(readdirSync(root));
const sections = decisions.split(/^(?=### )/m);
for (const section of sections) {
  const title = section.match(/^### (.+)$/m)?.[1] ?? '(preamble)';
  for (const [, token] of section.matchAll(/`([^`\s]+)`/g)) {
    if (!/^[\w.*-]+(\/[\w.*-]*)*$/.test(token)) continue;
    const isPath =
      topLevel.has(token.split('/')[0]) || /\.(ts|tsx|css|sql|mjs|js|json|ya?ml|md)$/.test(token);
    if (!isPath) continue;
    const found = token.includes('*') ? globFound(token) : existsSync(join(root, token));
    if (!found) problems.push(`${DECISIONS} "${title}": \`${token}\` does not exist`);
  }
}

/** Whether a path with `*` only in its last segment (`shared/src/lists/*.ts`) matches a file. */
function globFound(token) {
  const dir = join(root, dirname(token));
  const last = token.split('/').at(-1) ?? '';
  const pattern = new RegExp(`^${last.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`);
  return existsSync(dir) && readdirSync(dir).some((name) => pattern.test(name));
}

if (problems.length > 0) {
  console.error(`check-decisions: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`check-decisions: ${titles.size} entries, every citation and path found`);
