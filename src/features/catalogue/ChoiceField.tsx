// A choice among a few values, as buttons (PrimeReact SelectButton), bound to a react-hook-form field: the
// placement of a product, the type and the mode of an option. Its label names the group of buttons.
import { SelectButton } from 'primereact/selectbutton';
import { Controller } from 'react-hook-form';

interface Props {
  /** The form's field. */
  name: string;
  /** The label's id (aria-labelledby of the buttons). */
  id: string;
  label: string;
  options: readonly string[];
  /** A second click on the chosen value clears it (null); false: one value is always chosen. */
  allowEmpty?: boolean;
}

export function ChoiceField({ name, id, label, options, allowEmpty = true }: Props) {
  return (
    <div className="field">
      <span className="field-label" id={id}>
        {label}
      </span>
      <Controller
        name={name}
        render={({ field }) => (
          <SelectButton
            aria-labelledby={id}
            value={field.value as string | null}
            options={[...options]}
            allowEmpty={allowEmpty}
            onChange={(e) => field.onChange((e.value as string | null) ?? null)}
          />
        )}
      />
    </div>
  );
}
