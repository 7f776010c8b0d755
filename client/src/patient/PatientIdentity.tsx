import { Intent, Tag } from '@blueprintjs/core';
import { type PatientIdentity as Identity, identityDetail, identityName, SAME_NAME_TEXT } from '@rpm/shared';
import { Link } from 'wouter';
import './patient.css';

export interface PatientIdentityProps {
  readonly patient: Identity;
  /** Another patient of the practice has this name: show the 'Same name' marker. */
  readonly sameName?: boolean;
  /** One line (tables, menus) rather than the name above its detail (headers, dialogs). */
  readonly inline?: boolean;
  /** Where the name links (a list's patient column: the chart); DOB and MRN stay plain text. */
  readonly href?: string | undefined;
}

/**
 * A patient named as the product names every patient (shared/src/patient-identity.ts): the name, its
 * date of birth and MRN (or RPM ID), and the 'Same name' marker when another patient of the practice shares it.
 */
export function PatientIdentity({ patient, sameName = false, inline = false, href }: PatientIdentityProps) {
  const name = identityName(patient);
  return (
    <span className={`patient-identity${inline ? ' patient-identity-inline' : ''}`}>
      <span className="patient-identity-head">
        <span className="patient-identity-name">{href ? <Link href={href}>{name}</Link> : name}</span>
        {sameName && (
          <Tag minimal intent={Intent.WARNING} className="patient-identity-same" title={SAME_NAME_TEXT}>
            {SAME_NAME_TEXT}
          </Tag>
        )}
      </span>
      <span className="patient-identity-detail">{identityDetail(patient)}</span>
    </span>
  );
}
