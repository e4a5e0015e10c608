// Option creation rules (docs/product.md §2.5, four option types) and the payload built from the form.
import { describe, expect, it } from 'vitest';

import {
  buildOptionPayload,
  describeOption,
  emptyOptionForm,
  isBlankOptionForm,
  type OptionForm,
  optionFormSchema,
  optionPayloadSchema,
} from '#domain/option';

const form = (over: Partial<OptionForm> = {}): OptionForm => ({
  ...emptyOptionForm(),
  nomGroupe: 'Finition',
  left: 'Mat',
  right: 'Brillant',
  ...over,
});

/** The message of each value the form refuses, by its path. */
const errorsOf = (f: OptionForm) =>
  Object.fromEntries((optionFormSchema.safeParse(f).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('optionFormSchema (the option form)', () => {
  it("requires the group name with the spec's message", () => {
    expect(errorsOf(form({ nomGroupe: '  ' }))).toEqual({ nomGroupe: 'Le nom du groupe est requis' });
  });
  it('requires both values of a Bascule: the message on the first one missing', () => {
    expect(errorsOf(form())).toEqual({});
    expect(errorsOf(form({ right: '' }))).toEqual({ right: 'Les valeurs gauche et droite sont requises' });
    expect(errorsOf(form({ left: ' ', right: '' }))).toEqual({ left: 'Les valeurs gauche et droite sont requises' });
  });
  it('shows the name and the values at once', () => {
    expect(Object.keys(errorsOf(form({ nomGroupe: '', left: '' })))).toEqual(['nomGroupe', 'left']);
  });
  it('accepts a Liste of 1 to 5 non-blank items only, the message on each blank one', () => {
    const liste = (items: string[]) => errorsOf(form({ texteMode: 'Liste', items }));
    expect(liste(['1 m', '2 m', '3 m', '4 m', '5 m'])).toEqual({});
    expect(liste(['1', '2', '3', '4', '5', '6'])).toEqual({ items: 'Une liste contient au plus 5 éléments' });
    expect(liste(['1 m', ' ', ''])).toEqual({
      'items.1': 'Les éléments de la liste ne peuvent pas être vides',
      'items.2': 'Les éléments de la liste ne peuvent pas être vides',
    });
    expect(liste([])).toEqual({ items: 'Ajoutez au moins un élément à la liste' });
  });
  it('needs only the group name for a Coloris', () => {
    expect(errorsOf(form({ typeOption: 'Coloris', left: '', right: '' }))).toEqual({});
  });
  it("refuses a value over 200 characters with the server's message", () => {
    expect(errorsOf(form({ left: 'x'.repeat(201) }))).toEqual({ left: 'Valeur invalide (200 caractères max)' });
  });
});

describe('isBlankOptionForm (staged options may be sent alone)', () => {
  it('is true for an untouched form and false once anything is typed', () => {
    expect(isBlankOptionForm(emptyOptionForm())).toBe(true);
    expect(isBlankOptionForm({ ...emptyOptionForm(), items: ['x'] })).toBe(false);
    expect(isBlankOptionForm({ ...emptyOptionForm(), nomGroupe: 'x' })).toBe(false);
  });
});

describe('buildOptionPayload', () => {
  it('builds a Bascule payload with the fields of docs/product.md §2.3', () => {
    expect(buildOptionPayload(form({ nomGroupe: ' Interrupteur ', left: ' Sans ', right: 'Avec' }), 12)).toEqual({
      idModel: 12,
      typeOption: 'Texte',
      nomGroupe: 'Interrupteur',
      nom: 'Interrupteur',
      cheminIconeGroupe: null,
      cheminIcone: null,
      chemin3d: null,
      colorTag: null,
      sousNom: null,
      sousIcone: null,
      toggle: { left: 'Sans', right: 'Avec' },
      liste: null,
      idModelNavigation: null,
    });
  });
  it('builds a Liste payload with trimmed items and no toggle', () => {
    const p = buildOptionPayload(form({ texteMode: 'Liste', items: [' 1 m', '2 m '] }), 3);
    expect(p).toMatchObject({ typeOption: 'Texte', liste: ['1 m', '2 m'], toggle: null, colorTag: null });
    expect(describeOption(p)).toBe('Finition : 1 m, 2 m');
  });
  it('builds a Coloris payload carrying its palette and neither toggle nor list', () => {
    const p = buildOptionPayload(form({ typeOption: 'Coloris', colorTag: 'Métaux' }), 3);
    expect(p).toMatchObject({ typeOption: 'Coloris', colorTag: 'Métaux', toggle: null, liste: null });
  });
  it('builds payloads the server schema accepts', () => {
    for (const f of [
      form(),
      form({ texteMode: 'Liste', items: ['a', 'b'] }),
      form({ typeOption: 'Coloris', colorTag: null }),
    ])
      expect(optionPayloadSchema.safeParse(buildOptionPayload(f, 1)).success).toBe(true);
  });
});

describe('optionPayloadSchema', () => {
  it('refuses a Texte option that is neither or both Bascule and Liste', () => {
    const base = { idModel: 1, typeOption: 'Texte', nomGroupe: 'X' };
    expect(optionPayloadSchema.safeParse(base).success).toBe(false);
    expect(optionPayloadSchema.safeParse({ ...base, toggle: { left: 'a', right: 'b' }, liste: ['c'] }).success).toBe(
      false,
    );
  });
  it('refuses an unknown type', () => {
    expect(optionPayloadSchema.safeParse({ idModel: 1, typeOption: 'Autre', nomGroupe: 'X' }).success).toBe(false);
  });
});
