import { LANGUAGE } from '@rpm/shared';

/** A language of the Source Language select (000 §3: language_id, language). */
export interface Language {
  readonly language_id: number;
  readonly language: string;
}

/** The name of language `id`; for the default language (1) 'English' when the list has not arrived. */
export function languageName(languages: readonly Language[] | null, id: number): string {
  const found = languages?.find((l) => l.language_id === id);
  if (found) return found.language;
  return id === LANGUAGE.default ? 'English' : String(id);
}
