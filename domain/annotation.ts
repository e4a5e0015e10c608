// Notes on the dashboard's time chart ("Nouveau modèle 3D", "Campagne Instagram"): a dated line of text
// for a company or one of its products, shown on the "Évolution" chart (docs/dashboard.md, "Notes").
import { z } from 'zod';

import { dbId } from './dbId';
import { boundedText } from './text';

export const ANNOTATION_TEXT_MAX = 120;
/** A company holds at most this many notes: the list is sent whole to the dashboard. */
export const ANNOTATIONS_PER_COMPANY = 500;

export const ANNOTATION_MESSAGES = {
  texteRequired: 'Le texte de la note est obligatoire',
  texteInvalid: `Texte de la note invalide (${ANNOTATION_TEXT_MAX} caractères max)`,
  jour: 'Date invalide (AAAA-MM-JJ)',
  produit: 'Produit introuvable',
  full: `Une entreprise peut garder au plus ${ANNOTATIONS_PER_COMPANY} notes : supprimez-en avant d'en ajouter`,
} as const;

/** A civil date, the day of the company's calendar the note is about. */
const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isoDay = z
  .string({ error: ANNOTATION_MESSAGES.jour })
  .max(10, { error: ANNOTATION_MESSAGES.jour, abort: true })
  .regex(ISO_DAY, { error: ANNOTATION_MESSAGES.jour, abort: true })
  // 2026-02-31 matches the pattern: the date must exist (Date.UTC rolls it over to March).
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
  }, ANNOTATION_MESSAGES.jour);

export const annotationPayloadSchema = z.object({
  jour: isoDay,
  texte: boundedText({
    max: ANNOTATION_TEXT_MAX,
    required: ANNOTATION_MESSAGES.texteRequired,
    invalid: ANNOTATION_MESSAGES.texteInvalid,
  }),
  /** The product the note is about; absent or null: the whole company. */
  idGroupeModel: dbId(ANNOTATION_MESSAGES.produit).nullish(),
});
export type AnnotationPayload = z.input<typeof annotationPayloadSchema>;

export const annotationSchema = z.object({
  id: z.number(),
  entrepriseId: z.number(),
  idGroupeModel: z.number().nullable(),
  jour: z.string(),
  texte: z.string(),
});
export type Annotation = z.infer<typeof annotationSchema>;
