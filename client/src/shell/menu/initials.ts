/**
 * Up to two initials for the avatar (000 §2.7 avatar; 000 §3 profile_img absent): the first letters of the first
 * and last words of the name, else of the user name's local part; '?' when neither has a letter or digit.
 */
export function initials(name: string, username = ''): string {
  const words = (text: string) => text.split(/[^\p{L}\p{Nd}]+/u).filter((w) => w !== '');
  const fromName = words(name);
  const source = fromName.length > 0 ? fromName : words(username.split('@')[0] ?? '');
  const first = source[0];
  if (first === undefined) return '?';
  const last = source.length > 1 ? source[source.length - 1] : undefined;
  return `${Array.from(first)[0] ?? ''}${last ? (Array.from(last)[0] ?? '') : ''}`.toUpperCase();
}
