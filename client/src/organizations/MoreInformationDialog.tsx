import { displayDate, MSG, type OrganizationRow } from '@rpm/shared';
import { MoreInformationDialog as InfoDialog } from '../form/MoreInformationDialog';
import { type Language, languageName } from './languages';
import { showsTranslation } from './organization-form-rules';

export interface MoreInformationDialogProps {
  /** The record shown; `null` keeps the dialog closed. */
  readonly organization: OrganizationRow | null;
  readonly languages: readonly Language[] | null;
  readonly onClose: () => void;
}

/**
 * 'More Information' (000 §2.11) of one organisation. Besides the table's columns it shows the description's
 * source language and its translation (000 §3), which the table has no room for.
 */
export function MoreInformationDialog({ organization, languages, onClose }: MoreInformationDialogProps) {
  return (
    <InfoDialog
      rows={organization && fields(organization, languages)}
      onClose={onClose}
      className="org-info-table"
    />
  );
}

function fields(org: OrganizationRow, languages: readonly Language[] | null): [string, string][] {
  const rows: [string, string][] = [
    [MSG.organizationName, org.organization_name],
    ['Description', org.organization_details],
    [MSG.sourceLanguage, languageName(languages, org.description_language_id)],
  ];
  if (showsTranslation(org.description_language_id, org.translated_details))
    rows.push([MSG.translatedNote, org.translated_details ?? '']);
  rows.push(
    ['Practices', String(org.practices)],
    ['Locations', String(org.locations)],
    ['Created', displayDate(org.created_at)],
  );
  return rows;
}
