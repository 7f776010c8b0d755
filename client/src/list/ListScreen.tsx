// Over 300 lines: the one list screen of 001 §2.4 (toolbar, table, drawer, chips, print); its parts are in list/.
import { Button, HTMLSelect, InputGroup, Spinner } from '@blueprintjs/core';
import {
  CARE_COORDINATOR_SEARCH_ROLE_ID,
  CUSTOM_SEARCH_ROLE_IDS,
  cellValue,
  defaultFilterValue,
  type ExportFormat,
  type FilterOption,
  fillRoute,
  formatCell,
  formatUsd,
  isoDay,
  type ListDef,
  type ListFilter,
} from '@rpm/shared';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useRoute, useSearch } from 'wouter';
import { ApiError } from '../api/api-error';
import { prefetchCall } from '../api/call';
import { downloadFile } from '../api/download';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { MoreInformationDialog } from '../form/MoreInformationDialog';
import type { HubEventName } from '../hub/hub-events';
import type { StartCalls } from '../routing/preloadable';
import { useSession } from '../session/SessionProvider';
import { useUiSettings } from '../shell/UiSettingsProvider';
import { DensityToggle } from './DensityToggle';
import { FilterChips } from './FilterChips';
import { type FilterDraft, FilterDrawer } from './FilterDrawer';
import { type ListRow, ListTable } from './ListTable';
import { PrintDialog } from './PrintDialog';
import { TablePager } from './TablePager';
import {
  effectiveFilters,
  filterFieldKeys,
  type ListState,
  listQueryOf,
  listStateSearch,
  parseListState,
  routePresets,
  slug,
  viewQueryOf,
} from './url-state';
import { useLiveReload } from './use-live-reload';
import './list.css';

/** What the screen's extras get: the rows chosen, and ways to clear them and load the list again. */
export interface ListActionContext {
  readonly selected: readonly ListRow[];
  readonly clearSelection: () => void;
  readonly reload: () => void;
}

export interface ListScreenProps {
  readonly def: ListDef;
  /** Reloads (debounced) when the hub reports a change (the monitoring worklist). */
  readonly live?: boolean;
  /** The hub events that reload a live list; default a patient's alerts changing (use-live-reload.ts). */
  readonly liveEvents?: readonly HubEventName[];
  /** Rows can be selected; `toolbarActions` acts on them (the worklist's Acknowledge). */
  readonly selectable?: boolean;
  readonly toolbarActions?: (context: ListActionContext) => ReactNode;
  /** Per-row actions beside 'More Information' (My Tasks' Complete / Reassign). */
  readonly rowActions?: (row: ListRow, context: ListActionContext) => ReactNode;
  /** Opens this row's 'More Information' once it is loaded (My Tasks' `taskId` route segment). */
  readonly infoId?: string;
  /** Names a row in spoken labels; default: its patient's name or its id. */
  readonly rowName?: (row: ListRow) => string;
}

/** Filters whose options come from the list's filterOptions call (001 §2.4; 001 §3 filter option objects). */
function needsLoadedOptions(filter: ListFilter): boolean {
  return !filter.options && !filter.dateRange && !filter.checkbox && filter.kind !== 'month';
}

/**
 * The first calls of the list screen of `def` at its bare route, a start page (000 §6.1): its filter options and its
 * first page, asked as the screen asks them (shell/start-calls.ts).
 */
export function listStartCalls(def: ListDef): StartCalls {
  return (user) => {
    if (def.filters.some(needsLoadedOptions)) prefetchCall(def.calls.filterOptions, {}, user);
    const presets = routePresets(def, {}, null);
    if (!presets.waiting)
      prefetchCall(
        def.calls.list,
        { query: listQueryOf(def, parseListState(def, ''), presets.values) },
        user,
      );
  };
}

function defaultRowName(def: ListDef) {
  return (row: ListRow) => {
    const name = row.patient_name ?? row.title;
    return typeof name === 'string' && name !== '' ? name : `${def.title} ${String(row[def.idKey])}`;
  };
}

/**
 * A list screen driven by its definition (architecture.md "Lists"; 001 §2.4): the search box (Enter searches, clearing
 * resets, as billing 001 §2.1), the custom-search selector, the filter drawer, applied filters as chips, print,
 * the table (an ARIA grid, ListTable) with server sorting and paging, and 'More Information' per row (000 §2.11).
 * The whole state lives in the URL query string, in the list call's own fields (url-state.ts).
 */
export function ListScreen({
  def,
  live = false,
  liveEvents,
  selectable = false,
  toolbarActions,
  rowActions,
  infoId,
  rowName = defaultRowName(def),
}: ListScreenProps) {
  const { user } = useSession();
  const { density } = useUiSettings().settings;
  const { showError } = useApi();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [, params] = useRoute(def.route);
  const state = useMemo(() => parseListState(def, search), [def, search]);

  const wantsOptions = def.filters.some(needsLoadedOptions);
  const optionsCall = useCall(def.calls.filterOptions, {}, { enabled: wantsOptions });
  const loadedOptions: Readonly<Record<string, readonly FilterOption[]>> | null = !wantsOptions
    ? {}
    : (optionsCall.data?.data ?? (optionsCall.failure ? {} : null));
  const optionsOf = (filter: ListFilter): readonly FilterOption[] =>
    filter.options ?? loadedOptions?.[filter.key] ?? [];

  const presets = routePresets(def, params ?? {}, loadedOptions);
  const list = useCall(
    def.calls.list,
    { query: listQueryOf(def, state, presets.values) },
    { enabled: !presets.waiting },
  );
  // Waiting for the options a route segment names counts as loading: no 'No Records Found' before the first answer.
  const loading = list.loading || presets.waiting;
  const rows = (list.data?.data ?? []) as readonly ListRow[];
  const count = list.data?.count ?? 0;

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [info, setInfo] = useState<ListRow | null>(null);
  const [searchText, setSearchText] = useState(state.search);
  useEffect(() => setSearchText(state.search), [state.search]);
  useLiveReload(list.reload, live, liveEvents);

  // A selection holds only rows still shown: an acknowledged alert leaves the open list, and the selection with it.
  const rowIds = rows.map((r) => String(r[def.idKey])).join(',');
  useEffect(() => {
    const shown = new Set(rowIds.split(','));
    setSelected((current) => {
      const kept = [...current].filter((id) => shown.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [rowIds]);

  // The route's record opens its details once it is on the loaded page (My Tasks' taskId), once per id; there is no
  // call for one task (decisions.md "List screen details").
  const [infoShownFor, setInfoShownFor] = useState<string | null>(null);
  useEffect(() => {
    if (infoId === undefined || infoShownFor === infoId) return;
    const row = rows.find((r) => String(r[def.idKey]) === infoId);
    if (row) {
      setInfo(row);
      setInfoShownFor(infoId);
    }
  }, [infoId, infoShownFor, rows, def.idKey]);

  const go = (next: Partial<ListState>) => {
    const query = listStateSearch(def, { ...state, ...next });
    navigate(query === '' ? location : `${location}?${query}`);
  };
  const setFilters = (filters: Record<string, string>) => go({ filters, page: 0 });

  // Defaults and route presets show as chips too, so 'Open' can be lifted (decisions.md "List screen details").
  const filtersInForce = effectiveFilters(def, state, presets.values);
  const offered = def.filters.filter((f) => !f.hidden);
  const fallbackOf = (key: string): string =>
    presets.values[key] ?? defaultFilterValue(def, key, isoDay(new Date())) ?? '';

  /**
   * A filter's field at 'all' (001 §2.4). Empty, not absent, for option filters: absent would bring the
   * definition's default back. A range or a checkbox has no empty value in the call's query (an empty day or flag
   * is refused), so it is left out, or a flag defaulting to on is sent off.
   */
  const atAll = (filter: ListFilter, key: string): string | null => {
    if (filter.dateRange) return null;
    if (filter.checkbox) return fallbackOf(key) === '1' ? '0' : null;
    return '';
  };
  const setField = (filters: Record<string, string>, key: string, value: string | null) => {
    if (value === null) delete filters[key];
    else filters[key] = value;
  };

  const apply = (draft: FilterDraft) => {
    const filters: Record<string, string> = { ...state.filters };
    for (const filter of offered)
      for (const key of filterFieldKeys(filter)) {
        const value = draft[key] ?? '';
        // What the route or the definition gives already stays out of the URL.
        if (value === fallbackOf(key)) delete filters[key];
        else setField(filters, key, value === '' ? atAll(filter, key) : value);
      }
    setDrawerOpen(false);
    setFilters(filters);
  };
  const removeChip = (filter: ListFilter) => {
    const filters: Record<string, string> = { ...state.filters };
    for (const key of filterFieldKeys(filter)) setField(filters, key, atAll(filter, key));
    setFilters(filters);
  };
  const reset = () => {
    const filters: Record<string, string> = {};
    for (const filter of def.filters)
      for (const key of filterFieldKeys(filter)) setField(filters, key, atAll(filter, key));
    setDrawerOpen(false);
    setFilters(filters);
  };

  const sort = (key: string) =>
    go({ orderby: key, order: state.orderby === key && state.order === 'asc' ? 'desc' : 'asc', page: 0 });
  const open = (row: ListRow) => {
    // A list without a page to open (My Tasks) shows the row's details (decisions.md "List screen details").
    if (def.open) navigate(fillRoute(def.open, row));
    else setInfo(row);
  };

  const download = async (format: ExportFormat) => {
    const exportCall = def.calls[format];
    if (!exportCall) return;
    setPrinting(true);
    try {
      // The server names the file; the list's title is the fallback (decisions.md "Export file name").
      await downloadFile(
        exportCall,
        { query: viewQueryOf(def, state, presets.values) },
        `${slug(def.title)}.${format}`,
      );
      setPrintOpen(false);
    } catch (error) {
      void showError(error instanceof ApiError ? error : new ApiError(0, String(error)));
    } finally {
      setPrinting(false);
    }
  };

  const context: ListActionContext = {
    selected: rows.filter((r) => selected.has(String(r[def.idKey]))),
    clearSelection: () => setSelected(new Set()),
    reload: list.reload,
  };

  const roles = user?.roleid ?? [];
  const toolbarFilterKeys = [
    ...(roles.some((r) => (CUSTOM_SEARCH_ROLE_IDS as readonly number[]).includes(r))
      ? ['organization', 'practice']
      : []),
    ...(roles.includes(CARE_COORDINATOR_SEARCH_ROLE_ID) ? ['care_coordinator'] : []),
  ];
  const toolbarFilters = offered.filter((f) => toolbarFilterKeys.includes(f.key));

  return (
    <section className="list-screen" aria-label={def.title}>
      <div className="list-toolbar">
        {def.searchPlaceholder && (
          <InputGroup
            type="search"
            className="list-search"
            leftIcon="search"
            aria-label={def.searchPlaceholder}
            placeholder={def.searchPlaceholder}
            maxLength={100}
            value={searchText}
            onValueChange={(text) => {
              setSearchText(text);
              // Clearing the box resets the search (as billing, 001 §2.1).
              if (text === '' && state.search !== '') go({ search: '', page: 0 });
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') go({ search: searchText.trim(), page: 0 });
            }}
          />
        )}
        {toolbarFilters.map((filter) => (
          <ToolbarFilter
            key={filter.key}
            filter={filter}
            options={optionsOf(filter)}
            value={filtersInForce[filter.key] ?? ''}
            onChange={(value) => setFilters({ ...state.filters, [filter.key]: value })}
          />
        ))}
        {loading && <Spinner size={16} aria-label="Loading" />}
        <span className="list-toolbar-fill" />
        {list.data?.total !== undefined && (
          // The declared total over every filtered row (define-list.ts `total`), as the billing report shows it.
          <span className="list-total">
            Total {def.columns.find((column) => column.key === def.total)?.label}:{' '}
            <strong>{formatUsd(list.data.total)}</strong>
          </span>
        )}
        {toolbarActions?.(context)}
        <DensityToggle />
        {offered.length > 0 && <Button icon="filter" text="Filters" onClick={() => setDrawerOpen(true)} />}
        {def.exports.length > 0 && <Button icon="print" text="Print" onClick={() => setPrintOpen(true)} />}
      </div>
      <FilterChips
        filters={def.filters}
        values={filtersInForce}
        optionsOf={optionsOf}
        onRemove={removeChip}
      />
      {list.data || !loading ? (
        <ListTable
          columns={def.columns}
          rows={rows}
          idKey={def.idKey}
          count={count}
          offset={state.page * state.rowsPerPage}
          orderby={state.orderby}
          order={state.order}
          onSort={sort}
          onOpen={open}
          onMoreInformation={setInfo}
          selected={selectable ? selected : undefined}
          onSelect={selectable ? setSelected : undefined}
          rowActions={rowActions && ((row) => rowActions(row, context))}
          rowName={rowName}
          density={density}
        />
      ) : null}
      <TablePager
        page={state.page}
        rowsPerPage={state.rowsPerPage}
        count={count}
        onPage={(page) => go({ page })}
        onRowsPerPage={(rowsPerPage) => go({ rowsPerPage, page: 0 })}
      />
      <FilterDrawer
        isOpen={drawerOpen}
        filters={offered}
        optionsOf={optionsOf}
        values={filtersInForce}
        onApply={apply}
        onReset={reset}
        onClose={() => setDrawerOpen(false)}
      />
      <PrintDialog
        isOpen={printOpen}
        formats={def.exports}
        busy={printing}
        onDownload={(format) => void download(format)}
        onClose={() => setPrintOpen(false)}
      />
      <MoreInformationDialog
        rows={info && def.columns.map((c) => [c.label, formatCell(cellValue(c, info), c.format)] as const)}
        onClose={() => setInfo(null)}
        className="list-info-table"
      />
    </section>
  );
}

/** The custom-search selector of the toolbar (001 §2.4, 000 §6.2): one filter, applied at once. */
function ToolbarFilter({
  filter,
  options,
  value,
  onChange,
}: {
  readonly filter: ListFilter;
  readonly options: readonly FilterOption[];
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  const id = useId();
  // A multi filter holding several values shows 'Several'; choosing here sets one (decisions.md "List screen details").
  const several = value.includes(',');
  return (
    <span className="list-toolbar-filter">
      <label htmlFor={id}>{filter.label}</label>
      <HTMLSelect
        id={id}
        value={several ? '__several' : value}
        options={[
          { value: '', label: 'All' },
          ...(several ? [{ value: '__several', label: 'Several', disabled: true }] : []),
          ...options.map((o) => ({ value: o.value, label: o.label })),
        ]}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </span>
  );
}
