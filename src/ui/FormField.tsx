// One labelled field of a react-hook-form form (docs/architecture.md, "Forms"): its label, its hint and its
// error slot, read from the form's state by the field's name. The input is the child, given the ids and
// aria attributes that tie it to its label, hint and message (WCAG 1.3.1, 3.3.1).
// zod's fallback messages in French for every form's schema (src/domain/frenchErrors.ts).
import '../domain/frenchErrors';
import './forms.css';

import type { ReactNode } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';

/** What the input of a field carries: its id, PrimeReact's `invalid`, and its aria wiring. */
export interface FieldProps {
  id: string;
  invalid: boolean;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface Props {
  /** The field's name in the form's values (a path: `a.b`). */
  name: string;
  /** The input's DOM id; the name by default. */
  id?: string;
  label: string;
  hint?: string;
  className?: string;
  children: (field: FieldProps) => ReactNode;
}

export function FormField({ name, id = name, label, hint, className, children }: Props) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const error = get<typeof errors, { message?: string } | undefined>(errors, name)?.message;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        invalid: !!error,
        'aria-invalid': !!error,
        'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <small className="field-hint" id={hintId}>
          {hint}
        </small>
      )}
      {error && (
        <small className="field-error" id={errorId} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
