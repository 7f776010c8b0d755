import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * Two hot paths of pdfkit 0.19 made cheaper without changing a byte of output (decisions.md "pdfkit's hot paths"):
 * a page's content stream kept as one string, and kerning pairs looked up in a Map of Maps. Installed by the PDF
 * worker; the test compares bytes with and without, and says so when another pdfkit version installs nothing.
 */

/** The pdfkit version whose internals this module knows. */
export const PATCHED_PDFKIT = /^0\.19\./;

interface ContentRef {
  buffer: Uint8Array[] | Uint8Array;
  data: { Length?: number; Filter?: string };
  compress: boolean;
  uncompressedLength: number;
  /** Operators written since the last Buffer, as latin1 text ('binary', as pdfkit encodes them). */
  pendingText?: string;
  write(chunk: unknown): void;
  finalize(): void;
}

interface AfmFont {
  attributes: { FontName?: string };
  kernPairs: Record<string, number>;
  /** Left glyph name → right glyph name → kerning, the font's table of {@link kernTables}. */
  kernTable?: Map<string, Map<string, number>>;
  getKernPair(left: string, right: string | undefined): number;
}

/**
 * Each standard font's kerning as Maps, by font name: pdfkit parses a font's metrics anew for every document, and
 * the 14 standard fonts' pairs never change, so each table is built once a process.
 */
const kernTables = new Map<string, Map<string, Map<string, number>>>();

function kernTableOf(font: AfmFont): Map<string, Map<string, number>> {
  const name = font.attributes.FontName ?? '';
  let table = kernTables.get(name);
  if (!table) {
    table = new Map();
    for (const [pair, kerning] of Object.entries(font.kernPairs)) {
      const [first = '', second = ''] = pair.split('\0');
      const row = table.get(first) ?? new Map<string, number>();
      table.set(first, row);
      row.set(second, kerning);
    }
    kernTables.set(name, table);
  }
  return table;
}

const require = createRequire(import.meta.url);

/** Whether the patches are in place, and how to take them out (the test's comparison). */
let installed: (() => void) | null = null;

/** Installs the patches (once); false when pdfkit is not the version they were written for. */
export function installPdfkitSpeedups(): boolean {
  if (installed) return true;
  const { version } = require('pdfkit/package.json') as { version: string };
  if (!PATCHED_PDFKIT.test(version)) return false;
  // The classes are not exported: their prototypes are reached through instances of a throwaway document.
  const probe = new PDFDocument({ autoFirstPage: false });
  const refProto = Object.getPrototypeOf(probe.ref({})) as ContentRef;
  const afmProto = Object.getPrototypeOf(
    (probe.font('Helvetica') as unknown as { _font: { font: AfmFont } })._font.font,
  ) as AfmFont;
  const { write, finalize } = refProto;
  const { getKernPair } = afmProto;

  const flush = (ref: ContentRef) => {
    if (!ref.pendingText) return;
    (ref.buffer as Uint8Array[]).push(Buffer.from(ref.pendingText, 'latin1'));
    ref.pendingText = '';
  };
  refProto.write = function (this: ContentRef, chunk: unknown) {
    if (chunk instanceof Uint8Array) {
      flush(this);
      write.call(this, chunk);
      return;
    }
    // What pdfkit's write does for a string, less the Buffer: one byte a character, so lengths are the text's.
    const text = `${chunk}\n`;
    this.pendingText = (this.pendingText ?? '') + text;
    this.uncompressedLength += text.length;
    this.data.Length = (this.data.Length ?? 0) + text.length;
    if (this.compress) this.data.Filter = 'FlateDecode';
  };
  refProto.finalize = function (this: ContentRef) {
    flush(this);
    finalize.call(this);
  };
  afmProto.getKernPair = function (this: AfmFont, left: string, right: string | undefined) {
    this.kernTable ??= kernTableOf(this);
    const table = this.kernTable;
    return (right === undefined ? undefined : table.get(left)?.get(right)) || 0;
  };
  installed = () => {
    refProto.write = write;
    refProto.finalize = finalize;
    afmProto.getKernPair = getKernPair;
    installed = null;
  };
  return true;
}

/** Takes the patches out again (tests only: they compare pdfkit's output with and without). */
export function uninstallPdfkitSpeedups(): void {
  installed?.();
}
