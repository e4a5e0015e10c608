// A batch of viewer events (POST /api/collect, docs/viewer.md): shared by the viewer that sends it and the
// server that checks it.
import { z } from 'zod';

import { COLLECT_EVENT_TYPES, type CollectEventType, MAX_EVENTS_PER_BATCH } from './collectEvents';

export { COLLECT_EVENT_TYPES, type CollectEventType, MAX_EVENTS_PER_BATCH };
/** How far an event's time may be from the server's clock (a phone's clock may be off, not by days). */
export const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/** The events table's flag each type sets: what the dashboard counts (README "Metric → event flag"). */
export const COLLECT_EVENT_FLAG = {
  consultation: 'consultation',
  iframeInteraction: 'iframeInteraction',
  arTry: 'arTry',
  conversion: 'conversion',
} as const satisfies Record<CollectEventType, string>;

/** An event dated too far from the server's clock (the API document lists it: JSON Schema cannot say it). */
export const CLOCK_SKEW_MESSAGE = 'Date trop éloignée de l’heure du serveur (24 h au plus)';

/** The batch as checked at `now` (the server's clock). */
export function collectBatchSchema(now: number) {
  return z.object({
    key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Clé de visionneuse invalide'),
    sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Identifiant de session invalide'),
    events: z
      .array(
        z.object({
          type: z.enum(COLLECT_EVENT_TYPES, { error: "Type d'événement inconnu" }),
          at: z.iso
            .datetime({ offset: true, error: 'Date invalide (ISO 8601 attendu)' })
            .refine((s) => Math.abs(Date.parse(s) - now) <= MAX_CLOCK_SKEW_MS, CLOCK_SKEW_MESSAGE)
            .optional(),
        }),
        { error: 'Liste des événements requise' },
      )
      .min(1, 'Au moins un événement est requis')
      .max(MAX_EVENTS_PER_BATCH, `Au plus ${MAX_EVENTS_PER_BATCH} événements par envoi`),
  });
}
export type CollectBatch = z.output<ReturnType<typeof collectBatchSchema>>;
