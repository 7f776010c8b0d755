import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { installPdfmakeSpeedups, PATCHED_PDFMAKE, uninstallPdfmakeSpeedups } from './pdfmake-speed.js';
import { sampleReportBytes } from './test-report-bytes.js';

const require = createRequire(import.meta.url);
type Stack = {
  push(item: unknown): void;
  getProperty(property: string): unknown;
  styleOverrides: unknown[];
};
const StyleContextStack = (
  require('pdfmake/js/StyleContextStack.js') as {
    default: {
      new (styles: Record<string, unknown>, defaultStyle?: Record<string, unknown>): Stack;
      getStyleProperty(item: unknown, stack: Stack | undefined, property: string, fallback: unknown): unknown;
    };
  }
).default;

/** Named styles that extend others, one of them in a cycle, and a stack holding names and overrides. */
const styles = {
  base: { font: 'Helvetica', fontSize: 9, color: '#111111' },
  header: { extends: 'base', bold: true, fontSize: 11 },
  muted: { extends: ['header', 'base'], color: '#777777' },
  loopA: { extends: 'loopB' },
  loopB: { extends: 'loopA', italics: true },
};
const items = [
  'a plain string',
  { text: 'a word' },
  { text: 'bold here', bold: false },
  { text: 'named', style: 'muted' },
  { text: 'two names', style: ['loopA', 'header'] },
  { text: 'missing name', style: 'nowhere' },
  { text: 'a section', section: true, style: 'header' },
  { text: 'empty style', style: '' },
];
const properties = ['font', 'fontSize', 'bold', 'italics', 'color', 'alignment', 'noWrap', 'decoration'];

/** Every answer of getProperty and getStyleProperty over the items and properties, as pdfmake gives them. */
function answers(): unknown[] {
  const stack = new StyleContextStack(styles, { fontSize: 12, alignment: 'left' });
  stack.push('header');
  stack.push({ color: '#222222', noWrap: false });
  stack.push('loopA');
  const out: unknown[] = [];
  for (const property of properties) {
    out.push(stack.getProperty(property));
    for (const item of items) {
      out.push(StyleContextStack.getStyleProperty(item, stack, property, 'fallback'));
      out.push(StyleContextStack.getStyleProperty(item, undefined, property, 'fallback'));
    }
  }
  out.push(stack.styleOverrides.length);
  return out;
}

// As the worker module left it, for the files that share this process.
afterAll(() => installPdfmakeSpeedups());

describe("pdfmake's style lookup (pdfmake-speed.ts)", () => {
  it('knows the pdfmake installed, so the worker renders with it', () => {
    const { version } = require('pdfmake/package.json') as { version: string };
    expect(version).toMatch(PATCHED_PDFMAKE);
    expect(installPdfmakeSpeedups()).toBe(true);
  });

  it('answers every style question as pdfmake does: named styles, extends, cycles, sections, overrides', () => {
    uninstallPdfmakeSpeedups();
    const plain = answers();
    expect(installPdfmakeSpeedups()).toBe(true);
    expect(answers()).toEqual(plain);
    expect(plain).toContain('#777777');
    expect(plain).toContain(true);
  });

  it('writes the same bytes as pdfmake does without it', async () => {
    uninstallPdfmakeSpeedups();
    const plain = await sampleReportBytes();
    installPdfmakeSpeedups();
    const faster = await sampleReportBytes();
    expect(plain.length).toBeGreaterThan(20_000);
    expect(faster.equals(plain)).toBe(true);
  });
});
