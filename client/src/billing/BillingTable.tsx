import { Button, Icon, Intent } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, SelectionModes, Table2 } from '@blueprintjs/table';
import {
  BILLING_LEADING_COLUMNS,
  BILLING_TRAILING_COLUMNS,
  type BillingRow,
  MSG,
  PRODUCT,
  upperNames,
} from '@rpm/shared';
import type { ReactNode } from 'react';
import { PatientIdentity } from '../patient/PatientIdentity';
import type { TableDensity } from '../shell/ui-settings';
import '@blueprintjs/table/lib/css/table.css';
import type { BillingSortKey } from '@rpm/shared';
import { displayDate } from '@rpm/shared';
import { codeCell } from './code-columns';

export interface BillingTableProps {
  readonly rows: readonly BillingRow[];
  /** The code column names the server supplied, in order (001 §2.1). */
  readonly columns: readonly string[];
  readonly orderby: BillingSortKey;
  readonly order: 'asc' | 'desc';
  /** Sorts by a sortable column (RPM ID, Patient Name, Setup Date). */
  readonly onSort: (orderby: BillingSortKey) => void;
  /** Records the claim of a row (001 §4 Billing). */
  readonly onClaim: (row: BillingRow) => void;
  /** The patients_cpt_id of a claim being recorded, if any. */
  readonly claiming: number | null;
  /** Downloads the row's evidence PDF (decisions.md "Billing evidence bundle"). */
  readonly onEvidence: (row: BillingRow) => void;
  /** The patients_cpt_id of an evidence PDF being downloaded, if any. */
  readonly downloadingEvidence: number | null;
  /** The user's list density (decisions.md "Dense tables"). */
  readonly density?: TableDensity;
}

const CLAIM = `${PRODUCT}_claim` as const;
const CLAIM_DATE = `${PRODUCT}_claim_date` as const;
/** The column of each row's evidence PDF, after Claim Sent. */
const EVIDENCE = 'Evidence';
/** A row's height by density: one line either way (decisions.md "Dense tables"). */
const ROW_HEIGHT: Record<TableDensity, number> = { comfortable: 32, compact: 26 };
/** RPM ID and Patient Name stay put while the other columns scroll sideways. */
const FROZEN_COLUMNS = 2;
const HEADER_HEIGHT = 34;
/** Room for a horizontal scroll bar under the last row. */
const SCROLLBAR = 18;

/** One fixed column of 001 §2.1. */
interface FixedColumn {
  readonly name: string;
  readonly width: number;
  readonly sortKey?: BillingSortKey;
  readonly cell: (row: BillingRow) => ReactNode;
  /** The cell holds a link or a button that must receive clicks. */
  readonly interactive?: boolean;
}

/** Patient chart overview of a patient (001 §2.1: the patient name links there). */
function patientChartPath(patientId: number): string {
  return `/app/patient-chart/overview/${patientId}`;
}

/** Column widths in px, by the shared leading columns' order (BILLING_LEADING_COLUMNS). */
const LEADING_WIDTHS = [76, 330, 100, 120, 100, 120] as const;

const LEADING: readonly FixedColumn[] = BILLING_LEADING_COLUMNS.map((column, index) => ({
  ...column,
  width: LEADING_WIDTHS[index] ?? 120,
  ...(column.name === MSG.colPatientName
    ? {
        interactive: true,
        // On one line, the row being 32 px; the name links (DOB, MRN or RPM ID, 'Same name').
        cell: (row: BillingRow) => (
          <PatientIdentity
            inline
            patient={upperNames(row.patient)}
            sameName={row.patient.same_name}
            href={patientChartPath(row.patient_id)}
          />
        ),
      }
    : { cell: column.text }),
}));

/** 'Not Billable': wide enough for a code and the needs it lacks. */
const TRAILING: readonly FixedColumn[] = BILLING_TRAILING_COLUMNS.map((column) => ({
  ...column,
  width: 300,
  cell: (row) => {
    const text = column.text(row);
    return typeof text === 'string' ? <span title={text}>{text}</span> : text;
  },
}));

/**
 * The billing report table (001 §2.1), Blueprint's Table2 with server-side sorting: RPM ID, Patient Name (upper
 * case, a link to the patient chart overview), DOB, Diagnosis Code, Setup Date, Auth Number, the server's code
 * columns, the codes a missing document blocks, then Claim Sent: an action until the claim is recorded, then the claim date,
 * and Evidence, the row's evidence PDF (decisions.md "Billing evidence bundle"). The three sortable headers are buttons
 * showing the current order.
 */
export function BillingTable({
  rows,
  columns,
  orderby,
  order,
  onSort,
  onClaim,
  claiming,
  onEvidence,
  downloadingEvidence,
  density = 'comfortable',
}: BillingTableProps) {
  const rowHeight = ROW_HEIGHT[density];
  const header = (column: Pick<FixedColumn, 'name' | 'sortKey'>) => () => (
    <ColumnHeaderCell
      name={column.name}
      nameRenderer={(name) =>
        column.sortKey ? (
          <SortButton name={name} sortKey={column.sortKey} orderby={orderby} order={order} onSort={onSort} />
        ) : (
          <span>{name}</span>
        )
      }
    />
  );

  const claimCell = (row: BillingRow) => {
    if (row[CLAIM] === 1) return displayDate(row[CLAIM_DATE]) || MSG.colClaimSent;
    return (
      <Button
        size="small"
        intent={Intent.PRIMARY}
        variant="outlined"
        text="Mark Sent"
        aria-label={`Mark claim sent for ${row.patient_name.toUpperCase()}`}
        loading={claiming === row.patients_cpt_id}
        disabled={claiming !== null && claiming !== row.patients_cpt_id}
        onClick={() => onClaim(row)}
      />
    );
  };

  const evidenceCell = (row: BillingRow) => (
    <Button
      size="small"
      variant="minimal"
      icon="document"
      text="Evidence"
      aria-label={`Download billing evidence for ${row.patient_name.toUpperCase()}`}
      loading={downloadingEvidence === row.patients_cpt_id}
      onClick={() => onEvidence(row)}
    />
  );

  const fixedColumn = (column: FixedColumn) => (
    <Column
      key={column.name}
      id={column.name}
      columnHeaderCellRenderer={header(column)}
      cellRenderer={(index) => {
        const row = rows[index];
        return <Cell interactive={column.interactive ?? false}>{row ? column.cell(row) : ''}</Cell>;
      }}
    />
  );

  const widths = [
    ...LEADING.map((c) => c.width),
    ...columns.map((name) => (name.length > 18 ? 200 : 130)),
    ...TRAILING.map((c) => c.width),
    150,
    120,
  ];
  // The table is as tall as its rows, so the page (not a nested box) scrolls; 001 §9 caps a page at 100 rows.
  const height = HEADER_HEIGHT + rows.length * rowHeight + SCROLLBAR;
  return (
    <div className="billing-table" style={{ height }}>
      <Table2
        // Table2 keeps the row height it started with: another density draws a new table.
        key={density}
        numRows={rows.length}
        columnWidths={widths}
        defaultRowHeight={rowHeight}
        numFrozenColumns={FROZEN_COLUMNS}
        enableRowHeader={false}
        enableFocusedCell={false}
        enableColumnResizing={false}
        enableRowResizing={false}
        selectionModes={SelectionModes.NONE}
        // Cells re-render only when these change (Table2 caches cells).
        cellRendererDependencies={[rows, columns, claiming, downloadingEvidence]}
      >
        {[
          ...LEADING.map(fixedColumn),
          ...columns.map((name) => (
            <Column
              key={`code:${name}`}
              id={`code:${name}`}
              columnHeaderCellRenderer={header({ name })}
              cellRenderer={(index) => {
                const row = rows[index];
                return <Cell>{row ? codeCell(row, name) : ''}</Cell>;
              }}
            />
          )),
          ...TRAILING.map(fixedColumn),
          <Column
            key="claim"
            id="claim"
            columnHeaderCellRenderer={header({ name: MSG.colClaimSent })}
            cellRenderer={(index) => {
              const row = rows[index];
              return (
                <Cell interactive className="billing-claim-cell">
                  {row ? claimCell(row) : ''}
                </Cell>
              );
            }}
          />,
          <Column
            key="evidence"
            id="evidence"
            columnHeaderCellRenderer={header({ name: EVIDENCE })}
            cellRenderer={(index) => {
              const row = rows[index];
              return (
                <Cell interactive className="billing-claim-cell">
                  {row ? evidenceCell(row) : ''}
                </Cell>
              );
            }}
          />,
        ]}
      </Table2>
    </div>
  );
}

interface SortButtonProps {
  readonly name: string;
  readonly sortKey: BillingSortKey;
  readonly orderby: BillingSortKey;
  readonly order: 'asc' | 'desc';
  readonly onSort: (orderby: BillingSortKey) => void;
}

/** A sortable header: its name as a button, with an arrow and a spoken state when it is the sorted column. */
function SortButton({ name, sortKey, orderby, order, onSort }: SortButtonProps) {
  const sorted = sortKey === orderby;
  const state = sorted ? (order === 'asc' ? 'sorted ascending' : 'sorted descending') : 'not sorted';
  return (
    <button
      type="button"
      className="billing-sort"
      aria-label={`${name}, ${state}`}
      title={`Sort by ${name}`}
      onClick={() => onSort(sortKey)}
    >
      <span>{name}</span>
      <Icon
        icon={sorted ? (order === 'asc' ? 'caret-up' : 'caret-down') : 'double-caret-vertical'}
        size={12}
      />
    </button>
  );
}
