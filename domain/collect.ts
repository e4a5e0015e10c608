// A batch of viewer events (POST /api/collect, docs/viewer.md): shared by the viewer that sends it and the
// server that checks it. The visit token's signature is checked by the server alone (it holds the key);
// the times of the events are checked here against the issue time the token carries.
import { z } from 'zod';

import {
  COLLECT_EVENT_TYPES,
  type CollectEventType,
  MAX_EVENTS_PER_BATCH,
  VISIT_LATE_SEND_MS,
  VISIT_LIFETIME_MS,
  VISIT_SKEW_MS,
  visitIssuedAt,
} from './collectEvents';
import { visitSignalsSchema } from './visitSignalsSchema';

export {
  COLLECT_EVENT_TYPES,
  type CollectEventType,
  MAX_EVENTS_PER_BATCH,
  VISIT_LATE_SEND_MS,
  VISIT_LIFETIME_MS,
  VISIT_SKEW_MS,
  visitIssuedAt,
};

/** The events table's flag each type sets: what the dashboard counts (README "Metric → event flag"). */
export const COLLECT_EVENT_FLAG = {
  consultation: 'consultation',
  iframeInteraction: 'iframeInteraction',
  arTry: 'arTry',
  conversion: 'conversion',
} as const satisfies Record<CollectEventType, string>;

/** An event dated outside its visit (the API document lists it: JSON Schema cannot say it). */
export const CLOCK_SKEW_MESSAGE = 'Date hors de la durée de la visite (4 h après son ouverture au plus)';
export const VISIT_EXPIRED_MESSAGE = 'Visite expirée, rechargez la page';
/** A batch with no event and no signals (JSON Schema cannot say "one or the other"). */
export const EMPTY_BATCH_MESSAGE = 'Au moins un événement ou les signaux de la visite sont requis';

export const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;
export const sessionIdSchema = z.string().regex(SESSION_ID, 'Identifiant de session invalide');
/** Issue time in base 36 milliseconds, a dot, the HMAC-SHA256 in base64url (server/collect/visitTokens.ts). */
export const VISIT_TOKEN = /^[0-9a-z]{1,12}\.[A-Za-z0-9_-]{43}$/;

/** The batch as checked at `now` (the server's clock). */
export function collectBatchSchema(now: number) {
  return z
    .object({
      key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Clé de visionneuse invalide'),
      sessionId: sessionIdSchema,
      visit: z
        .string({ error: 'Jeton de visite requis' })
        .max(64, 'Jeton de visite invalide')
        .regex(VISIT_TOKEN, 'Jeton de visite invalide')
        .refine((t) => {
          const issued = visitIssuedAt(t);
          return issued <= now + VISIT_SKEW_MS && now <= issued + VISIT_LIFETIME_MS + VISIT_LATE_SEND_MS;
        }, VISIT_EXPIRED_MESSAGE),
      events: z
        .array(
          z.object({
            type: z.enum(COLLECT_EVENT_TYPES, { error: "Type d'événement inconnu" }),
            at: z.iso.datetime({ offset: true, error: 'Date invalide (ISO 8601 attendu)' }).optional(),
          }),
          { error: 'Liste des événements requise' },
        )
        .max(MAX_EVENTS_PER_BATCH, `Au plus ${MAX_EVENTS_PER_BATCH} événements par envoi`),
      /** The visit's totals (docs/viewer.md, "Visit signals"): with each batch, and alone when the page is hidden. */
      signals: visitSignalsSchema.optional(),
    })
    .superRefine((batch, ctx) => {
      if (!batch.events.length && !batch.signals)
        ctx.addIssue({ code: 'custom', path: ['events'], message: EMPTY_BATCH_MESSAGE });
      // Each event inside its visit: from its issue time (less the network's delay) to the end of its
      // lifetime, and never after the server's now. Without a time, the event is dated now.
      const issued = visitIssuedAt(batch.visit);
      const last = Math.min(issued + VISIT_LIFETIME_MS, now + VISIT_SKEW_MS);
      batch.events.forEach((e, i) => {
        const at = e.at ? Date.parse(e.at) : now;
        if (at < issued - VISIT_SKEW_MS || at > last)
          ctx.addIssue({ code: 'custom', path: ['events', i, 'at'], message: CLOCK_SKEW_MESSAGE });
      });
    });
}
export type CollectBatch = z.output<ReturnType<typeof collectBatchSchema>>;
