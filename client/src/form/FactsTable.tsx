import { HTMLTable } from '@blueprintjs/core';

/** Read-only facts as label/value rows (the chart's demographics, an organisation's 'More Information'). */
export function FactsTable({
  rows,
  className,
}: {
  readonly rows: readonly (readonly [string, string])[];
  readonly className: string;
}) {
  return (
    <HTMLTable compact striped className={className}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
