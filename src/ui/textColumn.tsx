import { InputText } from 'primereact/inputtext';

import type { RowsColumn } from './RowsEditor';
import type { RowsState } from './useRows';

type TextField<R> = { [K in keyof R]: R[K] extends string ? K : never }[keyof R] & string;

/** A column of text fields for a RowsEditor: `label(n)` names the field of row n (1-based). */
export function textColumn<R extends object>(
  editor: RowsState<R>,
  {
    header,
    field,
    label,
    placeholder,
  }: { header: string; field: TextField<R>; label: (n: number) => string; placeholder?: string },
): RowsColumn<R> {
  return {
    header,
    field,
    cell: (row, i, invalid) => (
      <InputText
        aria-label={label(i + 1)}
        placeholder={placeholder}
        value={row[field] as string}
        onChange={(e) => editor.update(row.key, { [field]: e.target.value } as Partial<R>)}
        invalid={invalid}
      />
    ),
  };
}
