// A customer as the API answers it (docs/product.md §2.3), and the create / edit rules of docs/product.md §2.5,
// shared by the forms (per-field messages) and the server (400, nothing stored).
import { z } from 'zod';

import { dbId } from './dbId';
import { OPTIONAL_POSTAL_CODE } from './patterns';
import { mailSchema, mobileSchema, nomSchema, optionalMobileSchema, PERSON_MESSAGES, prenomSchema } from './person';
import { propositionSchema } from './proposition';
import { boundedText, optionalText, textInvalid } from './text';

export const customerSchema = z.object({
  customerId: z.number(),
  userId: z.number(),
  nom: z.string(),
  prenom: z.string(),
  mail: z.string(),
  mobile: z.string(),
  adress: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  commentaire: z.string().nullable(),
  compagny: z.string().nullable(),
  createdAt: z.string(),
  propositionCount: z.number(),
});
export type Customer = z.infer<typeof customerSchema>;

/** GET /api/Customers/{id}: the customer with its propositions. */
export const customerDetailSchema = customerSchema.extend({ propositions: z.array(propositionSchema) });
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const CUSTOMER_MESSAGES = {
  ...PERSON_MESSAGES,
  compagnyRequired: "Nom de l'entreprise requis",
  // Spec 2 section 9 gives the rule (5 digits) but no wording: ours follows the mobile message's pattern.
  postalCodeInvalid: 'Code postal invalide (5 chiffres)',
} as const;

/** Messages of the optional texts over their limit (or holding a control character). */
const TEXT_INVALID = {
  compagny: textInvalid("Nom de l'entreprise", 255),
  adress: textInvalid('Adresse', 255),
  city: textInvalid('Ville', 100),
  commentaire: textInvalid('Commentaire', 1000),
} as const;

/** Optional, but 5 digits once trimmed when given. */
const postalCode = z
  .string()
  .trim()
  .max(5, { error: CUSTOMER_MESSAGES.postalCodeInvalid, abort: true })
  .regex(OPTIONAL_POSTAL_CODE, CUSTOMER_MESSAGES.postalCodeInvalid)
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/Customers/NewCustomer (docs/product.md §2.5 and §2.7). createdAt is accepted and ignored: the server dates it. */
export const customerCreateSchema = z.object({
  nom: nomSchema,
  prenom: prenomSchema,
  mail: mailSchema,
  mobile: mobileSchema,
  compagny: boundedText({ required: CUSTOMER_MESSAGES.compagnyRequired, max: 255, invalid: TEXT_INVALID.compagny }),
  adress: optionalText(255, TEXT_INVALID.adress),
  city: optionalText(100, TEXT_INVALID.city),
  postalCode,
  commentaire: optionalText(1000, TEXT_INVALID.commentaire, true),
  createdAt: boundedText({ max: 64, invalid: 'Date de création invalide' }).nullish(),
});
export type CustomerCreate = z.input<typeof customerCreateSchema>;

/**
 * PUT /api/Customers/{id}: nom, prenom and mail are required (same rules as creation); the mobile stays
 * optional on this form but, when given, must be 10 digits like on creation.
 */
export const customerEditSchema = z.object({
  customerId: dbId().optional(),
  nom: nomSchema,
  prenom: prenomSchema,
  mail: mailSchema,
  mobile: optionalMobileSchema,
  adress: optionalText(255, TEXT_INVALID.adress),
  city: optionalText(100, TEXT_INVALID.city),
  postalCode,
  commentaire: optionalText(1000, TEXT_INVALID.commentaire, true),
});
export type CustomerEdit = z.input<typeof customerEditSchema>;
