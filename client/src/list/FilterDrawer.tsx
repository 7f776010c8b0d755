import {
  Button,
  Checkbox,
  DialogBody,
  DialogFooter,
  Drawer,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { FILTER_DRAWER_WIDTH, type FilterOption, isoDay, type ListFilter, MSG } from '@rpm/shared';
import { useEffect, useId, useState } from 'react';

/** Filter query fields being edited: key → value ('' = all). */
export type FilterDraft = Readonly<Record<string, string>>;

export interface FilterDrawerProps {
  readonly isOpen: boolean;
  /** The filters offered (hidden ones are not). */
  readonly filters: readonly ListFilter[];
  /** The options of each filter (fixed, or from the list's filterOptions call). */
  readonly optionsOf: (filter: ListFilter) => readonly FilterOption[];
  /** The values in force when the drawer opens. */
  readonly values: FilterDraft;
  readonly onApply: (values: FilterDraft) => void;
  /** 'Reset' (001 §2.4): clears all filters to 'all'. */
  readonly onReset: () => void;
  readonly onClose: () => void;
}

/** Multi values as a set, from their comma-separated field. */
function valuesOf(text: string | undefined): string[] {
  return text ? text.split(',') : [];
}

/**
 * The filter drawer (001 §2.4): FILTER_DRAWER_WIDTH (375) wide, one control per filter in the spec's filter shape,
 * Apply and Reset. Date ranges are labelled 'Start Date*' and 'End Date*' and end today unless the filter allows
 * future dates (001 §5); both days are needed once one is given (decisions.md "List screen details").
 */
export function FilterDrawer({
  isOpen,
  filters,
  optionsOf,
  values,
  onApply,
  onReset,
  onClose,
}: FilterDrawerProps) {
  const [draft, setDraft] = useState<Record<string, string>>({ ...values });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The drawer edits a copy taken each time it opens.
  const valuesKey = JSON.stringify(values);
  useEffect(() => {
    if (isOpen) {
      setDraft(JSON.parse(valuesKey) as Record<string, string>);
      setErrors({});
    }
  }, [isOpen, valuesKey]);

  const set = (key: string, value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const apply = () => {
    const found: Record<string, string> = {};
    for (const filter of filters) {
      if (!filter.dateRange) continue;
      const from = draft[`${filter.key}_from`] ?? '';
      const to = draft[`${filter.key}_to`] ?? '';
      if (from !== '' && to === '') found[`${filter.key}_to`] = MSG.required;
      if (to !== '' && from === '') found[`${filter.key}_from`] = MSG.required;
      if (from !== '' && to !== '' && to < from) found[`${filter.key}_to`] = 'End Date is before Start Date';
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(draft);
  };

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      size={FILTER_DRAWER_WIDTH}
      title="Filters"
      className="list-filter-drawer"
    >
      {/* Blueprint's Drawer has no dialog role of its own. */}
      <div role="dialog" aria-label="Filters" className="list-filter-content">
        <DialogBody className="list-filter-body">
          {filters.map((filter) => (
            <FilterControl
              key={filter.key}
              filter={filter}
              options={optionsOf(filter)}
              draft={draft}
              errors={errors}
              onChange={set}
            />
          ))}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Reset" onClick={onReset} />
              <Button intent={Intent.PRIMARY} text="Apply" onClick={apply} />
            </>
          }
        />
      </div>
    </Drawer>
  );
}

interface FilterControlProps {
  readonly filter: ListFilter;
  readonly options: readonly FilterOption[];
  readonly draft: Readonly<Record<string, string>>;
  readonly errors: Readonly<Record<string, string>>;
  readonly onChange: (key: string, value: string) => void;
}

/** One filter's control, by its flags (001 §2.4: multi, search, checkbox, dateRange). */
function FilterControl({ filter, options, draft, errors, onChange }: FilterControlProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  if (filter.checkbox)
    return (
      <Checkbox
        label={filter.label}
        checked={draft[filter.key] === '1'}
        onChange={(event) => onChange(filter.key, event.currentTarget.checked ? '1' : '')}
      />
    );
  if (filter.dateRange) {
    const max = filter.future ? undefined : isoDay(new Date());
    const day = (key: string, label: string) => (
      <FormGroup
        label={label}
        labelFor={`${id}-${key}`}
        intent={errors[key] ? Intent.DANGER : Intent.NONE}
        helperText={errors[key]}
      >
        <InputGroup
          id={`${id}-${key}`}
          type="date"
          max={max}
          value={draft[key] ?? ''}
          intent={errors[key] ? Intent.DANGER : Intent.NONE}
          onValueChange={(value) => onChange(key, value)}
        />
      </FormGroup>
    );
    return (
      <fieldset className="list-filter-set">
        <legend>{filter.label}</legend>
        {day(`${filter.key}_from`, MSG.startDateRequired)}
        {day(`${filter.key}_to`, MSG.endDateRequired)}
      </fieldset>
    );
  }
  if (filter.kind === 'month' && !filter.options)
    return (
      <FormGroup label={filter.label} labelFor={id}>
        <InputGroup
          id={id}
          type="month"
          value={draft[filter.key] ?? ''}
          onValueChange={(value) => onChange(filter.key, value)}
        />
      </FormGroup>
    );

  const searchBox = filter.search && (
    <InputGroup
      type="search"
      leftIcon="search"
      size="small"
      aria-label={`Search ${filter.label}`}
      placeholder={`Search ${filter.label}`}
      value={query}
      onValueChange={setQuery}
    />
  );
  const needle = query.trim().toLowerCase();
  const shown = needle === '' ? options : options.filter((o) => o.label.toLowerCase().includes(needle));

  if (filter.multi) {
    const chosen = new Set(valuesOf(draft[filter.key]));
    const toggle = (value: string) => {
      if (chosen.has(value)) chosen.delete(value);
      else chosen.add(value);
      // In the options' order, so the URL does not depend on the order of the clicks.
      onChange(
        filter.key,
        options
          .filter((o) => chosen.has(o.value))
          .map((o) => o.value)
          .join(','),
      );
    };
    return (
      <fieldset className="list-filter-set">
        <legend>{filter.label}</legend>
        {searchBox}
        <div className="list-filter-options">
          {shown.length === 0 ? (
            <p className="list-filter-none">{MSG.noOptions}</p>
          ) : (
            shown.map((o) => (
              <Checkbox
                key={o.value}
                label={o.label}
                checked={chosen.has(o.value)}
                onChange={() => toggle(o.value)}
              />
            ))
          )}
        </div>
      </fieldset>
    );
  }
  const current = draft[filter.key] ?? '';
  // The chosen option stays offered while a search hides the others.
  const listed = shown.some((o) => o.value === current)
    ? shown
    : [...options.filter((o) => o.value === current), ...shown];
  return (
    <FormGroup label={filter.label} labelFor={id}>
      {searchBox}
      <HTMLSelect
        id={id}
        fill
        value={current}
        options={[{ value: '', label: 'All' }, ...listed.map((o) => ({ value: o.value, label: o.label }))]}
        onChange={(event) => onChange(filter.key, event.currentTarget.value)}
      />
    </FormGroup>
  );
}
