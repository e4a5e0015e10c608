// Product creation rules and messages (docs/product.md §2.5 and §2.9) and the server's field schema.
import { describe, expect, it } from 'vitest';

import {
  formatEuros,
  MAX_IMAGES,
  parsePrice,
  productFieldsSchema,
  validateProductForm,
} from '../../src/domain/product';

const form = (over = {}) => ({ nom: 'Suspension', idCategorie: 3, placement: 'Sol' as const, images: [1], ...over });

describe('validateProductForm', () => {
  it('accepts a complete form without warning', () => {
    expect(validateProductForm(form())).toEqual({ errors: {}, warning: null });
  });
  it("requires a category with the spec's message", () => {
    expect(validateProductForm(form({ idCategorie: null })).errors.categorie).toBe(
      'Vous devez sélectionner une catégorie pour le produit.',
    );
  });
  it("requires a name with the spec's message, blanks included", () => {
    expect(validateProductForm(form({ nom: '   ' })).errors.nom).toBe('Vous devez nommer votre produit.');
  });
  it('only warns when no placement is chosen: the submission proceeds', () => {
    const r = validateProductForm(form({ placement: null }));
    expect(r.errors).toEqual({});
    expect(r.warning).toBe('Vous devez choisir un placement');
  });
  it('allows 20 images and refuses 21 with the message of docs/product.md §2.5', () => {
    expect(MAX_IMAGES).toBe(20);
    expect(validateProductForm(form({ images: Array(20).fill(0) })).errors.images).toBeUndefined();
    expect(validateProductForm(form({ images: Array(21).fill(0) })).errors.images).toBe(
      "Vous ne pouvez télécharger que jusqu'à 20 images.",
    );
  });
  it('asks for at least one image', () => {
    expect(validateProductForm(form({ images: [] })).errors.images).toBeUndefined();
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
