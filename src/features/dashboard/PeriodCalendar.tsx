// PrimeReact's Calendar with the French locale, as the custom range's two dates use it: a chunk of its
// own, loaded when a custom range is first shown (PeriodRange.tsx, docs/performance.md).
import { Calendar, type CalendarProps } from 'primereact/calendar';

import { CALENDAR_LOCALE } from '../users/calendarFr';

type Props = Pick<CalendarProps, 'inputId' | 'value' | 'onChange' | 'maxDate'>;

export default function PeriodCalendar(props: Props) {
  return <Calendar {...props} dateFormat="dd/mm/yy" locale={CALENDAR_LOCALE} showIcon />;
}
