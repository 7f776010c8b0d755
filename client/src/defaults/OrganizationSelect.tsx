import { FormGroup, HTMLSelect } from '@blueprintjs/core';

export interface OrganizationSelectProps {
  readonly id: string;
  readonly data: {
    readonly organization_id: number;
    readonly organizations: readonly { organization_id: number; organization_name: string }[];
  };
  readonly onChange: (organizationId: number) => void;
}

/** The organisation whose defaults a page shows, offered when the user may choose more than one. */
export function OrganizationSelect({ id, data, onChange }: OrganizationSelectProps) {
  if (data.organizations.length < 2) return null;
  return (
    <FormGroup label="Organization" labelFor={id} inline>
      <HTMLSelect
        id={id}
        value={data.organization_id}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      >
        {data.organizations.map((o) => (
          <option key={o.organization_id} value={o.organization_id}>
            {o.organization_name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
