// French number and time formatting with formatters made once: `toLocaleString('fr-FR', …)` builds a new
// Intl formatter at each call (up to a millisecond with options), and the dashboard formats at every switch.
const numberFr = new Intl.NumberFormat('fr-FR');
const timeFr = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });
const dateFr = new Intl.DateTimeFormat('fr-FR');
const dateTimeLongFr = new Intl.DateTimeFormat('fr-FR', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** 12 345 (fr-FR: narrow no-break space between thousands, decimal comma). */
export const formatNumber = (v: number): string => numberFr.format(v);

/** 14:05 */
export const formatTime = (ms: number): string => timeFr.format(ms);

/** 26/11/2026 (a list formats one per row: 10 ms per page of customers with toLocaleDateString). */
export const formatDate = (d: Date | number): string => dateFr.format(d);

/** 26 novembre 2026 à 14:05 */
export const formatDateTimeLong = (d: Date | number): string => dateTimeLongFr.format(d);
