// The file-size budget of `npm run lint` (issue 12 #4): a source file over 300 lines says why in its first comment,
// with the words "over 300 lines" (e.g. `// Over 300 lines: one case table per spec section, read side by side.`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const BUDGET = 300;
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const REASON = /over 300 lines/i;

/** The text of a file's first comment (a run of `//` lines or one block comment), or '' when it has none. */
function firstComment(text) {
  const body = text.replace(/^#!.*\n/, '').trimStart();
  if (body.startsWith('/*')) return body.slice(0, body.indexOf('*/') + 2);
  const lines = [];
  for (const line of body.split('\n')) {
    if (!line.trimStart().startsWith('//')) break;
    lines.push(line);
  }
  return lines.join('\n');
}

/** Files over the budget whose first comment gives no reason. */
function overBudget(files, read = (f) => readFileSync(f, 'utf8')) {
  const out = [];
  for (const file of files) {
    const text = read(file);
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > BUDGET && !REASON.test(firstComment(text))) out.push({ file, lines });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => SOURCE.test(f) && !f.includes('/dist/'));
  const bad = overBudget(files);
  for (const { file, lines } of bad)
    console.error(
      `${file}: ${lines} lines; over ${BUDGET} needs a reason ("over 300 lines: …") in its first comment`,
    );
  if (bad.length > 0) process.exit(1);
  console.log(`file sizes: ${files.length} source files within the budget or with a reason`);
}
