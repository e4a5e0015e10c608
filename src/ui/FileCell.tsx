/** A file field in a row of a table: the first file picked, or null when the choice is cleared. */
export function FileCell({
  label,
  accept,
  onPick,
}: {
  label: string;
  accept: string;
  onPick: (file: File | null) => void;
}) {
  return <input type="file" aria-label={label} accept={accept} onChange={(e) => onPick(e.target.files?.[0] ?? null)} />;
}
