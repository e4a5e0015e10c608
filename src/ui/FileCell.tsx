/** A file field in a row of a table: the first file picked, or null when the choice is cleared. */
export function FileCell({
  label,
  accept,
  onPick,
  invalid = false,
}: {
  label: string;
  accept: string;
  onPick: (file: File | null) => void;
  /** Its row's message for this file shows below it (RowsEditor): focus goes to the first invalid field. */
  invalid?: boolean;
}) {
  return (
    <input
      type="file"
      aria-label={label}
      aria-invalid={invalid || undefined}
      accept={accept}
      onChange={(e) => onPick(e.target.files?.[0] ?? null)}
    />
  );
}
