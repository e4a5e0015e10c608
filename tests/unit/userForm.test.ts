// Every user-creation rule and message of docs/product.md §2.5, and the SIRET / phone rules of a new company.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { entrepriseCreateSchema, isValidSiret } from '#domain/entreprise';
import {
  emptyUserForm,
  inlineFieldSchemas,
  PASSWORD_HINT,
  passwordChangeFormSchema,
  toCreatePayload,
  userCreateSchema,
  userFormSchema,
  type UserFormValues,
} from '#domain/userForm';

const valid: UserFormValues = {
  ...emptyUserForm(),
  roleId: 4,
  nom: 'Lefèvre',
  prenom: 'Jean-Éric',
  mail: 'jean@exemple.fr',
  mobile: '0612345678',
  password: 'Motdepasse1!',
  confirmation: 'Motdepasse1!',
};
/** The first message of each field of a failed parse, as the forms show them. */
const messagesOf = (schema: z.ZodType, value: unknown) => {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
};
const userFormErrors = (values: UserFormValues) => messagesOf(userFormSchema, values);
const err = (field: keyof UserFormValues, value: string, base = valid): string | undefined =>
  userFormErrors({ ...base, [field]: value })[field];
const inlineFieldError = (field: keyof typeof inlineFieldSchemas, value: string): string | undefined =>
  messagesOf(inlineFieldSchemas[field], { [field]: value })[field];

describe('user form rules', () => {
  it('accepts a valid form, the activation box checked by default', () => {
    expect(userFormErrors(valid)).toEqual({});
    expect(emptyUserForm().isActive).toBe(true);
    expect(PASSWORD_HINT).toBe('Minimum 10 caractères, une majuscule, un chiffre et un caractère spécial');
  });

  it('nom and prénom: required, 50 letters max, accents, spaces and hyphens', () => {
    expect(err('nom', '')).toBe('Nom requis');
    expect(err('nom', '   ')).toBe('Nom requis');
    expect(err('nom', 'Dupont2')).toBe('Nom invalide (50 caractères max, lettres et espaces seulement)');
    expect(err('nom', 'a'.repeat(51))).toBe('Nom invalide (50 caractères max, lettres et espaces seulement)');
    expect(err('nom', 'a'.repeat(50))).toBeUndefined();
    expect(err('nom', 'Le Gall-Brûlé')).toBeUndefined();
    expect(err('prenom', '')).toBe('Prénom requis');
    expect(err('prenom', "O'Neil")).toBe('Prénom invalide (50 caractères max, lettres et espaces seulement)');
    expect(err('prenom', 'Zoé')).toBeUndefined();
  });

  it('email: required, 255 max, basic address shape', () => {
    expect(err('mail', '')).toBe('Email requis');
    expect(err('mail', 'jean@')).toBe('Email invalide');
    expect(err('mail', 'jean exemple@x.fr')).toBe('Email invalide');
    expect(err('mail', `${'a'.repeat(251)}@x.fr`)).toBe('Email invalide');
    expect(err('mail', `${'a'.repeat(250)}@x.fr`)).toBeUndefined();
    expect(err('mail', 'Jean.Dupont@Exemple.FR')).toBeUndefined();
  });

  it('mobile: required, exactly 10 digits', () => {
    expect(err('mobile', '')).toBe('Numéro de mobile requis');
    expect(err('mobile', '061234567')).toBe('Numéro de mobile invalide (10 chiffres)');
    expect(err('mobile', '06123456789')).toBe('Numéro de mobile invalide (10 chiffres)');
    expect(err('mobile', '06 12 34 56')).toBe('Numéro de mobile invalide (10 chiffres)');
    expect(err('mobile', '0612345678')).toBeUndefined();
  });

  it('password: required, 10 to 255, an uppercase, a digit, a special character, in that order', () => {
    expect(err('password', '')).toBe('Mot de passe requis');
    expect(err('password', 'Abc1!')).toBe('Mot de passe invalide (10 à 255 caractères)');
    expect(err('password', `A1!${'a'.repeat(253)}`)).toBe('Mot de passe invalide (10 à 255 caractères)');
    expect(err('password', `A1!${'a'.repeat(252)}`)).toBeUndefined();
    expect(err('password', 'motdepasse1!')).toBe('Le mot de passe doit contenir au moins une majuscule');
    expect(err('password', 'Motdepasse!')).toBe('Le mot de passe doit contenir au moins un chiffre');
    expect(err('password', 'Motdepasse1')).toBe('Le mot de passe doit contenir au moins un caractère spécial');
    expect(err('password', 'Motdepasse1_')).toBe('Le mot de passe doit contenir au moins un caractère spécial');
    for (const c of '!@#$%^&*(),.?":{}|<>') expect(err('password', `Motdepasse1${c}`), c).toBeUndefined();
  });

  it('confirmation must equal the password', () => {
    expect(err('confirmation', 'Autre1!xxxx')).toBe('Les mots de passe ne correspondent pas');
    expect(userFormErrors({ ...valid, confirmation: '' })).toEqual({
      confirmation: 'Les mots de passe ne correspondent pas',
    });
  });

  it('an empty form has a message on every checked field (submit is blocked)', () => {
    expect(userFormErrors(emptyUserForm())).toEqual({
      nom: 'Nom requis',
      prenom: 'Prénom requis',
      mail: 'Email requis',
      mobile: 'Numéro de mobile requis',
      password: 'Mot de passe requis',
    });
  });

  it('builds the spec create payload, accepted by the server schema with a lower-cased mail', () => {
    const body = toCreatePayload({ ...valid, mail: 'Jean@Exemple.FR', managerId: 7, fonction: ' Vendeur ' }, 3);
    expect(body).toEqual({
      EntrepriseId: 3,
      RoleId: 4,
      Nom: 'Lefèvre',
      Prenom: 'Jean-Éric',
      Mail: 'Jean@Exemple.FR',
      Password: 'Motdepasse1!',
      ManagerId: 7,
      Fonction: 'Vendeur',
      Mobile: '0612345678',
      IsActive: true,
    });
    const parsed = userCreateSchema.parse(body);
    expect(parsed.Mail).toBe('jean@exemple.fr');
    expect(userCreateSchema.parse({ ...body, IsActive: undefined }).IsActive).toBe(true);
  });

  it('the password change modal and the inline edits use the same rules', () => {
    const passwordChangeErrors = (newPassword: string, confirmation: string) =>
      messagesOf(passwordChangeFormSchema, { newPassword, confirmation });
    expect(passwordChangeErrors('Motdepasse1!', 'Motdepasse1!')).toEqual({});
    expect(passwordChangeErrors('court', 'autre')).toEqual({
      newPassword: 'Mot de passe invalide (10 à 255 caractères)',
      confirmation: 'Les mots de passe ne correspondent pas',
    });
    expect(inlineFieldError('nom', '')).toBe('Nom requis');
    expect(inlineFieldError('mail', 'x@y')).toBe('Email invalide');
    expect(inlineFieldError('mobile', '0612')).toBe('Numéro de mobile invalide (10 chiffres)');
    expect(inlineFieldError('fonction', '')).toBeUndefined();
  });
});

describe('new company rules', () => {
  it('checks the SIRET: 14 digits with a valid Luhn key', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('44306184100047')).toBe(true);
    expect(isValidSiret('44306184100048')).toBe(false);
    expect(isValidSiret('4430618410004')).toBe(false);
    expect(isValidSiret('4430618410004a')).toBe(false);
    // La Poste's establishments: digit sum a multiple of 5.
    expect(isValidSiret('35600000049837')).toBe(true);
  });

  it('gives each field its message', () => {
    const entrepriseFormErrors = (values: object) => messagesOf(entrepriseCreateSchema, values);
    expect(entrepriseFormErrors({ NomEntreprise: '', Adresse: '', Telephone: '012', Siret: '123' })).toEqual({
      NomEntreprise: "Nom de l'entreprise requis",
      Telephone: 'Numéro de téléphone invalide (10 chiffres)',
      Siret: 'SIRET invalide (14 chiffres avec une clé valide)',
    });
    expect(
      entrepriseFormErrors({ NomEntreprise: 'Studio', Telephone: '0320000000', Siret: '443 061 841 00047' }),
    ).toEqual({});
  });
});
