import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import { afterAll, describe, expect, it } from 'vitest';
// The worker module: pdfmake's fonts and access policies, its measure, and the changes installed as it runs them.
import { measureText } from './pdf-worker.js';
import { installPdfmakeSpeedups, PATCHED_PDFMAKE, uninstallPdfmakeSpeedups } from './pdfmake-speed.js';
import type { ReportData } from './report-data.js';
import { reportDocument } from './report-document.js';

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

const report: ReportData = {
  title: 'Patients',
  facts: [['Printed', '11/28/2026 02:00 AM UTC by Ann Lee']],
  columns: ['ID', 'Patient Name', 'Practice', 'Amount'],
  rightAligned: [3],
  rows: Array.from({ length: 300 }, (_, n) => [
    String(n),
    n % 7 === 0 ? `VAN DER BERG-LONGNAME, ANNA MARIA THERESA ${n}` : `LEE, ANN ${n}`,
    'Valley Family Practice',
    `$${n}.50`,
  ]),
  emptyText: 'No Records Found',
  footer: 'Patients',
};

async function render(): Promise<Buffer> {
  const doc = reportDocument(report, measureText);
  doc.info = { ...doc.info, creationDate: new Date('2026-11-28T00:00:00Z') } as typeof doc.info;
  return Buffer.from(await pdfmake.createPdf(doc).getBuffer());
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
    const plain = await render();
    installPdfmakeSpeedups();
    const faster = await render();
    expect(plain.length).toBeGreaterThan(20_000);
    expect(faster.equals(plain)).toBe(true);
  });
});
