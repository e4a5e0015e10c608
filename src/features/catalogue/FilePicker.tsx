// A labelled native file chooser (one file): the browser's own dialog, the chosen file's name and size.
import { Button } from 'primereact/button';
import { useRef } from 'react';

export const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} Ko`
    : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;

interface Props {
  id: string;
  label: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  hint?: string;
}

export function FilePicker({ id, label, accept, file, onChange, error, hint }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="field file-picker">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {file && (
        <span className="field-hint">
          {file.name} ({formatSize(file.size)}){' '}
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            size="small"
            aria-label={`Retirer ${label}`}
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(null);
            }}
          />
        </span>
      )}
      {hint && <small className="field-hint">{hint}</small>}
      {error && (
        <small className="field-error" id={`${id}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}
