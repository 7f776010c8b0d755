import { Button, ButtonGroup } from '@blueprintjs/core';
import { Cell, Column, Table2, TruncatedFormat } from '@blueprintjs/table';
import { MSG, type OrganizationRow } from '@rpm/shared';
import '@blueprintjs/table/lib/css/table.css';
import { displayDate } from '@rpm/shared';

export interface OrganizationsTableProps {
  readonly rows: readonly OrganizationRow[];
  readonly onEdit: (row: OrganizationRow) => void;
  readonly onMoreInformation: (row: OrganizationRow) => void;
}

interface ColumnDef {
  readonly name: string;
  readonly width: number;
  readonly text: (row: OrganizationRow) => string;
}

const COLUMNS: readonly ColumnDef[] = [
  { name: 'Organization Name', width: 220, text: (r) => r.organization_name },
  { name: 'Description', width: 320, text: (r) => r.organization_details },
  { name: 'Practices', width: 90, text: (r) => String(r.practices) },
  { name: 'Locations', width: 90, text: (r) => String(r.locations) },
  { name: 'Created', width: 110, text: (r) => displayDate(r.created_at) },
];

const OPERATIONS_WIDTH = 240;
const ROW_HEIGHT = 36;

/**
 * The Organizations table (000 §2.4 'Organizations Table', §2.11): name, description, counts of practices and
 * locations, creation date, and the operations Edit and More Information. Long descriptions are cut with an
 * ellipsis; More Information shows them whole.
 */
export function OrganizationsTable({ rows, onEdit, onMoreInformation }: OrganizationsTableProps) {
  const textCell = (column: ColumnDef) => (rowIndex: number) => {
    const row = rows[rowIndex];
    return (
      <Cell>
        <TruncatedFormat detectTruncation>{row ? column.text(row) : ''}</TruncatedFormat>
      </Cell>
    );
  };
  const operationsCell = (rowIndex: number) => {
    const row = rows[rowIndex];
    return (
      <Cell className="org-operations-cell">
        {row && (
          <ButtonGroup variant="minimal">
            <Button
              size="small"
              icon="edit"
              text={MSG.edit}
              aria-label={`${MSG.edit} ${row.organization_name}`}
              onClick={() => onEdit(row)}
            />
            <Button
              size="small"
              icon="info-sign"
              text={MSG.moreInformation}
              aria-label={`${MSG.moreInformation} ${row.organization_name}`}
              onClick={() => onMoreInformation(row)}
            />
          </ButtonGroup>
        )}
      </Cell>
    );
  };
  return (
    <div className="org-table">
      <Table2
        numRows={rows.length}
        // Table2 re-renders cells only when these change.
        cellRendererDependencies={[rows, onEdit, onMoreInformation]}
        columnWidths={[...COLUMNS.map((c) => c.width), OPERATIONS_WIDTH]}
        defaultRowHeight={ROW_HEIGHT}
        enableRowHeader={false}
        enableFocusedCell={false}
      >
        {[
          ...COLUMNS.map((column) => (
            <Column key={column.name} name={column.name} cellRenderer={textCell(column)} />
          )),
          <Column key="operations" name="Operations" cellRenderer={operationsCell} />,
        ]}
      </Table2>
    </div>
  );
}
