/**
 * The tags a bell message may keep (000 §2.8 "an HTML message"): simple inline formatting only. Links, images,
 * styles, scripts and every attribute are removed; the text inside removed tags stays.
 */
const MESSAGE_TAGS = ['b', 'strong', 'i', 'em', 'u', 's', 'br', 'span', 'small', 'sub', 'sup', 'mark'];

type Purifier = typeof import('dompurify').default;

let purifier: Promise<Purifier> | undefined;

/** DOMPurify, loaded on first use so the signed-in chunk does not carry it until the bell opens. */
function loadPurifier(): Promise<Purifier> {
  purifier ??= import('dompurify').then((m) => m.default);
  return purifier;
}

/** Sanitises notification HTML from the server before it is rendered as HTML (DOMPurify, 000 §2.8). */
export async function sanitizeMessages(messages: readonly string[]): Promise<string[]> {
  const dompurify = await loadPurifier();
  return messages.map((html) =>
    dompurify.sanitize(html, { ALLOWED_TAGS: MESSAGE_TAGS, ALLOWED_ATTR: [], KEEP_CONTENT: true }),
  );
}
