// The names of the dashboard's exported files (CSV from the worker, PNG from the page): the company and the
// period as slugs. The screen reads them here, not from the worker's modules. The definitions live in
// workers/analytics/csv.ts (the worker names its CSV with them); they belong here, re-exported meanwhile.
export { periodSlug, slug } from '../../../workers/analytics/csv';
