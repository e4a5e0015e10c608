// The engine's view request as the tests ask it (domain/analytics/view.ts): every product shown, all time,
// consultations counted in total; each test gives its products and what it changes.
import type { ViewRequest } from '#domain/analytics/view';

/** `over` names the products and anything else the test asks (its generation, year, company, filters…). */
export const viewRequest = (over: Partial<ViewRequest> & Pick<ViewRequest, 'productIds'>): ViewRequest => ({
  generation: 1,
  scope: 'all',
  metric: 'consultation',
  counting: 'total',
  period: 'all_time',
  year: 2026,
  month: 1,
  week: 1,
  ...over,
});
