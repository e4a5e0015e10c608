// Spec 2 section 5: every customer creation and edit rule with its exact message, plus the list helpers.
import { describe, expect, it } from 'vitest';

import { customerCreateSchema, customerEditSchema } from '#domain/customer';
import { customerStats, matchesCustomerSearch, propositionCountLabel } from '#domain/customerList';

const valid = {
  nom: 'Lefèvre-Dupont',
  prenom: 'Anaïs Marie',
  mail: 'a@b.fr',
  mobile: '0612345678',
  compagny: 'SARL Lilas',
};
/** The first message of each field of a failed parse, as the form shows them. */
const errorsOf = (schema: typeof customerCreateSchema | typeof customerEditSchema, value: object) => {
  const r = schema.safeParse(value);
  const out: Record<string, string> = {};
  for (const issue of r.error?.issues ?? []) out[issue.path.join('.') || '_'] ??= issue.message;
  return out;
};

describe('customer creation rules', () => {
  it('accepts a valid customer, with accents, spaces and hyphens in names and no optional field', () => {
    const r = customerCreateSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ adress: null, city: null, postalCode: null, commentaire: null });
  });

  it.each([
    ['nom', undefined, 'Nom requis'],
    ['nom', '', 'Nom requis'],
    ['nom', '  ', 'Nom requis'],
    ['nom', 'Dupont3', 'Nom invalide (50 caractères max, lettres et espaces seulement)'],
    ['nom', "O'Neil", 'Nom invalide (50 caractères max, lettres et espaces seulement)'],
    ['nom', 'a'.repeat(51), 'Nom invalide (50 caractères max, lettres et espaces seulement)'],
    ['prenom', undefined, 'Prénom requis'],
    ['prenom', '', 'Prénom requis'],
    ['prenom', 'Zoé_', 'Prénom invalide (50 caractères max, lettres et espaces seulement)'],
    ['prenom', 'é'.repeat(51), 'Prénom invalide (50 caractères max, lettres et espaces seulement)'],
    ['mail', undefined, 'Email requis'],
    ['mail', '', 'Email requis'],
    ['mail', 'a@b', 'Email invalide'],
    ['mail', 'a b@c.fr', 'Email invalide'],
    ['mail', `${'a'.repeat(251)}@b.fr`, 'Email invalide'],
    ['mobile', undefined, 'Numéro de mobile requis'],
    ['mobile', '', 'Numéro de mobile requis'],
    ['mobile', '061234567', 'Numéro de mobile invalide (10 chiffres)'],
    ['mobile', '06123456789', 'Numéro de mobile invalide (10 chiffres)'],
    ['mobile', '06 12 34 56', 'Numéro de mobile invalide (10 chiffres)'],
    ['compagny', undefined, "Nom de l'entreprise requis"],
    ['compagny', ' ', "Nom de l'entreprise requis"],
  ])('%s = %j gives "%s"', (field, value, message) => {
    expect(errorsOf(customerCreateSchema, { ...valid, [field]: value })[field]).toBe(message);
  });

  it('accepts exactly 50 letters and 255 characters of mail', () => {
    expect(
      customerCreateSchema.safeParse({ ...valid, nom: 'é'.repeat(50), mail: `${'a'.repeat(249)}@b.fr` }).success,
    ).toBe(true);
  });

  it('keeps the optional fields optional, blank ones stored as null', () => {
    const r = customerCreateSchema.parse({
      ...valid,
      adress: ' ',
      city: 'Lyon',
      postalCode: '',
      commentaire: 'Directeur',
    });
    expect(r).toMatchObject({ adress: null, city: 'Lyon', postalCode: null, commentaire: 'Directeur' });
  });
});

describe('customer edit rules', () => {
  const edit = { nom: 'Martin', prenom: 'Zoé', mail: 'z@b.fr' };
  it('requires nom, prenom and mail only', () => {
    expect(customerEditSchema.safeParse(edit).success).toBe(true);
    expect(errorsOf(customerEditSchema, { ...edit, nom: '' }).nom).toBe('Nom requis');
    expect(errorsOf(customerEditSchema, { ...edit, prenom: '' }).prenom).toBe('Prénom requis');
    expect(errorsOf(customerEditSchema, { ...edit, mail: '' }).mail).toBe('Email requis');
  });

  it('expects a 5-digit postal code, trimmed', () => {
    expect(customerEditSchema.parse({ ...edit, postalCode: ' 69002 ' }).postalCode).toBe('69002');
    expect(errorsOf(customerEditSchema, { ...edit, postalCode: '6900' }).postalCode).toBe(
      'Code postal invalide (5 chiffres)',
    );
    expect(errorsOf(customerEditSchema, { ...edit, postalCode: '690021' }).postalCode).toBe(
      'Code postal invalide (5 chiffres)',
    );
  });

  it('checks a given mobile for 10 digits', () => {
    expect(errorsOf(customerEditSchema, { ...edit, mobile: '123' }).mobile).toBe(
      'Numéro de mobile invalide (10 chiffres)',
    );
    expect(customerEditSchema.parse({ ...edit, mobile: '0611223344' }).mobile).toBe('0611223344');
  });
});

describe('customer list helpers', () => {
  const list = [
    { nom: 'Bernard', prenom: 'Camille', mail: 'camille@exemple.fr', propositionCount: 3 },
    { nom: 'Robert', prenom: 'Léa', mail: 'lea.robert@exemple.fr', propositionCount: 1 },
    { nom: 'Leroy', prenom: 'Gabriel', mail: 'g.leroy@exemple.fr', propositionCount: 0 },
  ];

  it('searches nom, prenom and mail, ignoring case and accents', () => {
    const find = (q: string) => list.filter((c) => matchesCustomerSearch(c, q)).map((c) => c.nom);
    expect(find('BERN')).toEqual(['Bernard']);
    expect(find('lea')).toEqual(['Robert']);
    expect(find('LÉA')).toEqual(['Robert']);
    expect(find('g.leroy@')).toEqual(['Leroy']);
    expect(find('  ')).toHaveLength(3);
    expect(find('inconnu')).toEqual([]);
  });

  it('computes the four cards', () => {
    expect(customerStats(list)).toEqual({ totalClients: 3, totalPropositions: 4, active: 2, withoutProposition: 1 });
    expect(customerStats([])).toEqual({ totalClients: 0, totalPropositions: 0, active: 0, withoutProposition: 0 });
  });

  it('words the proposition badge', () => {
    expect(propositionCountLabel(0)).toBe('Aucune proposition');
    expect(propositionCountLabel(1)).toBe('1 proposition');
    expect(propositionCountLabel(4)).toBe('4 propositions');
  });
});
