// The retention answer's schema, for the server's route and its API document (the client reads it with
// readRetention, retention.ts, without zod).
import { z } from 'zod';

import { YEAR_MONTH } from './retention';

export const retentionSchema = z.object({
  months: z.number().int().min(1).meta({ description: 'EVENTS_RETENTION_MONTHS : mois d’événements gardés' }),
  oldestMonth: z.string().regex(YEAR_MONTH).meta({ description: 'Le plus ancien mois gardé, AAAA-MM (mois UTC)' }),
});
