import { cellValue, fillRoute, formatCell, type ListColumn, type ListPatient, upperNames } from '@rpm/shared';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PatientIdentity } from '../patient/PatientIdentity';
import { ComplianceStrip } from './ComplianceStrip';

/** A row of any list: the definition's zod row, parsed. */
export type ListRow = Readonly<Record<string, unknown>>;

/**
 * What a cell shows: a link, the compliance strip, or the formatted text (format.ts, the one formatting module), on
 * one line; a text too long for its column ends in '…' and shows whole on hover (and in More Information).
 */
export function cellContent(column: ListColumn, row: ListRow): ReactNode {
  const value = cellValue(column, row);
  if (column.format === 'strip') return <ComplianceStrip months={value} />;
  if (column.format === 'patient' && value) {
    const patient = value as ListPatient;
    const href = column.link && fillRoute(column.link, row);
    return <PatientIdentity inline patient={upperNames(patient)} sameName={patient.same_name} href={href} />;
  }
  const text = formatCell(value, column.format);
  if (text === '') return text;
  const shown = column.link ? <Link href={fillRoute(column.link, row)}>{text}</Link> : text;
  return (
    <span className="list-cell-text" title={text}>
      {shown}
    </span>
  );
}

/**
 * How many leading columns stay put while the others scroll sideways: up to the patient column (the name and what
 * precedes it, e.g. RPM ID), else the first.
 */
export function stickyCountOf(columns: readonly ListColumn[]): number {
  return columns.findIndex((column) => column.format === 'patient') + 1 || 1;
}

/** A sticky cell's place: its left edge is the width of the sticky cells before it, measured after each render. */
export const stickyAt = (index: number) => ({
  className: 'list-sticky',
  'data-sticky': index,
  style: { left: `var(--list-sticky-${index}, 0px)` },
});
