/**
 * Looking a record up by what a CSV cell names it (decisions.md "CSV uploads"): its id, or one of its names
 * ignoring case and repeated spaces. A name two records share is ambiguous rather than guessed.
 */

const nameKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** What a cell names: a record's id, nothing, or several records. */
export type Found = { readonly id: number } | 'none' | 'many';

export class NameIndex {
  private readonly ids = new Set<number>();
  private readonly byName = new Map<string, Set<number>>();

  /** Adds a record with the names it may be written as. */
  add(id: number, ...names: readonly (string | null | undefined)[]): void {
    this.ids.add(id);
    for (const name of names) {
      if (!name) continue;
      const key = nameKey(name);
      const set = this.byName.get(key) ?? new Set<number>();
      set.add(id);
      this.byName.set(key, set);
    }
  }

  find(cell: string): Found {
    const text = cell.trim();
    if (/^\d{1,10}$/.test(text)) return this.ids.has(Number(text)) ? { id: Number(text) } : 'none';
    const set = this.byName.get(nameKey(text));
    if (!set) return 'none';
    return set.size > 1 ? 'many' : { id: set.values().next().value as number };
  }
}

/** A cell's date as 'YYYY-MM-DD': MM/DD/YYYY (M/D too) or YYYY-MM-DD; other text as it is, for the schema to refuse. */
export function dayOf(cell: string): string {
  const text = cell.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) return `${us[3]}-${(us[1] as string).padStart(2, '0')}-${(us[2] as string).padStart(2, '0')}`;
  return text;
}

/** A cell left empty as null. */
export const orNull = (cell: string | undefined): string | null => (cell ?? '').trim() || null;
