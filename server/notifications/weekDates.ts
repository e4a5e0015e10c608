// Calendar arithmetic on dates written YYYY-MM-DD (a local day of the company's zone, no time), and their
// French long form for the mails ("30 novembre 2026").
const DAY_MS = 86_400_000;

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

const longFr = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const frenchDay = (day: string) => longFr.format(new Date(`${day}T00:00:00Z`));
