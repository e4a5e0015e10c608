// A labelled native file chooser (one file) of a react-hook-form form: the browser's own dialog, the chosen
// file's name and size, and the field's message (docs/architecture.md, "Forms").
import { Button } from 'primereact/button';
import { useRef } from 'react';
import { useController } from 'react-hook-form';

import { FormField } from '../../ui/FormField';

export const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} Ko`
    : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;

interface Props {
  /** The form's field, holding a File or null. */
  name: string;
  id: string;
  label: string;
  accept: string;
  hint?: string;
  /** Told of each choice (the file, or null when cleared), after the form's field. */
  onPick?: (file: File | null) => void;
}

export function FilePicker({ name, id, label, accept, hint, onPick }: Props) {
  const input = useRef<HTMLInputElement | null>(null);
  const { field } = useController({ name });
  const file = field.value as File | null;
  return (
    <FormField name={name} id={id} label={label} hint={hint} className="field file-picker">
      {({ invalid: _invalid, ...a11y }) => (
        <>
          <input
            {...a11y}
            ref={(el) => {
              input.current = el;
              field.ref(el);
            }}
            type="file"
            accept={accept}
            onChange={(e) => {
              const picked = e.target.files?.[0] ?? null;
              field.onChange(picked);
              onPick?.(picked);
            }}
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
                  field.onChange(null);
                  onPick?.(null);
                }}
              />
            </span>
          )}
        </>
      )}
    </FormField>
  );
}
