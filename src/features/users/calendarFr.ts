// The French locale of PrimeReact's Calendar, registered once for the user screens' date pickers, and the
// wiring of a Calendar into a FormField.
import { addLocale } from 'primereact/api';

import type { FieldProps } from '../../ui/FormField';

addLocale('fr', {
  firstDayOfWeek: 1,
  dayNames: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  dayNamesShort: ['dim', 'lun', 'mar', 'mer', 'jeu', 'ven', 'sam'],
  dayNamesMin: ['D', 'L', 'M', 'M', 'J', 'V', 'S'],
  monthNames: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  monthNamesShort: ['janv', 'févr', 'mars', 'avr', 'mai', 'juin', 'juil', 'août', 'sept', 'oct', 'nov', 'déc'],
  today: "Aujourd'hui",
  // With the time shown, the button bar's first button says "now" (PrimeReact's default 'Now').
  now: 'Maintenant',
  clear: 'Effacer',
  chooseDate: 'Choisir une date',
  chooseMonth: 'Choisir un mois',
  chooseYear: 'Choisir une année',
  prevMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  prevYear: 'Année précédente',
  nextYear: 'Année suivante',
  prevDecade: 'Décennie précédente',
  nextDecade: 'Décennie suivante',
  prevHour: 'Heure précédente',
  nextHour: 'Heure suivante',
  prevMinute: 'Minute précédente',
  nextMinute: 'Minute suivante',
  prevSecond: 'Seconde précédente',
  nextSecond: 'Seconde suivante',
  weekHeader: 'Sem',
  dateFormat: 'dd/mm/yy',
});

export const CALENDAR_LOCALE = 'fr';

/**
 * A FormField's aria wiring for a Calendar, which does not hand aria-* props to its input: given to the
 * input through PrimeReact's pass-through (`pt`), so that the message is tied to the field (WCAG 3.3.1).
 */
export const calendarFieldPt = (field: Pick<FieldProps, 'aria-invalid' | 'aria-describedby'>) => ({
  input: { root: { 'aria-invalid': field['aria-invalid'], 'aria-describedby': field['aria-describedby'] } },
});
