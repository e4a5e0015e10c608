// GET /api/ProductStatistics/Retention: how long events are kept and the oldest month kept
// (server/analytics/retention.ts, docs/privacy.md), so the dashboard offers no purged year or month. An
// addition to the provider's contract (docs/api.md); the same for every signed-in user.
import { retentionSchema } from '#domain/analytics/retentionSchema';

import type { RoutePlugin } from '../../deps';
import { oldestKeptMonth } from '../retention';

const retentionRoutes: RoutePlugin = async (app, { eventsRetentionMonths }) => {
  app.get(
    '/api/ProductStatistics/Retention',
    {
      schema: {
        tags: ['Analytique'],
        description:
          'Addition au contrat : la durée de conservation des événements (mois) et le plus ancien mois conservé (AAAA-MM, UTC).',
        response: { 200: retentionSchema },
      },
    },
    async () => ({
      months: eventsRetentionMonths,
      oldestMonth: oldestKeptMonth(new Date(), eventsRetentionMonths).toISOString().slice(0, 7),
    }),
  );
};

export default retentionRoutes;
