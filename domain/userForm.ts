// The user-creation rules of docs/product.md §2.5, with their exact messages. One set of zod schemas used by
// the creation form, the password-change modal, the inline edits AND the server.
import { z } from 'zod';

import { dbId } from './dbId';
import { DIGIT, PASSWORD_SPECIAL, UPPERCASE } from './patterns';
import { mailSchema, mobileSchema, nomSchema, prenomSchema } from './person';
import { boundedText } from './text';

export const PASSWORD_MISMATCH = 'Les mots de passe ne correspondent pas';
export const PASSWORD_HINT = 'Minimum 10 caractères, une majuscule, un chiffre et un caractère spécial';
/** The special characters the password must contain one of (docs/product.md §2.9). */
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';

/** Mails are unique whatever their case: a user's is stored and compared lower-cased. */
export const userMailSchema = mailSchema.transform((s) => s.toLowerCase());

// Checks run in the order of docs/product.md; the first one that fails gives the field its message (each later one is
// skipped: abort). Written as lengths and patterns so that the API document states the policy.
const PASSWORD_LENGTH = 'Mot de passe invalide (10 à 255 caractères)';
export const passwordSchema = z
  .string({ error: 'Mot de passe requis' })
  .min(1, 'Mot de passe requis')
  .min(10, { error: PASSWORD_LENGTH, abort: true })
  .max(255, { error: PASSWORD_LENGTH, abort: true })
  .regex(UPPERCASE, { error: 'Le mot de passe doit contenir au moins une majuscule', abort: true })
  .regex(DIGIT, { error: 'Le mot de passe doit contenir au moins un chiffre', abort: true })
  .regex(PASSWORD_SPECIAL, { error: 'Le mot de passe doit contenir au moins un caractère spécial', abort: true });

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

/**
 * The confirmation equal to the password. Parsed beside the fields (an intersection), not as a refinement
 * of their object: a refused password aborts its object's refinements, and the mismatch must still show.
 */
export const passwordConfirmation = <K extends string>(password: K) =>
  z.object({ [password]: z.string(), confirmation: z.string() } as Record<K | 'confirmation', z.ZodString>).refine(
    (v) => {
      const values = v as unknown as Record<string, string>;
      return values.confirmation === values[password];
    },
    { path: ['confirmation'], error: PASSWORD_MISMATCH },
  );

/** The creation form's rules: each field's the server's, and the confirmation equal to the password. */
export const userFormSchema = z.intersection(
  z.object({
    roleId: z.number().nullable(),
    fonction: fonctionSchema,
    nom: nomSchema,
    prenom: prenomSchema,
    mail: userMailSchema,
    mobile: mobileSchema,
    managerId: z.number().nullable(),
    password: passwordSchema,
    isActive: z.boolean(),
  }),
  passwordConfirmation('password'),
);

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
export const passwordChangeFormSchema = z.intersection(passwordChangeSchema, passwordConfirmation('newPassword'));

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
