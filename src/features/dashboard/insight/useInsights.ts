// The insight of a selection and filters, asked of the analytics worker (AnalyticsEngine.insights) through
// the query cache: its loading state, its error and "Réessayer" (refetch) as any other read, and a filter
// or scope met again within 30 s drawn at once.
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { ProductRef } from '#domain/analytics/fields';
import type { InsightFilters } from '#domain/analytics/insightsView';
import type { Scope, Selection } from '#domain/analytics/selection';
import { viewRequestOf } from '#domain/analytics/view';

import { computeInsights } from '../analyticsClient';

export function useInsights(
  selection: Selection,
  scope: Scope,
  products: ProductRef[],
  timeZone: string | undefined,
  filters: InsightFilters,
  ready: boolean,
  dataVersion: number,
) {
  const { companyId, period, year, month, week, from, to } = selection;
  return useQuery({
    // The worker's data version stands for the products' records: a change of data asks again.
    queryKey: [
      'insights',
      companyId,
      scope,
      period,
      year,
      month,
      week,
      from,
      to,
      timeZone,
      products.length,
      dataVersion,
      filters,
    ],
    queryFn: () =>
      computeInsights(
        {
          ...viewRequestOf(
            { ...selection, scope },
            products.map((p) => p.id),
            timeZone,
          ),
          companyId,
        },
        filters,
      ),
    enabled: ready && companyId !== null,
    // A filter or scope change keeps the figures on screen (marked busy) until the new ones come: the
    // section does not collapse to its loading line and back.
    placeholderData: keepPreviousData,
  });
}
