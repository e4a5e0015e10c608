// GET /api/ProductStatistics/Retention: the oldest month of events the server keeps (docs/privacy.md).
import { readRetention, type Retention } from '#domain/analytics/retention';

import { http } from './http';

export async function fetchRetention(signal?: AbortSignal): Promise<Retention> {
  return readRetention(await http.get<unknown>('/api/ProductStatistics/Retention', { signal }));
}
