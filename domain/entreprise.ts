// A new company (POST /api/Entreprise, docs/product.md §2.2.14 and §2.3): name, address, 10-digit phone, SIRET;
// and a company as the API answers it (the server's response schemas, shared with the app).
import { z } from 'zod';

import { DEFAULT_TIME_ZONE, isTimeZone } from './analytics/zone';
import { DNS_LABEL, FRAME_ORIGIN_INPUT, SIRET_DIGITS, SIRET_INPUT, TEN_DIGITS, TOP_LEVEL_DOMAIN } from './patterns';
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
/** The rules of a new company a JSON Schema cannot say: the API document lists them. */
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

/** Why a typed frame origin is refused (its French message), or the origin as stored and sent in the CSP. */
export function parseFrameOrigin(value: string): { origin: string } | { error: string } {
  const typed = value.trim();
  if (typed.includes('*')) return { error: FRAME_ORIGIN_WILDCARD };
  if (!FRAME_ORIGIN_INPUT.test(typed)) return { error: FRAME_ORIGIN_INVALID };
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { error: FRAME_ORIGIN_HOST };
  }
  // URL gives the host in ASCII: lower case, an IDN in punycode (café.fr -> xn--caf-dma.fr), port 443 dropped.
  const labels = url.hostname.split('.');
  const tld = labels[labels.length - 1];
  if (
    url.hostname.length > 253 ||
    labels.length < 2 ||
    !labels.every((l) => l.length <= 63 && DNS_LABEL.test(l)) ||
    !TOP_LEVEL_DOMAIN.test(tld)
  )
    return { error: FRAME_ORIGIN_HOST };
  return { origin: url.origin };
}

/** An https origin alone ("https://www.example.fr"), as stored: what the CSP `frame-ancestors` may name. */
export function isHttpsOrigin(value: string): boolean {
  const parsed = parseFrameOrigin(value);
  return 'origin' in parsed && parsed.origin === value;
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
const FRAME_ORIGIN_INVALID =
  'Origine invalide : https://domaine seulement, sans chemin ni paramètre (ex. https://www.exemple.fr)';
const FRAME_ORIGIN_WILDCARD = 'Les jokers (*) ne sont pas acceptés : indiquez chaque site (ex. https://www.exemple.fr)';
const FRAME_ORIGIN_HOST = 'Nom de domaine invalide (ex. https://www.exemple.fr ou https://boutique.exemple.fr:8443)';
/** What the viewer settings' JSON Schema cannot say (a parsable https address): the API document lists them. */
export const VIEWER_SETTINGS_RULES = [
  QUOTE_URL_INVALID,
  FRAME_ORIGIN_INVALID,
  FRAME_ORIGIN_WILDCARD,
  FRAME_ORIGIN_HOST,
] as const;

/** Where "Demander un devis" leads: an https address, or '' for none (stored as null). */
export const quoteUrlSchema = z
  .string()
  .trim()
  .max(2000, 'Adresse de demande de devis invalide (2000 caractères max)')
  .refine((s) => s === '' || isHttpsUrl(s), QUOTE_URL_INVALID)
  .transform((s) => (s === '' ? null : s));

/** One site allowed to embed the viewer, as stored and written into the CSP (`parseFrameOrigin`). */
export const frameOriginSchema = z
  .string()
  .max(300, FRAME_ORIGIN_INVALID)
  .transform((s, ctx) => {
    const parsed = parseFrameOrigin(s);
    if ('origin' in parsed) return parsed.origin;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  });

const TOO_MANY_FRAME_ORIGINS = `Au plus ${MAX_FRAME_ORIGINS} sites autorisés`;

/**
 * The company's viewer settings (docs/viewer.md), changed through PUT /api/Entreprise/{id} by an Admin or
 * a Directeur: where "Demander un devis" leads, and the sites allowed to embed the viewer.
 */
export const viewerSettingsSchema = z.object({
  quoteUrl: quoteUrlSchema.nullable().optional(),
  frameOrigins: z
    .array(frameOriginSchema)
    .max(MAX_FRAME_ORIGINS, TOO_MANY_FRAME_ORIGINS)
    .transform((list) => [...new Set(list)])
    .optional(),
});
export type ViewerSettings = z.output<typeof viewerSettingsSchema>;

/**
 * The "Intégration" form (src/features/catalogue/ViewerSettingsForm.tsx): the same field schemas as the
 * route's, each site in a row of its own (react-hook-form's field arrays hold objects), so the page and
 * the server give the same French message for the same typed value.
 */
export const viewerSettingsFormSchema = z.object({
  quoteUrl: quoteUrlSchema,
  frameOrigins: z.array(z.object({ origin: frameOriginSchema })).max(MAX_FRAME_ORIGINS, TOO_MANY_FRAME_ORIGINS),
});
export type ViewerSettingsFormInput = z.input<typeof viewerSettingsFormSchema>;
export type ViewerSettingsFormOutput = z.output<typeof viewerSettingsFormSchema>;

/** The form's row for a server's field (`frameOrigins.2` → `frameOrigins.2.origin`), or the field itself. */
export function viewerSettingsFormField(serverField: string): string {
  return /^frameOrigins\.\d+$/.test(serverField) ? `${serverField}.origin` : serverField;
}
