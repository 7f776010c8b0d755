import type { CallDef } from '@rpm/shared';
import { type CallRequest, callRaw } from './call';
import { fileNameFromContentDisposition } from './content-disposition';

/**
 * Makes a call whose answer is a file (the billing PDF, 001 §7; a list's PDF/CSV, 001 §2.4) and saves it under the
 * name of its Content-Disposition header, or `fallbackName` when the server names none. Resolves with the name;
 * failures throw the call's ApiError.
 */
export async function downloadFile<C extends CallDef>(
  def: C,
  input: CallRequest<C>,
  fallbackName: string,
): Promise<string> {
  const response = await callRaw(def, input);
  const blob = await response.blob();
  const name = fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}

/** Saves `blob` as a download named `name` (an object URL on a temporary link; no inline script, CSP-safe). */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; a moment later the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
