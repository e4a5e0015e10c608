// A table of rows edited in place (models, subdivisions, the colours of a palette): one line per row with
// its cells, the message of each invalid field below it, a delete button, and an add button under the
// table. The state is useRows'; the page validates and saves. Styled by the catalogue's .rows-table.
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

import { errorKey, type Row, type RowsState } from './useRows';

export interface RowsColumn<R> {
  header: string;
  /** The row's field whose error shows below the cell. */
  field?: keyof R & string;
  cell: (row: Row<R>, index: number, invalid: boolean) => ReactNode;
}

export function RowsEditor<R extends object>({
  state,
  columns,
  label,
  removeLabel,
  addLabel,
}: {
  state: RowsState<R>;
  columns: Array<RowsColumn<R>>;
  /** The table's accessible name. */
  label: string;
  /** The delete button's name for row `n` (1-based). */
  removeLabel: (n: number) => string;
  addLabel: string;
}) {
  const errorOf = (row: Row<R>, field?: string) => (field ? state.errors[errorKey(row.key, field)] : undefined);
  return (
    <>
      <div className="table-scroll">
        <table className="rows-table" aria-label={label}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header}>{c.header}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {state.rows.map((row, i) => (
              <tr key={row.key}>
                {columns.map((c) => {
                  const error = errorOf(row, c.field);
                  return (
                    <td key={c.header}>
                      {c.cell(row, i, !!error)}
                      {error && <div className="field-error">{error}</div>}
                    </td>
                  );
                })}
                <td>
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    severity="danger"
                    aria-label={removeLabel(i + 1)}
                    onClick={() => state.remove(row.key)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <Button type="button" label={addLabel} icon="pi pi-plus" text onClick={state.add} />
      </div>
    </>
  );
}
