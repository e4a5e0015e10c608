// Licences and licence types as the API answers them, and their payloads (docs/product.md §2.3 and §2.7).
import { z } from 'zod';

import { dbId } from './dbId';
import { boundedText } from './text';

export const licenceTypeSchema = z.object({ typeLicenceId: z.number(), type: z.string() });
export type LicenceType = z.infer<typeof licenceTypeSchema>;

export const licenceSchema = z.object({
  licenceId: z.number(),
  userId: z.number(),
  typeLicenceId: z.number(),
  type: z.string(),
  typeLicenceList: licenceTypeSchema,
  /** null for a reader who is neither Admin nor the licence's user (docs/permissions.md). */
  licenceKey: z.string().nullable(),
  dateActivation: z.string().nullable(),
  dateExpiration: z.string().nullable(),
  createdAt: z.string(),
  macAdress: z.string().nullable(),
});
export type Licence = z.infer<typeof licenceSchema>;

/**
 * A licence's dates lie in these years (UTC). Beyond the sense of it, the database driver reads a timestamp
 * before the year 1000 back as an invalid date: such a date once stored broke every read of the licence.
 */
export const LICENCE_YEARS = { min: 1900, max: 9999 } as const;

// A date as the app sends it (ISO 8601 date-time with Z or an offset, or a date only: a real calendar
// day, so that the API document can say it), in LICENCE_YEARS; null clears it.
const dateField = (message: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: message })
    .refine(
      (s) => {
        const year = new Date(s).getUTCFullYear();
        return year >= LICENCE_YEARS.min && year <= LICENCE_YEARS.max;
      },
      { error: message },
    )
    .nullish();

const id = (message: string) => dbId(message);

/** POST /api/Licence (the contract's variant: UserId, TypeLicenceId, Type, LicenceKey, DateActivation, DateExpiration, CreatedAt). */
export const licenceCreateSchema = z.object({
  UserId: id('Utilisateur requis'),
  TypeLicenceId: id('Type de licence requis'),
  Type: boundedText({ max: 100, invalid: 'Type de licence invalide' }).nullish(),
  LicenceKey: boundedText({ required: 'Clé de licence requise', max: 255, invalid: 'Clé de licence invalide' }),
  DateActivation: dateField("Date d'activation invalide"),
  DateExpiration: dateField("Date d'expiration invalide"),
  CreatedAt: boundedText({ max: 64, invalid: 'Date de création invalide' }).nullish(),
});
export type LicenceCreateInput = z.input<typeof licenceCreateSchema>;

/** PUT /api/Licence/{id}: the new expiry (other fields of the older full-object variant are ignored). */
export const licenceExpiryUpdateSchema = z.looseObject({
  LicenceId: dbId().optional(),
  DateExpiration: dateField("Date d'expiration invalide"),
});

/** PUT /api/Licence/{id}/dateactivation. */
export const licenceActivationUpdateSchema = z.object({
  LicenceId: dbId().optional(),
  DateActivation: dateField("Date d'activation invalide"),
});

export const LICENCE_DATE_MESSAGES = {
  expiryBeforeActivation: "La date d'expiration doit suivre la date d'activation",
  activationAfterExpiry: "La date d'activation doit précéder la date d'expiration",
  expiryInPast: "La date d'expiration ne peut pas être dans le passé",
} as const;

/**
 * How far in the past an expiry may still be set: "now" as the Admin's clock saw it when he clicked (the
 * way to end a licence at once), allowing for a slow request or a clock a little behind the server's.
 */
export const EXPIRY_PAST_TOLERANCE_MS = 5 * 60_000;

/** A licence lets its user in when its activation date has passed and its expiry has not. */
export function licenceInForce(l: Pick<Licence, 'dateActivation' | 'dateExpiration'>, now = new Date()): boolean {
  if (!l.dateActivation || Date.parse(l.dateActivation) > now.getTime()) return false;
  return !l.dateExpiration || Date.parse(l.dateExpiration) > now.getTime();
}
