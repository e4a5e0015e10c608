// GET /api/ProductStatistics/Retention: the oldest month of events the server keeps (docs/privacy.md).
import { type Retention, retentionSchema } from '#domain/analytics/retention';

import { http } from './http';

export async function fetchRetention(signal?: AbortSignal): Promise<Retention> {
  return retentionSchema.parse(await http.get<unknown>('/api/ProductStatistics/Retention', { signal }));
}
