// Product creation rules and messages (docs/product.md §2.5 and §2.9) and the server's field schema.
import { describe, expect, it } from 'vitest';

import {
  formatEuros,
  MAX_IMAGES,
  parsePrice,
  PRODUCT_MESSAGES,
  productFieldsSchema,
  productFormSchema,
} from '#domain/product';

const schema = productFormSchema<string>();
const form = (over = {}) => ({
  NomGroupeModel: 'Suspension',
  IdCategorie: 3,
  RefPrimaire: '',
  RefSecondaire: '',
  Specification: '',
  Placement: 'Sol' as const,
  PrixCatalogue: null,
  CheminImageGroupe: ['a.png'],
  Icone: null,
  Chemin_3d: null,
  Chemin_pdf: null,
  FicheCote: null,
  ...over,
});
/** The message of each field the form refuses. */
const errorsOf = (values: ReturnType<typeof form>) =>
  Object.fromEntries((schema.safeParse(values).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('productFormSchema (the product form)', () => {
  it('accepts a complete form and gives the payload its values', () => {
    expect(schema.parse(form({ NomGroupeModel: ' Suspension ', RefPrimaire: ' R1 ' }))).toMatchObject({
      NomGroupeModel: 'Suspension',
      IdCategorie: 3,
      RefPrimaire: 'R1',
      RefSecondaire: null,
    });
  });
  it("requires a category with the spec's message", () => {
    expect(errorsOf(form({ IdCategorie: null }))).toEqual({
      IdCategorie: 'Vous devez sélectionner une catégorie pour le produit.',
    });
  });
  it("requires a name with the spec's message, blanks included", () => {
    expect(errorsOf(form({ NomGroupeModel: '   ' }))).toEqual({ NomGroupeModel: 'Vous devez nommer votre produit.' });
  });
  it('both messages at once, so that the first field of the page gets the focus', () => {
    expect(Object.keys(errorsOf(form({ NomGroupeModel: '', IdCategorie: null })))).toEqual([
      'NomGroupeModel',
      'IdCategorie',
    ]);
  });
  it('does not require a placement: the page only warns (docs/product.md §2.5)', () => {
    expect(errorsOf(form({ Placement: null }))).toEqual({});
    expect(PRODUCT_MESSAGES.placement).toBe('Vous devez choisir un placement');
  });
  it('allows 20 images (or none) and refuses 21 with the message of docs/product.md §2.5', () => {
    expect(MAX_IMAGES).toBe(20);
    expect(errorsOf(form({ CheminImageGroupe: Array(20).fill('a.png') }))).toEqual({});
    expect(errorsOf(form({ CheminImageGroupe: [] }))).toEqual({});
    expect(errorsOf(form({ CheminImageGroupe: Array(21).fill('a.png') }))).toEqual({
      CheminImageGroupe: "Vous ne pouvez télécharger que jusqu'à 20 images.",
    });
  });
  it("refuses a negative price with the server's message", () => {
    expect(errorsOf(form({ PrixCatalogue: -1 }))).toEqual({ PrixCatalogue: 'Prix catalogue invalide' });
  });
});

describe('productFieldsSchema (server side of the same rules)', () => {
  const fields = {
    NomGroupeModel: ' Lampe ',
    IdCategorie: '4',
    Placement: 'Mur',
    PrixCatalogue: '1 234,50',
    RefPrimaire: '',
    Specification: 'x',
  };
  it('parses the multipart text fields', () => {
    expect(productFieldsSchema.parse(fields)).toEqual({
      NomGroupeModel: 'Lampe',
      IdCategorie: 4,
      Placement: 'Mur',
      PrixCatalogue: 1234.5,
      RefPrimaire: null,
      RefSecondaire: null,
      Specification: 'x',
    });
  });
  it("answers the spec's messages for a missing name or category", () => {
    const r = productFieldsSchema.safeParse({ ...fields, NomGroupeModel: '', IdCategorie: '' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain('Vous devez nommer votre produit.');
    expect(messages).toContain('Vous devez sélectionner une catégorie pour le produit.');
  });
  it('accepts only Sol, Plafond or Mur as placement, or none', () => {
    for (const p of ['Sol', 'Plafond', 'Mur', ''])
      expect(productFieldsSchema.safeParse({ ...fields, Placement: p }).success).toBe(true);
    expect(productFieldsSchema.safeParse({ ...fields, Placement: 'Toit' }).success).toBe(false);
  });
  it('refuses a negative or unreadable price', () => {
    expect(productFieldsSchema.safeParse({ ...fields, PrixCatalogue: '-3' }).success).toBe(false);
    expect(productFieldsSchema.safeParse({ ...fields, PrixCatalogue: 'douze' }).error?.issues[0].message).toBe(
      'Prix catalogue invalide',
    );
  });
});

describe('prices in euros', () => {
  it('reads French and dotted decimals', () => {
    expect(parsePrice('1 249,90 €')).toBe(1249.9);
    expect(parsePrice('12.5')).toBe(12.5);
    expect(parsePrice('')).toBeNull();
    expect(Number.isNaN(parsePrice('1,2,3'))).toBe(true);
  });
  it('formats in fr-FR', () => {
    expect(formatEuros(1234.5).replace(/\s/g, ' ')).toBe('1 234,50 €');
    expect(formatEuros(null)).toBe('—');
  });
});
