// The rows of a table the user edits before saving it in one go (docs/architecture.md, "List pages"): add,
// change, remove, validation of each row by a domain zod schema, errors kept by row and field, and whether
// anything typed would be lost by leaving (for LeaveGuard). After a save, `leave(to)` goes on once the
// guard is down.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';

export type Row<R> = R & { key: number };

let nextKey = 1;
const keyed = <R extends object>(row: R): Row<R> => ({ ...row, key: nextKey++ });

/** The error map's key of a row's field. */
export const errorKey = (rowKey: number, field: string) => `${rowKey}.${field}`;

export function useRows<R extends object>(blank: () => R) {
  const navigate = useNavigate();
  const [rows, setRows] = useState<Array<Row<R>>>(() => [keyed(blank())]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  useEffect(() => {
    if (leavingTo) void navigate(leavingTo);
  }, [leavingTo, navigate]);

  const empty = blank();
  const isBlank = (row: Row<R>) => (Object.keys(empty) as Array<keyof R>).every((f) => row[f] === empty[f]);

  return {
    rows,
    errors,
    setErrors,
    /** Something typed in a row (a row left as added is nothing to lose). */
    dirty: !leavingTo && rows.some((r) => !isBlank(r)),
    leaving: leavingTo !== null,
    add: () => setRows((list) => [...list, keyed(blank())]),
    update: (key: number, patch: Partial<R>) =>
      setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r))),
    remove: (key: number) => setRows((list) => list.filter((r) => r.key !== key)),
    /** Checks every row against `schema`; the first message of each field shows beside it. */
    validate(schema: z.ZodType) {
      const found: Record<string, string> = {};
      for (const row of rows)
        for (const issue of schema.safeParse(row).error?.issues ?? [])
          found[errorKey(row.key, String(issue.path[0]))] ??= issue.message;
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    /** Goes to `to` once saved, without asking. */
    leave: (to: string) => setLeavingTo(to),
  };
}

export type RowsState<R extends object> = ReturnType<typeof useRows<R>>;
