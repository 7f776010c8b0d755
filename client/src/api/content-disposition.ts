/**
 * The file name in a `Content-Disposition` header (RFC 6266): `filename*` (RFC 8187, e.g. `UTF-8''a%20b.pdf`) wins
 * over `filename` (quoted or a token). Path parts are dropped, so a name cannot point into a folder. `null` when
 * the header is absent or names no file.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return baseName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
    } catch {
      // a malformed escape: fall back to the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return baseName(quoted[1].replace(/\\(.)/g, '$1'));
  const token = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return token?.[1] ? baseName(token[1]) : null;
}

function baseName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' ? null : base;
}
