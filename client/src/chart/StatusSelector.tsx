import { Button, HTMLSelect, Intent, Tooltip } from '@blueprintjs/core';
import { type StatusOption, type StatusProgram, statusAvailability } from '@rpm/shared';
import type { ReactElement } from 'react';

export interface StatusSelectorProps {
  readonly program: StatusProgram;
  readonly options: readonly StatusOption[];
  readonly current: number | null;
  readonly selected: number | null;
  readonly onSelect: (status: number) => void;
  readonly onUpdate: () => void;
  readonly busy: boolean;
  /** What hovering the current status shows (001 §2.3: RPM status 9), if anything. */
  readonly hover?: ReactElement;
}

/**
 * One status selector of the dashboard card with its Update button (001 §2.3, §4): status 6 is never offered
 * (it still names a patient's current status), CCM 2 is shown disabled.
 */
export function StatusSelector(props: StatusSelectorProps) {
  const { program, options, current, selected, onSelect, onUpdate, busy, hover } = props;
  const id = `chart-status-${program.toLowerCase()}`;
  const currentLabel = options.find((o) => o.status_id === current)?.label ?? '-';
  const shown = options.filter((o) => statusAvailability(program, o.status_id) !== 'hidden' && !o.hidden);
  const label = <span className="chart-status-current">{currentLabel}</span>;
  return (
    <div className="chart-status">
      <label htmlFor={id} className="chart-status-label">
        {program} Status
      </label>
      <div className="chart-status-now">
        Current:{' '}
        {hover ? (
          <Tooltip content={hover} placement="top">
            {label}
          </Tooltip>
        ) : (
          label
        )}
      </div>
      <HTMLSelect id={id} value={selected ?? ''} onChange={(e) => onSelect(Number(e.currentTarget.value))}>
        <option value="" disabled>
          Select
        </option>
        {shown.map((o) => (
          <option
            key={o.status_id}
            value={o.status_id}
            disabled={o.disabled || statusAvailability(program, o.status_id) === 'disabled'}
            title={o.description}
          >
            {o.label}
          </option>
        ))}
      </HTMLSelect>
      <Button
        intent={Intent.PRIMARY}
        text="Update"
        aria-label={`Update ${program} Status`}
        loading={busy}
        disabled={selected === null || selected === current}
        onClick={onUpdate}
      />
    </div>
  );
}
