// The rules of a person's name, mail and mobile (docs/product.md §2.5), the same for a customer and a user:
// one place for their patterns, limits and French messages.
import { z } from 'zod';

import { MAIL, NAME, OPTIONAL_TEN_DIGITS, TEN_DIGITS } from './patterns';
import { boundedText } from './text';

export const PERSON_MESSAGES = {
  nomRequired: 'Nom requis',
  nomInvalid: 'Nom invalide (50 caractères max, lettres et espaces seulement)',
  prenomRequired: 'Prénom requis',
  prenomInvalid: 'Prénom invalide (50 caractères max, lettres et espaces seulement)',
  mailRequired: 'Email requis',
  mailInvalid: 'Email invalide',
  mobileRequired: 'Numéro de mobile requis',
  mobileInvalid: 'Numéro de mobile invalide (10 chiffres)',
} as const;

const personName = (required: string, invalid: string) => boundedText({ required, max: 50, invalid, pattern: NAME });

export const nomSchema = personName(PERSON_MESSAGES.nomRequired, PERSON_MESSAGES.nomInvalid);
export const prenomSchema = personName(PERSON_MESSAGES.prenomRequired, PERSON_MESSAGES.prenomInvalid);

/** A mail as typed (trimmed); a user's is further lower-cased (domain/userForm.ts). */
export const mailSchema = boundedText({
  required: PERSON_MESSAGES.mailRequired,
  max: 255,
  invalid: PERSON_MESSAGES.mailInvalid,
  pattern: MAIL,
});

export const mobileSchema = boundedText({
  required: PERSON_MESSAGES.mobileRequired,
  max: 10,
  invalid: PERSON_MESSAGES.mobileInvalid,
  pattern: TEN_DIGITS,
});

/** A mobile that may be left empty (a customer's edit) but, when given, is 10 digits; empty gives ''. */
export const optionalMobileSchema = z
  .string()
  .trim()
  .max(10, { error: PERSON_MESSAGES.mobileInvalid, abort: true })
  .regex(OPTIONAL_TEN_DIGITS, PERSON_MESSAGES.mobileInvalid)
  .nullish()
  .transform((v) => v ?? '');
