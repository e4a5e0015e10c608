// A new company (POST /api/Entreprise, docs/product.md §2.2.14 and §2.3): name, address, 10-digit phone, SIRET;
// and a company as the API answers it (the server's response schemas, shared with the app).
import { z } from 'zod';

import { DEFAULT_TIME_ZONE, isTimeZone } from './analytics/zone';
import { SIRET_DIGITS, SIRET_INPUT, TEN_DIGITS } from './patterns';
import { boundedText } from './text';

/** SIRET: 14 digits whose Luhn sum is a multiple of 10 (La Poste's establishments: digit sum a multiple of 5). */
export function isValidSiret(value: string): boolean {
  if (!SIRET_DIGITS.test(value)) return false;
  const digits = [...value].map(Number);
  if (value.startsWith('356000000')) return digits.reduce((s, d) => s + d, 0) % 5 === 0;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    // From the right, every second digit is doubled: here the even indexes of a 14-digit number.
    let d = digits[i];
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const SIRET_INVALID = 'SIRET invalide (14 chiffres avec une clé valide)';
export const TIME_ZONE_INVALID = 'Fuseau horaire invalide (nom IANA, par exemple Europe/Paris)';
/** The rules of a new company a JSON Schema cannot say: the API document lists them (issue 21). */
export const ENTREPRISE_CREATE_RULES = [SIRET_INVALID, TIME_ZONE_INVALID] as const;

/** The canonical spelling of a zone Intl knows: "europe/paris" → "Europe/Paris", "utc" → "UTC". */
export function canonicalTimeZone(name: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
}

/** The canonical names the runtime lists (UTC apart): the API document's enum of the field. */
const TIME_ZONE_NAMES =
  typeof Intl.supportedValuesOf === 'function' ? ['UTC', ...Intl.supportedValuesOf('timeZone')] : undefined;

/**
 * An IANA time zone the runtime knows, stored and answered in its canonical spelling (typed "utc", kept
 * "UTC"): the form and the route parse the same schema, so both store what the dashboard reads.
 */
export const timeZoneSchema = z
  .string({ error: 'Fuseau horaire invalide' })
  .trim()
  .max(100, { error: 'Fuseau horaire invalide', abort: true })
  .refine(isTimeZone, TIME_ZONE_INVALID)
  .transform(canonicalTimeZone)
  .meta({
    description: 'Nom IANA de fuseau horaire, par exemple Europe/Paris (la casse est corrigée)',
    examples: ['Europe/Paris'],
    ...(TIME_ZONE_NAMES && { enum: TIME_ZONE_NAMES }),
  });

export { DEFAULT_TIME_ZONE };

export const entrepriseCreateSchema = z.object({
  NomEntreprise: boundedText({
    required: "Nom de l'entreprise requis",
    max: 255,
    invalid: "Nom de l'entreprise invalide (255 caractères max)",
  }),
  Adresse: boundedText({ max: 500, invalid: 'Adresse invalide (500 caractères max)', multiline: true }).nullish(),
  Telephone: boundedText({
    required: 'Numéro de téléphone requis',
    max: 10,
    invalid: 'Numéro de téléphone invalide (10 chiffres)',
    pattern: TEN_DIGITS,
  }),
  Siret: z
    .string({ error: 'SIRET requis' })
    // Spaces are allowed between the digits' groups: 14 digits and a few spaces at most.
    .max(40, { error: SIRET_INVALID, abort: true })
    .regex(/\S/, 'SIRET requis')
    .regex(SIRET_INPUT, SIRET_INVALID)
    .transform((s) => s.replace(/\s+/g, ''))
    .refine((s) => s.length > 0, 'SIRET requis')
    .refine(isValidSiret, SIRET_INVALID)
    .meta({
      description: '14 chiffres (espaces permis entre les groupes) dont la clé de Luhn est valide',
      examples: ['732 829 320 00074'],
    }),
  /** The dashboard's reporting time zone (IANA name); Europe/Paris when absent. */
  TimeZone: timeZoneSchema.optional(),
});
export type EntrepriseCreateInput = z.input<typeof entrepriseCreateSchema>;

/** A company in the list (GET /api/Entreprise): the route's response schema, shared with the app. */
export const entrepriseSchema = z.object({
  entrepriseId: z.number(),
  nomEntreprise: z.string(),
  dateValidCatalogue: z.string().nullable(),
  /** Reporting time zone of the dashboard (IANA). */
  timeZone: z.string(),
});
export type EntrepriseItem = z.infer<typeof entrepriseSchema>;

/** One company with its viewer settings (GET and PUT /api/Entreprise/{id}, docs/viewer.md). */
export const entrepriseDetailSchema = z.object({
  entrepriseId: z.number(),
  nomEntreprise: z.string(),
  dateValidCatalogue: z.string().nullable(),
  quoteUrl: z.string().nullable(),
  frameOrigins: z.array(z.string()),
  timeZone: z.string(),
});
export type EntrepriseDetail = z.infer<typeof entrepriseDetailSchema>;

/** A company just created (POST /api/Entreprise). */
export const entrepriseCreatedSchema = z.object({
  entrepriseId: z.number(),
  nomEntreprise: z.string(),
  adresse: z.string().nullable(),
  telephone: z.string().nullable(),
  siret: z.string().nullable(),
  dateValidCatalogue: z.string().nullable(),
  timeZone: z.string(),
});

/** An https origin alone ("https://www.example.fr"), as a CSP `frame-ancestors` source names it. */
export function isHttpsOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && u.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

export const MAX_FRAME_ORIGINS = 20;
const QUOTE_URL_INVALID = 'Adresse de demande de devis invalide (https://…)';
const FRAME_ORIGIN_INVALID = 'Origine invalide : https://domaine seulement, sans chemin (ex. https://www.exemple.fr)';
/** What the viewer settings' JSON Schema cannot say (a parsable https address): the API document lists them. */
export const VIEWER_SETTINGS_RULES = [QUOTE_URL_INVALID, FRAME_ORIGIN_INVALID] as const;

/**
 * The company's viewer settings (docs/viewer.md), changed through PUT /api/Entreprise/{id} by an Admin or
 * a Directeur: where "Demander un devis" leads, and the sites allowed to embed the viewer.
 */
export const viewerSettingsSchema = z.object({
  quoteUrl: z
    .string()
    .trim()
    .max(2000, 'Adresse de demande de devis invalide (2000 caractères max)')
    .refine((s) => s === '' || isHttpsUrl(s), QUOTE_URL_INVALID)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional(),
  frameOrigins: z
    .array(
      z
        .string()
        .trim()
        .refine(isHttpsOrigin, FRAME_ORIGIN_INVALID)
        .transform((s) => s.replace(/\/$/, '')),
    )
    .max(MAX_FRAME_ORIGINS, `Au plus ${MAX_FRAME_ORIGINS} sites autorisés`)
    .transform((list) => [...new Set(list)])
    .optional(),
});
export type ViewerSettings = z.output<typeof viewerSettingsSchema>;
