import { Button, Card, HTMLTable } from '@blueprintjs/core';
import {
  displayDate,
  displayDateTime,
  formatFileSize,
  type PatientIdentity as Identity,
  MSG,
  type PatientDocument,
  SLEEP_REPORT_STATE_LABELS,
  type SleepStudyReport,
  upperNames,
} from '@rpm/shared';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../api/api-error';
import { useApi } from '../errors/ErrorDialogProvider';
import { PatientIdentity } from '../patient/PatientIdentity';
import './record-view.css';

/**
 * What the Dental Dashboard's case view and the Sleep Lab's study view share
 * (decisions.md "Dental case and sleep study views"): the patient header, a titled section, a study's report line
 * and the patient's documents.
 */

export interface RecordViewHeadProps {
  /** The record, e.g. 'Oral-appliance case 31'. */
  readonly title: string;
  readonly patient: Identity;
  /** The list the record belongs to, to go back to. */
  readonly back: { readonly href: string; readonly text: string };
  /** Actions on the record, beside the title. */
  readonly children?: ReactNode;
}

/** The record's title, its patient named as everywhere (name, DOB, MRN or RPM ID), and the way back to its list. */
export function RecordViewHead({ title, patient, back, children }: RecordViewHeadProps) {
  return (
    <header className="record-view-head">
      <Link href={back.href} className="record-view-back">
        ← {back.text}
      </Link>
      <div className="record-view-title-row">
        <h2 className="record-view-title">{title}</h2>
        {children}
      </div>
      <PatientIdentity patient={upperNames(patient)} />
      {/* The RPM ID always shows; the identity line names it only where the practice gave no MRN. */}
      {patient.mrn && <span className="record-view-rpm-id">RPM ID {patient.patient_id}</span>}
    </header>
  );
}

/** A titled part of a record view. */
export function RecordSection({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <Card className="record-view-section" role="region" aria-label={title}>
      <h3 className="record-view-section-title">{title}</h3>
      {children}
    </Card>
  );
}

/** A study's report in one line: 'Not started', 'Draft', or who signed (and co-signed) it and when. */
export function reportText(report: SleepStudyReport): string {
  if (!report.signed_by) return SLEEP_REPORT_STATE_LABELS[report.state];
  const signed = `${SLEEP_REPORT_STATE_LABELS.signed} by ${report.signed_by} on ${displayDateTime(report.signed_at)}`;
  if (!report.co_signed_by) return signed;
  const coSigned = `${SLEEP_REPORT_STATE_LABELS.co_signed} by ${report.co_signed_by} on ${displayDateTime(report.co_signed_at)}`;
  return `${signed} · ${coSigned}`;
}

export interface ViewDocumentsProps {
  readonly documents: { readonly count: number; readonly data: readonly PatientDocument[] };
  /** Downloads a document's file through the view's own call. */
  readonly download: (doc: PatientDocument) => Promise<unknown>;
}

/** The patient's documents, newest first, each with a Download; says how many more there are past the first ones. */
export function ViewDocuments({ documents, download }: ViewDocumentsProps) {
  const { showError } = useApi();
  if (documents.data.length === 0) return <p>{MSG.noDataFound}</p>;
  const save = async (doc: PatientDocument) => {
    try {
      await download(doc);
    } catch (error) {
      if (error instanceof ApiError) void showError(error);
    }
  };
  return (
    <>
      <HTMLTable compact striped>
        <thead>
          <tr>
            {['Title', 'Category', 'File', 'Size', 'Uploaded By', 'Uploaded On', 'Actions'].map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {documents.data.map((doc) => (
            <tr key={doc.document_id}>
              <td>{doc.title}</td>
              <td>{doc.category}</td>
              <td>{doc.file_name}</td>
              <td>{formatFileSize(doc.size_bytes)}</td>
              <td>{doc.uploaded_by_name}</td>
              <td>{displayDate(doc.uploaded_at)}</td>
              <td>
                <Button
                  size="small"
                  variant="minimal"
                  icon="download"
                  text="Download"
                  aria-label={`Download ${doc.title}`}
                  onClick={() => void save(doc)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {documents.count > documents.data.length && (
        <p className="record-view-note">
          The newest {documents.data.length} of {documents.count} documents.
        </p>
      )}
    </>
  );
}
