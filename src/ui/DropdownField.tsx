// A PrimeReact Dropdown as a FormField of a react-hook-form form (docs/architecture.md, "Forms"): bound through
// a Controller, its focusable input given the field's ref (so that the focus can reach it), its id, `invalid`
// and aria wiring from the field's state.
import { Dropdown, type DropdownProps } from 'primereact/dropdown';
import { Controller } from 'react-hook-form';

import { FormField } from './FormField';

interface Props extends Omit<
  DropdownProps,
  'name' | 'id' | 'value' | 'onChange' | 'onBlur' | 'inputId' | 'focusInputRef' | 'invalid'
> {
  /** The form's field. */
  name: string;
  /** The input's DOM id; the name by default. */
  id?: string;
  label: string;
  hint?: string;
  className?: string;
  /** Marked as required before any submit (FormField). */
  required?: boolean;
  /** What the dropdown shows while the field is null (a default the submit applies, "Aucune"). */
  fallback?: unknown;
  /** What a choice does; by default the field takes it (null when cleared). */
  onPick?: (value: unknown, set: (value: unknown) => void) => void;
}

export function DropdownField({ name, id, label, hint, className, required, fallback, onPick, ...dropdown }: Props) {
  return (
    <FormField name={name} id={id} label={label} hint={hint} className={className} required={required}>
      {(a11y) => (
        <Controller
          name={name}
          render={({ field }) => (
            <Dropdown
              {...dropdown}
              inputId={a11y.id}
              focusInputRef={field.ref}
              value={(field.value as unknown) ?? fallback}
              onChange={(e) => (onPick ? onPick(e.value, field.onChange) : field.onChange(e.value ?? null))}
              onBlur={field.onBlur}
              invalid={a11y.invalid}
              aria-invalid={a11y['aria-invalid']}
              aria-describedby={a11y['aria-describedby']}
              aria-required={a11y['aria-required']}
            />
          )}
        />
      )}
    </FormField>
  );
}
