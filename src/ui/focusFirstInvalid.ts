// After a submit that found errors, focus moves to the first invalid field (WCAG 3.3.1, docs/back-office.md):
// a keyboard or screen-reader user lands on what to fix instead of hunting for it. A field is invalid when
// it carries aria-invalid="true" or PrimeReact's p-invalid class (set by its `invalid` prop); a wrapper
// (a Dropdown, a Password) gives its first focusable element.
import { useCallback, useEffect, useRef, useState } from 'react';

const FOCUSABLE =
  'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusFirstInvalid(root: HTMLElement | null): boolean {
  const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"], .p-invalid');
  if (!invalid) return false;
  const target = invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE);
  if (!target) return false;
  target.focus();
  return true;
}

/**
 * `ref` goes on the form (or the dialog's body); `failed()` is called where a submit stops on errors,
 * in the same update as the errors, so the focus moves once they are on screen.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures) focusFirstInvalid(ref.current);
  }, [failures]);
  const failed = useCallback(() => setFailures((n) => n + 1), []);
  return { ref, failed };
}
