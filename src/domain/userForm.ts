// The user-creation rules of docs/product.md §2.5, with their exact messages. One set of zod schemas used by
// the creation form, the password-change modal, the inline edits AND the server.
import { z } from 'zod';

import { dbId } from './dbId';
import { DIGIT, PASSWORD_SPECIAL, UPPERCASE } from './patterns';
import { mailSchema, mobileSchema, nomSchema, prenomSchema } from './person';
import { boundedText } from './text';

export const PASSWORD_HINT = 'Minimum 10 caractères, une majuscule, un chiffre et un caractère spécial';
/** The special characters the password must contain one of (docs/product.md §2.9). */
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';

/** Mails are unique whatever their case: a user's is stored and compared lower-cased. */
export const userMailSchema = mailSchema.transform((s) => s.toLowerCase());

// Checks run in the spec's order; the first one that fails gives the field its message (each later one is
// skipped: abort). Written as lengths and patterns so that the API document states the policy (issue 21).
const PASSWORD_LENGTH = 'Mot de passe invalide (10 à 255 caractères)';
export const passwordSchema = z
  .string({ error: 'Mot de passe requis' })
  .min(1, 'Mot de passe requis')
  .min(10, { error: PASSWORD_LENGTH, abort: true })
  .max(255, { error: PASSWORD_LENGTH, abort: true })
  .regex(UPPERCASE, { error: 'Le mot de passe doit contenir au moins une majuscule', abort: true })
  .regex(DIGIT, { error: 'Le mot de passe doit contenir au moins un chiffre', abort: true })
  .regex(PASSWORD_SPECIAL, { error: 'Le mot de passe doit contenir au moins un caractère spécial', abort: true });

export const PASSWORD_MISMATCH = 'Les mots de passe ne correspondent pas';

export const fonctionSchema = boundedText({ max: 255, invalid: 'Fonction invalide (255 caractères max)' });

const id = (message: string) => dbId(message);

/** POST /api/User/create body (docs/product.md §2.3). Role, company and function are not validated beyond their type. */
export const userCreateSchema = z.object({
  EntrepriseId: id('Entreprise requise'),
  RoleId: id('Rôle requis'),
  Nom: nomSchema,
  Prenom: prenomSchema,
  Mail: userMailSchema,
  Password: passwordSchema,
  ManagerId: id('Manager invalide').nullish(),
  Fonction: fonctionSchema.nullish(),
  Mobile: mobileSchema,
  IsActive: z.boolean().default(true),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

/** The creation form's values: strings as typed, the confirmation included. */
export interface UserFormValues {
  roleId: number | null;
  fonction: string;
  nom: string;
  prenom: string;
  mail: string;
  mobile: string;
  managerId: number | null;
  password: string;
  confirmation: string;
  isActive: boolean;
}
export type UserFormField = keyof UserFormValues;

export const emptyUserForm = (): UserFormValues => ({
  roleId: null,
  fonction: '',
  nom: '',
  prenom: '',
  mail: '',
  mobile: '',
  managerId: null,
  password: '',
  confirmation: '',
  isActive: true,
});

function firstError(schema: z.ZodType, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
}

/** The message of one field of the form, or undefined when it is valid. */
export function userFieldError(field: UserFormField, values: UserFormValues): string | undefined {
  switch (field) {
    case 'nom':
      return firstError(nomSchema, values.nom);
    case 'prenom':
      return firstError(prenomSchema, values.prenom);
    case 'mail':
      return firstError(userMailSchema, values.mail);
    case 'mobile':
      return firstError(mobileSchema, values.mobile);
    case 'password':
      return firstError(passwordSchema, values.password);
    case 'confirmation':
      return values.confirmation === values.password ? undefined : PASSWORD_MISMATCH;
    default:
      return undefined;
  }
}

const CHECKED: UserFormField[] = ['nom', 'prenom', 'mail', 'mobile', 'password', 'confirmation'];

/** Every field message of the form: submission is blocked while this is not empty. */
export function userFormErrors(values: UserFormValues): Partial<Record<UserFormField, string>> {
  const errors: Partial<Record<UserFormField, string>> = {};
  for (const f of CHECKED) {
    const message = userFieldError(f, values);
    if (message) errors[f] = message;
  }
  return errors;
}

/** The create payload of the form, for a chosen company. */
export function toCreatePayload(values: UserFormValues, entrepriseId: number): UserCreateInput {
  return {
    EntrepriseId: entrepriseId,
    RoleId: values.roleId ?? 0,
    Nom: values.nom.trim(),
    Prenom: values.prenom.trim(),
    Mail: values.mail.trim(),
    Password: values.password,
    ManagerId: values.managerId,
    Fonction: values.fonction.trim() || null,
    Mobile: values.mobile.trim(),
    IsActive: values.isActive,
  };
}

/** Server field names of a 400 answer, back to the form's fields. */
export const createFieldOf: Record<string, UserFormField> = {
  RoleId: 'roleId',
  Nom: 'nom',
  Prenom: 'prenom',
  Mail: 'mail',
  Mobile: 'mobile',
  Password: 'password',
  ManagerId: 'managerId',
  Fonction: 'fonction',
};

/** PUT /api/User/{id}/password body. */
export const passwordChangeSchema = z.object({ newPassword: passwordSchema });

/** The password-change modal: new password and confirmation, the creation form's rules. */
export function passwordChangeErrors(
  newPassword: string,
  confirmation: string,
): { newPassword?: string; confirmation?: string } {
  const out: { newPassword?: string; confirmation?: string } = {};
  const p = firstError(passwordSchema, newPassword);
  if (p) out.newPassword = p;
  if (confirmation !== newPassword) out.confirmation = PASSWORD_MISMATCH;
  return out;
}

/** The inline-editable fields of docs/product.md §2.2.16, each with its body schema (PUT /api/User/{id}/{field}). */
export const inlineFieldSchemas = {
  fonction: z.object({ fonction: fonctionSchema }),
  nom: z.object({ nom: nomSchema }),
  prenom: z.object({ prenom: prenomSchema }),
  mail: z.object({ mail: userMailSchema }),
  mobile: z.object({ mobile: mobileSchema }),
} as const;
export type InlineField = keyof typeof inlineFieldSchemas;
export const INLINE_FIELDS = Object.keys(inlineFieldSchemas) as InlineField[];

/** The message of one inline edit, or undefined. */
export function inlineFieldError(field: InlineField, value: string): string | undefined {
  const r = inlineFieldSchemas[field].safeParse({ [field]: value });
  return r.success ? undefined : r.error.issues[0]?.message;
}
