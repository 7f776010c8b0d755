import {
  addOrganization,
  LANGUAGE,
  MSG,
  ORG_DESCRIPTION_PATTERN,
  ORG_NAME_PATTERN,
  TRANSLATION_SOURCE,
} from '@rpm/shared';

/** The organisation form as typed (000 §2.10, §3). */
export interface OrganizationFormValues {
  readonly name: string;
  readonly description: string;
  /** Source language of the description: 1 default (no translation), 2 Arabic, 3 Spanish (000 §9). */
  readonly languageId: number;
  /** The translated description, '' when there is none. */
  readonly translated: string;
}

/** Messages under the fields; a missing key means the field is fine. */
export interface OrganizationFormErrors {
  readonly name?: string;
  readonly description?: string;
}

/** Longest name and description the server takes (the addOrganization contract). */
export const ORG_NAME_MAX = addOrganization.body.shape.organization_name.maxLength ?? 120;
export const ORG_DESCRIPTION_MAX = addOrganization.body.shape.organization_details.maxLength ?? 2000;

/** 000 §5, on blur: 'Required' when empty, 'Invalid Name' for characters other than letters, digits , - . space. */
export function nameBlurError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return MSG.required;
  return ORG_NAME_PATTERN.test(trimmed) ? undefined : MSG.invalidName;
}

/**
 * 000 §5, on submit: name required ('Required') and without special characters ('Name cannot contain special
 * characters'); description required ('Required') and without special characters ('Description cannot contain
 * special characters'). Values are checked as they will be sent: trimmed.
 */
export function organizationFormErrors(values: OrganizationFormValues): OrganizationFormErrors {
  const name = values.name.trim();
  const description = values.description.trim();
  const nameError =
    name === '' ? MSG.required : ORG_NAME_PATTERN.test(name) ? undefined : MSG.nameSpecialChars;
  const descriptionError =
    description === ''
      ? MSG.required
      : ORG_DESCRIPTION_PATTERN.test(description)
        ? undefined
        : MSG.descriptionSpecialChars;
  return {
    ...(nameError === undefined ? {} : { name: nameError }),
    ...(descriptionError === undefined ? {} : { description: descriptionError }),
  };
}

/** 000 §4.7: source language 1 (the default, no translation) disables Translate. */
export function canTranslate(languageId: number): boolean {
  return languageId !== LANGUAGE.default;
}

/** 000 §4.7: the translated text is hidden when the language is 1 or no translation exists. */
export function showsTranslation(languageId: number, translated: string | null): boolean {
  return canTranslate(languageId) && translated !== null && translated.trim() !== '';
}

/** The translate call's `source` (000 §7): 'ar' for 2, 'es' for 3, else ''. */
export function translationSource(languageId: number): 'ar' | 'es' | '' {
  const source = TRANSLATION_SOURCE[languageId];
  return source === 'ar' || source === 'es' ? source : '';
}

/** 000 §5: Translate with an empty description shows 'Please enter text.'. */
export function translateError(description: string): string | undefined {
  return description.trim() === '' ? MSG.enterText : undefined;
}

/** 000 §4.7: whether the name changed, compared case-insensitively after trimming. */
export function isNameChanged(original: string, next: string): boolean {
  return original.trim().toLowerCase() !== next.trim().toLowerCase();
}

/** What a save sends (000 §4.7): trimmed values; no translation kept for language 1 or an empty one. */
export interface OrganizationSubmission {
  readonly organization_name: string;
  readonly organization_details: string;
  readonly description_language_id: number;
  readonly translated_details: string | null;
}

/** The trimmed submission of the form (000 §3 "name, description, translated text, language id"). */
export function toSubmission(values: OrganizationFormValues): OrganizationSubmission {
  return {
    organization_name: values.name.trim(),
    organization_details: values.description.trim(),
    description_language_id: values.languageId,
    translated_details: showsTranslation(values.languageId, values.translated)
      ? values.translated.trim()
      : null,
  };
}
