// One labelled field of a react-hook-form form (docs/architecture.md, "Forms"): its label, its hint and its
// error slot, read from the form's state by the field's name. The input is the child, given the ids and
// aria attributes that tie it to its label, hint and message (WCAG 1.3.1, 3.3.1).
// zod's fallback messages in French for every form's schema (domain/frenchErrors.ts).
import '#domain/frenchErrors';
import './forms.css';

import type { ReactNode } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';

/** What the input of a field carries: its id, PrimeReact's `invalid`, and its aria wiring. */
export interface FieldProps {
  id: string;
  invalid: boolean;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  /** Set on required fields only. */
  'aria-required'?: true;
}

interface Props {
  /** The field's name in the form's values (a path: `a.b`). */
  name: string;
  /** The input's DOM id; the name by default. */
  id?: string;
  label: string;
  hint?: string;
  className?: string;
  /** Marked before any submit: an asterisk, explained by the form's RequiredNote, and aria-required. */
  required?: boolean;
  children: (field: FieldProps) => ReactNode;
}

export function FormField({ name, id = name, label, hint, className, required, children }: Props) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const error = get<typeof errors, { message?: string } | undefined>(errors, name)?.message;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        invalid: !!error,
        'aria-invalid': !!error,
        'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
        ...(required ? { 'aria-required': true as const } : {}),
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

/** What the asterisk of a required field means, once above the form's fields (WCAG 3.3.2). */
export const REQUIRED_NOTE = 'Les champs marqués d’un astérisque (*) sont obligatoires.';
export function RequiredNote() {
  return <p className="required-note">{REQUIRED_NOTE}</p>;
}
