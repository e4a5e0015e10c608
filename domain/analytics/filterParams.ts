// The URL parameters of the dashboard's insight filters (insightFilters.ts reads and writes them): alone in
// this module so that the dashboard's first load, which keeps them when it writes the selection, takes
// nothing else of the section.
export const FILTER_PARAMS = ['source', 'campagne', 'pays', 'appareil', 'plateforme'] as const;
