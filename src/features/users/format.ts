// fr-FR dates of the user screens: a creation date, and licence dates with year, month, day and hour.
const dateFr = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFr = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const parse = (value?: string | null) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value) : null);

export const formatDate = (value?: string | null) => {
  const d = parse(value);
  return d ? dateFr.format(d) : '—';
};

export const formatDateTime = (value?: string | null) => {
  const d = parse(value);
  return d ? dateTimeFr.format(d) : '—';
};

export { parse as parseDate };
