// Options of a product group (docs/product.md §2.2.10, 3, 4 and 5): the form's rules and messages, the payload of
// POST /api/Option built from the form, and the server's schema of that payload.
import { z } from 'zod';

import { dbId } from './dbId';
import { HEX_COLOUR } from './patterns';
import { boundedText, optionalText, textInvalid } from './text';

export const OPTION_TYPES = ['Texte', 'Coloris'] as const;
export type OptionType = (typeof OPTION_TYPES)[number];
export const TEXTE_MODES = ['Bascule', 'Liste'] as const;
export type TexteMode = (typeof TEXTE_MODES)[number];

export const MAX_LIST_ITEMS = 5;

export const OPTION_MESSAGES = {
  nomGroupe: 'Le nom du groupe est requis',
  // The spec states the rules (non-blank, at most 5) without their wording: these are ours.
  listeVide: 'Ajoutez au moins un élément à la liste',
  listeBlank: 'Les éléments de la liste ne peuvent pas être vides',
  listeMax: 'Une liste contient au plus 5 éléments',
  bascule: 'Les valeurs gauche et droite sont requises',
  idModel: 'Produit introuvable',
  nomGroupeInvalid: 'Nom du groupe invalide (200 caractères max)',
  valeurInvalid: 'Valeur invalide (200 caractères max)',
} as const;

export interface OptionForm {
  nomGroupe: string;
  typeOption: OptionType;
  texteMode: TexteMode;
  left: string;
  right: string;
  items: string[];
  /** Coloris: the palette (nuancier) the option offers, if any. */
  colorTag: string | null;
}

export const emptyOptionForm = (): OptionForm => ({
  nomGroupe: '',
  typeOption: 'Texte',
  texteMode: 'Bascule',
  left: '',
  right: '',
  items: [''],
  colorTag: null,
});

/** The option payload of docs/product.md §2.3. idModel carries the product group of the page (its groupId). */
export interface OptionPayload {
  idModel: number;
  typeOption: OptionType;
  nomGroupe: string;
  nom: string | null;
  cheminIconeGroupe: string | null;
  cheminIcone: string | null;
  chemin3d: string | null;
  colorTag: string | null;
  sousNom: string | null;
  sousIcone: string | null;
  toggle: { left: string; right: string } | null;
  liste: string[] | null;
  idModelNavigation: null;
}

/** One value of a Bascule or a Liste: required, 200 characters at most. */
const optionValue = (required: string) => boundedText({ required, max: 200, invalid: OPTION_MESSAGES.valeurInvalid });
const nomGroupeSchema = boundedText({
  required: OPTION_MESSAGES.nomGroupe,
  max: 200,
  invalid: OPTION_MESSAGES.nomGroupeInvalid,
});

/**
 * The option form's rules (docs/product.md §2.5), the server's for each value: the group name, and the values
 * its type needs. A Bascule's message goes on the first of its two values to fix; a Liste's on each item to
 * fix (the page shows it once), or on the list when it has none or too many.
 */
export const optionFormSchema = z
  .object({
    nomGroupe: nomGroupeSchema,
    typeOption: z.enum(OPTION_TYPES),
    texteMode: z.enum(TEXTE_MODES),
    left: z.string(),
    right: z.string(),
    items: z.array(z.string()),
    colorTag: z.string().nullable(),
  })
  .superRefine((form, ctx) => {
    if (form.typeOption !== 'Texte') return;
    const check = (value: string, required: string, path: (string | number)[]) => {
      const r = optionValue(required).safeParse(value);
      if (!r.success) ctx.addIssue({ code: 'custom', path, message: r.error.issues[0].message });
      return r.success;
    };
    if (form.texteMode === 'Bascule') {
      if (check(form.left, OPTION_MESSAGES.bascule, ['left'])) check(form.right, OPTION_MESSAGES.bascule, ['right']);
      return;
    }
    if (form.items.length > MAX_LIST_ITEMS)
      ctx.addIssue({ code: 'custom', path: ['items'], message: OPTION_MESSAGES.listeMax });
    else if (form.items.length === 0)
      ctx.addIssue({ code: 'custom', path: ['items'], message: OPTION_MESSAGES.listeVide });
    else form.items.forEach((item, i) => check(item, OPTION_MESSAGES.listeBlank, ['items', i]));
  });

/** True when nothing was typed in the form (then staged options alone may be sent). */
export function isBlankOptionForm(form: OptionForm): boolean {
  return !form.nomGroupe.trim() && !form.left.trim() && !form.right.trim() && form.items.every((i) => !i.trim());
}

export function buildOptionPayload(form: OptionForm, groupId: number): OptionPayload {
  const texte = form.typeOption === 'Texte';
  return {
    idModel: groupId,
    typeOption: form.typeOption,
    nomGroupe: form.nomGroupe.trim(),
    nom: form.nomGroupe.trim(),
    cheminIconeGroupe: null,
    cheminIcone: null,
    chemin3d: null,
    colorTag: texte ? null : form.colorTag,
    sousNom: null,
    sousIcone: null,
    toggle: texte && form.texteMode === 'Bascule' ? { left: form.left.trim(), right: form.right.trim() } : null,
    liste: texte && form.texteMode === 'Liste' ? form.items.map((i) => i.trim()) : null,
    idModelNavigation: null,
  };
}

/** A one-line summary of a staged option, e.g. "Finition : Mat / Brillant". */
export function describeOption(p: OptionPayload): string {
  if (p.toggle) return `${p.nomGroupe} : ${p.toggle.left} / ${p.toggle.right}`;
  if (p.liste) return `${p.nomGroupe} : ${p.liste.join(', ')}`;
  return `${p.nomGroupe} : coloris${p.colorTag ? ` (${p.colorTag})` : ''}`;
}

const nullableText = boundedText({ max: 500, invalid: 'Texte invalide (500 caractères max)' }).nullable().optional();

/** What the server accepts on POST /api/Option (the same rules as the form). */
/** The cross-field rules of an option (the API document lists them: JSON Schema cannot say them). */
export const OPTION_RULES = [
  'Une option Texte est soit une Bascule, soit une Liste',
  "Une option Coloris n'a ni bascule ni liste",
] as const;

export const optionPayloadSchema = z
  .object({
    idModel: dbId(OPTION_MESSAGES.idModel),
    typeOption: z.enum(OPTION_TYPES),
    nomGroupe: nomGroupeSchema,
    nom: nullableText,
    cheminIconeGroupe: nullableText,
    cheminIcone: nullableText,
    chemin3d: nullableText,
    colorTag: nullableText,
    sousNom: nullableText,
    sousIcone: nullableText,
    toggle: z
      .object({ left: optionValue(OPTION_MESSAGES.bascule), right: optionValue(OPTION_MESSAGES.bascule) })
      .nullable()
      .optional(),
    liste: z
      .array(optionValue(OPTION_MESSAGES.listeBlank))
      .min(1, OPTION_MESSAGES.listeVide)
      .max(MAX_LIST_ITEMS, OPTION_MESSAGES.listeMax)
      .nullable()
      .optional(),
    idModelNavigation: z.unknown().optional(),
  })
  .superRefine((o, ctx) => {
    if (o.typeOption === 'Texte' && !o.toggle === !o.liste)
      ctx.addIssue({ code: 'custom', path: ['toggle'], message: OPTION_RULES[0] });
    if (o.typeOption === 'Coloris' && (o.toggle || o.liste))
      ctx.addIssue({ code: 'custom', path: ['typeOption'], message: OPTION_RULES[1] });
  });

/** An option as the API answers it. */
export const optionSchema = z.object({
  id: z.number(),
  idGroupeModel: z.number(),
  typeOption: z.string(),
  nomGroupe: z.string(),
  nom: z.string().nullable(),
  colorTag: z.string().nullable(),
  toggle: z.object({ left: z.string(), right: z.string() }).nullable(),
  liste: z.array(z.string()).nullable(),
});
export type Option = z.infer<typeof optionSchema>;

/** Sub-options (docs/product.md §2.3: SousNom, SousIcone, IdModel) and the defaults stored when a model has no subdivision. */
export const SOUS_OPTION_MESSAGES = { sousNom: 'Le nom de la subdivision est requis' } as const;

/** A row of the subdivisions table (/sousdiv), as POST /api/SousOption/batch checks it. */
export const sousOptionRowSchema = z.object({
  sousNom: boundedText({
    required: SOUS_OPTION_MESSAGES.sousNom,
    max: 200,
    invalid: textInvalid('Nom de la subdivision', 200),
  }),
  tailles: optionalText(500, textInvalid('Tailles', 500)),
});
export const DEFAULT_SOUS_OPTIONS = [{ sousNom: 'Standard', tailles: 'Toutes' }] as const;

export const sousOptionSchema = z.object({
  id: z.number(),
  idGroupeModel: z.number(),
  sousNom: z.string(),
  sousIcone: z.string().nullable(),
  tailles: z.string().nullable(),
});
export type SousOption = z.infer<typeof sousOptionSchema>;

/** A colour (docs/product.md §2.3: nom or nomCouleur, description), part of a palette (nuancier). */
export const COULEUR_MESSAGES = {
  nuancier: 'Le nom du nuancier est requis',
  couleurs: 'Ajoutez au moins une couleur',
  valeur: 'Couleur invalide (format #RRGGBB)',
  nom: 'Le nom de la couleur est requis',
  nomInvalid: 'Nom de la couleur invalide (100 caractères max)',
  nuancierInvalid: 'Nom du nuancier invalide (100 caractères max)',
  description: 'Description invalide (1000 caractères max)',
} as const;

export const couleurPayloadSchema = z.object({
  nomCouleur: boundedText({ required: COULEUR_MESSAGES.nom, max: 100, invalid: COULEUR_MESSAGES.nomInvalid }),
  description: boundedText({ max: 1000, invalid: COULEUR_MESSAGES.description, multiline: true }).nullable().optional(),
  valeur: z.string().max(7, { error: COULEUR_MESSAGES.valeur, abort: true }).regex(HEX_COLOUR, COULEUR_MESSAGES.valeur),
  nuancier: boundedText({ required: COULEUR_MESSAGES.nuancier, max: 100, invalid: COULEUR_MESSAGES.nuancierInvalid }),
  idGroupeModel: dbId().nullable().optional(),
});
export type CouleurPayload = z.input<typeof couleurPayloadSchema>;

export const couleurSchema = z.object({
  id: z.number(),
  nom: z.string(),
  nomCouleur: z.string(),
  description: z.string().nullable(),
  valeur: z.string().nullable(),
  nuancier: z.string().nullable(),
  idGroupeModel: z.number().nullable(),
});
export type Couleur = z.infer<typeof couleurSchema>;
