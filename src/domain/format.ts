// French number and time formatting with formatters made once: `toLocaleString('fr-FR', …)` builds a new
// Intl formatter at each call (up to a millisecond with options), and the dashboard formats at every switch.
const numberFr = new Intl.NumberFormat('fr-FR');
const timeFr = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

/** 12 345 (fr-FR: narrow no-break space between thousands, decimal comma). */
export const formatNumber = (v: number): string => numberFr.format(v);

/** 14:05 */
export const formatTime = (ms: number): string => timeFr.format(ms);
