// A 400 answer's field messages ({errors: {field: message}}) shown on a react-hook-form form, the focus on
// the first of them, like the form's own messages (docs/architecture.md, "Forms").
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Sets each message of `fieldErrors` (an ApiError's) on the form; `fieldOf` maps the server's field names to the form's
 * (those it does not map are left to the caller's toast). Returns whether one was shown.
 */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Record<string, string>,
  fieldOf: (serverField: string) => Path<T> | undefined = (f) => f as Path<T>,
): boolean {
  let shown = false;
  for (const [serverField, message] of Object.entries(fieldErrors)) {
    const field = fieldOf(serverField);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
