import {
  Button,
  Classes,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Spinner,
  SpinnerSize,
} from '@blueprintjs/core';
import { formatUsd, MSG } from '@rpm/shared';
import { DensityToggle } from '../list/DensityToggle';
import { type BillingPeriod, monthOptions, yearOptions } from './billing-period';
import type { BillingReportEvent, BillingReportState } from './billing-report-state';
import { type PracticeLoader, PracticeSelector } from './PracticeSelector';

export interface BillingToolbarProps {
  readonly state: BillingReportState;
  readonly dispatch: (event: BillingReportEvent) => void;
  /** Today's year and month: limits the selectors (001 §2.1, §9). */
  readonly today: BillingPeriod;
  /** The practice selector's options; absent when the user has no selector (001 §2.4: roles 1, 10 and 17). */
  readonly loadPractices?: PracticeLoader;
  /** The practice shown instead of the selector (the location filter's, 000 §4.5), if any. */
  readonly fixedPracticeLabel?: string;
  readonly loading: boolean;
  /** Whether the report has rows: the download button shows only then (001 §2.1). */
  readonly hasRows: boolean;
  readonly downloading: boolean;
  readonly onDownload: () => void;
  /** The revenue of the whole query (001 §7 total), `null` before the first answer. */
  readonly total: number | null;
}

/**
 * The billing toolbar (001 §2.1): practice search selector, month and year selectors, the search box (Enter
 * searches, clearing resets), a loading indicator, the download button when rows exist, and the total revenue.
 */
export function BillingToolbar(props: BillingToolbarProps) {
  const { state, dispatch, today } = props;
  return (
    <div className="billing-toolbar">
      {props.loadPractices ? (
        <PracticeSelector
          value={state.practice}
          loadOptions={props.loadPractices}
          onChange={(practice) => dispatch({ type: 'practiceChosen', practice })}
        />
      ) : props.fixedPracticeLabel ? (
        <span className={`billing-fixed-practice ${Classes.TEXT_MUTED}`}>{props.fixedPracticeLabel}</span>
      ) : null}
      <HTMLSelect
        aria-label="Month"
        value={state.month}
        options={monthOptions(state.year, today).map((o) => ({ value: o.value, label: o.label }))}
        onChange={(event) => dispatch({ type: 'monthChosen', month: Number(event.currentTarget.value) })}
      />
      <HTMLSelect
        aria-label="Year"
        value={state.year}
        options={yearOptions(today.year).map((o) => ({ value: o.value, label: o.label }))}
        onChange={(event) => dispatch({ type: 'yearChosen', year: Number(event.currentTarget.value) })}
      />
      <FormGroup
        className="billing-search"
        helperText={state.searchError ?? undefined}
        intent={state.searchError ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          type="search"
          aria-label="Search patients"
          placeholder="Search"
          leftIcon="search"
          intent={state.searchError ? Intent.DANGER : Intent.NONE}
          value={state.searchText}
          onValueChange={(text) => dispatch({ type: 'searchTyped', text })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              dispatch({ type: 'searchSubmitted' });
            }
          }}
          rightElement={
            state.searchText !== '' ? (
              <Button
                variant="minimal"
                icon="cross"
                aria-label="Clear search"
                onClick={() => dispatch({ type: 'searchCleared' })}
              />
            ) : undefined
          }
        />
      </FormGroup>
      <span className="billing-toolbar-end">
        {props.loading && <Spinner size={SpinnerSize.SMALL} aria-label={MSG.loading} />}
        {props.hasRows && (
          <Button
            icon="download"
            text="Download"
            intent={Intent.PRIMARY}
            loading={props.downloading}
            onClick={props.onDownload}
          />
        )}
        {props.total !== null && (
          <span className="billing-revenue">
            Total Revenue: <strong>{formatUsd(props.total)}</strong>
          </span>
        )}
        <DensityToggle />
      </span>
    </div>
  );
}
