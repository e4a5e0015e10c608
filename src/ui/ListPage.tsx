// One list page (docs/architecture.md, "List pages"): title and actions, stat cards, a search field, a
// sortable paginated table, its loading, empty and error states. Search, sort and page live in the URL
// (useListUrlState). A failed load shows its error and "Réessayer", never zeros or an empty list.
import './list.css';

import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataTableSortEvent } from 'primereact/datatable';
import { type CSSProperties, type ReactNode, useMemo } from 'react';

import { EmptyState } from './EmptyState';
import { type ListFailure, loadErrorText, useLoadErrorToast } from './listLoadError';
import { ListSearch } from './ListSearch';
import type { ListDefaults } from './listUrlState';
import { LoadError } from './LoadError';
import { PageTitle } from './PageTitle';
import { StatGrid } from './StatCard';
import { useListUrlState } from './useListUrlState';

/** A list's search: the field's label and placeholder, and the rows a text finds. */
export interface ListSearchRule<T> {
  label: string;
  placeholder: string;
  filter: (rows: T[], q: string) => T[];
}

interface Props<T> {
  title: ReactNode;
  actions?: ReactNode;
  query: UseQueryResult<T[]>;
  failure: ListFailure;
  /** The stat cards over every row (not only the rows found). */
  stats?: (rows: T[], loading: boolean) => ReactNode;
  search?: ListSearchRule<T>;
  /** The empty state: its title, its text for no row at all, and for a search that finds none. */
  empty: { icon: string; title: string; text: string; noMatch?: string };
  /** A module constant: the sortable fields, the default order and the page sizes. */
  list: ListDefaults;
  dataKey: string;
  className: string;
  removableSort?: boolean;
  tableStyle?: CSSProperties;
  /** The table's Column elements. */
  children: ReactNode;
}

const ORDER = { asc: 1, desc: -1 } as const;

export function ListPage<T extends object>(props: Props<T>) {
  const { query, list, search } = props;
  const state = useListUrlState(list);
  const all = useMemo(() => query.data ?? [], [query.data]);
  const loading = query.isPending || (query.isError && query.isFetching);
  useLoadErrorToast(query.error, props.failure);

  const shown = useMemo(() => (search ? search.filter(all, state.search) : all), [all, search, state.search]);
  // A page past the end (a stale link, a shorter list) shows the last one.
  const pageCount = Math.max(1, Math.ceil(shown.length / state.rows));
  const page = loading ? state.page : Math.min(state.page, pageCount);
  const onSort = (e: DataTableSortEvent) =>
    state.setSort(
      e.sortOrder === 1 || e.sortOrder === -1
        ? { field: e.sortField, order: e.sortOrder === 1 ? 'asc' : 'desc' }
        : null,
    );

  return (
    <section>
      <PageTitle actions={props.actions}>{props.title}</PageTitle>
      {query.isError ? (
        <LoadError
          text={props.failure.panel?.(query.error) ?? loadErrorText(query.error, props.failure.text)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          {props.stats && <StatGrid>{props.stats(all, loading)}</StatGrid>}
          <div className="card">
            {search && (
              <ListSearch
                label={search.label}
                placeholder={search.placeholder}
                value={state.search}
                onChange={state.setSearch}
              />
            )}
            {!loading && shown.length === 0 ? (
              <EmptyState
                icon={props.empty.icon}
                title={props.empty.title}
                text={state.search.trim() && props.empty.noMatch ? props.empty.noMatch : props.empty.text}
              />
            ) : (
              <DataTable
                value={shown}
                loading={loading}
                dataKey={props.dataKey}
                className={`${props.className} linked-rows`}
                rowHover
                paginator={shown.length > list.rowsOptions[0]}
                rows={state.rows}
                rowsPerPageOptions={list.rowsOptions.length > 1 ? [...list.rowsOptions] : undefined}
                first={(page - 1) * state.rows}
                onPage={(e) => state.setPage(Math.floor(e.first / e.rows) + 1, e.rows)}
                sortField={state.sort?.field}
                sortOrder={state.sort ? ORDER[state.sort.order] : null}
                onSort={onSort}
                removableSort={props.removableSort}
                tableStyle={props.tableStyle}
              >
                {props.children}
              </DataTable>
            )}
          </div>
        </>
      )}
    </section>
  );
}
