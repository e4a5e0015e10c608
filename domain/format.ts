// French number and time formatting with formatters made once: `toLocaleString('fr-FR', …)` builds a new
// Intl formatter at each call (up to a millisecond with options), and the dashboard formats at every switch.
// Made on first use, not when the module loads: the first Intl formatter of a page loads the browser's
// locale data (ICU), 25 to 130 ms in Chromium here, which a worker calling `warmUpFormats` does instead
// (src/app/localeData.ts).

/** A formatter made on its first call. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const numberFr = once(() => new Intl.NumberFormat('fr-FR'));
const eurosFr = once(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }));
const timeFr = once(() => new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' }));
const dateFr = once(() => new Intl.DateTimeFormat('fr-FR'));
const dateTimeLongFr = once(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** 12 345 (fr-FR: narrow no-break space between thousands, decimal comma). */
export const formatNumber = (v: number): string => numberFr().format(v);

/** "1 290,50 €", "—" without a price: the one money format of every screen (catalogue, viewer). */
export const formatEuros = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : eurosFr().format(v);

/** "1 produit", "0 produit", "3 produits": French agreement (plural from 2). */
export const countOf = (n: number, singular: string, plural = `${singular}s`): string =>
  `${formatNumber(n)} ${Math.abs(n) >= 2 ? plural : singular}`;

/** 14:05 */
export const formatTime = (ms: number): string => timeFr().format(ms);

/** 26/11/2026 (a list formats one per row: 10 ms per page of customers with toLocaleDateString). */
export const formatDate = (d: Date | number): string => dateFr().format(d);

/** 26 novembre 2026 à 14:05 */
export const formatDateTimeLong = (d: Date | number): string => dateTimeLongFr().format(d);

/**
 * Makes the formatters (and so loads the locale data) now. Called by workers/locale.worker.ts while a
 * signed-in page waits for its code and data: measured in the page's first render, the locale data made
 * one long task longer by 35 to 40 ms, and in a task of its own it was one of 60 to 130 ms
 * (docs/performance.md).
 */
export function warmUpFormats(): void {
  numberFr();
  dateFr();
  timeFr();
}
