// One labelled dropdown of the control cards, memoised: a switch re-renders the dropdown that changed,
// not the eight of them (PrimeReact's Dropdown walks its options at every render).
import { Dropdown } from 'primereact/dropdown';
import { memo, type ReactNode } from 'react';

import { type ListShown, OPTION_HEIGHT, useListShown } from './useListShown';

export interface Option<T> {
  label: string;
  value: T;
}

export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="control-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small className="muted">{hint}</small>}
    </div>
  );
}

interface Props<T> {
  id: string;
  label: string;
  hint?: string;
  value: T;
  /** Stable (module constant or memoised): a new array re-renders the dropdown. */
  options: Array<Option<T>>;
  onChange: (value: T) => void;
  disabled?: boolean;
  placeholder?: string;
  showClear?: boolean;
  /** A search box above the options, emptied when the list closes. */
  filter?: boolean;
  /** Only the visible options are rendered (long lists: a company's products). */
  virtual?: boolean;
  /** The list opened, its search changed or it scrolled: what it now shows (useListShown). */
  onShown?: ListShown;
}

function SelectFieldOf<T>({
  id,
  label,
  hint,
  value,
  options,
  onChange,
  disabled,
  placeholder,
  showClear,
  filter,
  virtual,
  onShown,
}: Props<T>) {
  const { onShow, onFilter, onScroll } = useListShown(onShown);
  return (
    <Field id={id} label={label} hint={hint}>
      <Dropdown
        inputId={id}
        value={value}
        options={options}
        onChange={(e) => onChange(e.value as T)}
        disabled={disabled}
        placeholder={placeholder}
        showClear={showClear}
        filter={filter}
        // Reopened, the list shows every option again ("Tous les produits" included), not the last search.
        resetFilterOnHide
        onShow={onShow}
        onFilter={onFilter}
        // The scrolling box: the virtual scroller, or the plain list's wrapper.
        virtualScrollerOptions={virtual ? { itemSize: OPTION_HEIGHT, onScroll } : undefined}
        pt={onScroll && !virtual ? { wrapper: { onScroll } } : undefined}
      />
    </Field>
  );
}

export const SelectField = memo(SelectFieldOf) as typeof SelectFieldOf;
