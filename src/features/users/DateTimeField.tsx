// A date and hour field of a react-hook-form form (a licence's dates): PrimeReact's Calendar in French, 24 h,
// inside a FormField (docs/architecture.md, "Forms").
import { Calendar, type CalendarProps } from 'primereact/calendar';
import { Controller } from 'react-hook-form';

import { FormField } from '../../ui/FormField';
import { CALENDAR_LOCALE } from './calendarFr';

interface Props extends Pick<CalendarProps, 'showButtonBar' | 'appendTo'> {
  /** The form's field, holding a Date or null. */
  name: string;
  id: string;
  label: string;
  className?: string;
}

export function DateTimeField({ name, id, label, className, ...calendar }: Props) {
  return (
    <FormField name={name} id={id} label={label} className={className}>
      {(a11y) => (
        <Controller
          name={name}
          render={({ field }) => (
            <Calendar
              inputId={id}
              inputRef={field.ref}
              value={field.value as Date | null}
              onChange={(e) => field.onChange((e.value as Date | null) ?? null)}
              showTime
              hourFormat="24"
              dateFormat="dd/mm/yy"
              locale={CALENDAR_LOCALE}
              showIcon
              invalid={a11y.invalid}
              // The Calendar does not hand aria-* props to its input: they go through its pass-through, so
              // that the message is tied to the field (WCAG 3.3.1).
              pt={{
                input: {
                  root: { 'aria-invalid': a11y['aria-invalid'], 'aria-describedby': a11y['aria-describedby'] },
                },
              }}
              {...calendar}
            />
          )}
        />
      )}
    </FormField>
  );
}
