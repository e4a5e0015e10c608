// The visit's signals as POST /api/collect checks them (domain/visitSignals.ts, docs/viewer.md "Visit
// signals"): every number an integer and bounded, so that a forged beacon can store nothing unbounded. Kept
// apart from visitMeasure.ts, which the viewer imports: zod stays out of the viewer's bundle.
import { z } from 'zod';

import { PRINTABLE_TEXT, SOURCE_HOST } from './sourcePatterns';
import {
  ATTENTION_BUCKETS,
  MAX_AR_LAUNCHES,
  MAX_HOST_LENGTH,
  MAX_UTM_LENGTH,
  MAX_VISIT_MS,
  type VisitSignals,
} from './visitMeasure';
import { AR_PLATFORMS } from './visitSignals';

/** What JSON Schema cannot say (the API document lists them as the route's rules). */
export const ACTIVE_OVER_VISIBLE_MESSAGE = 'Temps actif supérieur au temps visible';
export const ATTENTION_BUCKET_MESSAGE = `Case d’attention invalide (0 à ${ATTENTION_BUCKETS - 1}, chacune une fois)`;
export const AR_OUTCOMES_MESSAGE = 'Plus de résultats AR que de lancements AR';
export const SIGNALS_RULES = [ACTIVE_OVER_VISIBLE_MESSAGE, ATTENTION_BUCKET_MESSAGE, AR_OUTCOMES_MESSAGE];

const duration = z
  .number({ error: 'Durée invalide (millisecondes attendues)' })
  .int('Durée invalide (millisecondes entières attendues)')
  .min(0, 'Durée invalide (négative)')
  .max(MAX_VISIT_MS, 'Durée invalide (4 h au plus)');

const arCount = z
  .number({ error: 'Nombre AR invalide' })
  .int('Nombre AR invalide')
  .min(0, 'Nombre AR invalide')
  .max(MAX_AR_LAUNCHES, `Nombre AR invalide (${MAX_AR_LAUNCHES} au plus)`);

const utm = z
  .string({ error: 'Paramètre utm invalide' })
  .min(1, 'Paramètre utm vide')
  .max(MAX_UTM_LENGTH, `Paramètre utm trop long (${MAX_UTM_LENGTH} caractères au plus)`)
  .regex(PRINTABLE_TEXT, 'Paramètre utm invalide (caractères non imprimables)')
  .optional();

export const visitSignalsSchema = z
  .object({
    source: z
      .object({
        host: z
          .string({ error: 'Hôte de la page d’origine requis' })
          .max(MAX_HOST_LENGTH, `Hôte de la page d’origine trop long (${MAX_HOST_LENGTH} caractères au plus)`)
          .regex(SOURCE_HOST, 'Hôte de la page d’origine invalide'),
        utmSource: utm,
        utmMedium: utm,
        utmCampaign: utm,
      })
      .optional(),
    visibleMs: duration,
    activeMs: duration,
    firstInteractionMs: duration.optional(),
    attention: z
      .array(
        z
          .array(duration, { error: 'Case d’attention invalide ([case, millisecondes] attendu)' })
          .length(2, 'Case d’attention invalide ([case, millisecondes] attendu)'),
        { error: 'Attention requise (liste de [case, millisecondes])' },
      )
      .max(ATTENTION_BUCKETS, `Au plus ${ATTENTION_BUCKETS} cases d’attention`),
    ar: z
      .object({
        platform: z.enum(AR_PLATFORMS, { error: 'Plateforme AR inconnue' }),
        launches: arCount,
        placed: arCount,
        failed: arCount,
        returned: arCount,
      })
      .optional(),
  })
  .superRefine((s, ctx) => {
    // The viewer counts active time only while the model is visible (src/viewer/visitTime.ts).
    if (s.activeMs > s.visibleMs)
      ctx.addIssue({ code: 'custom', path: ['activeMs'], message: ACTIVE_OVER_VISIBLE_MESSAGE });
    const seen = new Set<number>();
    s.attention.forEach(([bucket], i) => {
      if (bucket >= ATTENTION_BUCKETS || seen.has(bucket))
        ctx.addIssue({ code: 'custom', path: ['attention', i, 0], message: ATTENTION_BUCKET_MESSAGE });
      seen.add(bucket);
    });
    // Each launch is placed, failed and returned at most once (src/viewer/arOutcome.ts).
    if (s.ar && Math.max(s.ar.placed, s.ar.failed, s.ar.returned) > s.ar.launches)
      ctx.addIssue({ code: 'custom', path: ['ar'], message: AR_OUTCOMES_MESSAGE });
  });

/** The checked signals as the contract types them (an attention pair is checked to be [bucket, ms]). */
export const asVisitSignals = (s: z.output<typeof visitSignalsSchema>): VisitSignals => s as VisitSignals;
