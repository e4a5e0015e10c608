// A new company (POST /api/Entreprise, spec 2 sections 2.14 and 3): name, address, 10-digit phone, SIRET.
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from './analytics/zone';

/** SIRET: 14 digits whose Luhn sum is a multiple of 10 (La Poste's establishments: digit sum a multiple of 5). */
export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
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

/** An IANA time zone the runtime knows ("Europe/Paris"). */
export const timeZoneSchema = z
  .string({ error: 'Fuseau horaire invalide' })
  .trim()
  .refine(isTimeZone, 'Fuseau horaire invalide (nom IANA, par exemple Europe/Paris)');

export { DEFAULT_TIME_ZONE };

export const entrepriseCreateSchema = z.object({
  NomEntreprise: z
    .string({ error: "Nom de l'entreprise requis" })
    .trim()
    .min(1, "Nom de l'entreprise requis")
    .max(255, "Nom de l'entreprise invalide (255 caractères max)"),
  Adresse: z.string().trim().max(500, 'Adresse invalide (500 caractères max)').nullish(),
  Telephone: z
    .string({ error: 'Numéro de téléphone requis' })
    .trim()
    .min(1, 'Numéro de téléphone requis')
    .regex(/^\d{10}$/, 'Numéro de téléphone invalide (10 chiffres)'),
  Siret: z
    .string({ error: 'SIRET requis' })
    .transform((s) => s.replace(/\s+/g, ''))
    .refine((s) => s.length > 0, 'SIRET requis')
    .refine(isValidSiret, 'SIRET invalide (14 chiffres avec une clé valide)'),
  /** The dashboard's reporting time zone (IANA name); Europe/Paris when absent. */
  TimeZone: timeZoneSchema.optional(),
});
export type EntrepriseCreateInput = z.input<typeof entrepriseCreateSchema>;

export const entrepriseCreatedSchema = z.object({
  entrepriseId: z.number(),
  nomEntreprise: z.string(),
  adresse: z.string().nullable(),
  telephone: z.string().nullable(),
  siret: z.string().nullable(),
  dateValidCatalogue: z.string().nullable(),
  timeZone: z.string(),
});

/** Every field message of the new-company form. */
export function entrepriseFormErrors(values: EntrepriseCreateInput): Record<string, string> {
  const r = entrepriseCreateSchema.safeParse(values);
  const out: Record<string, string> = {};
  if (!r.success) for (const issue of r.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}
