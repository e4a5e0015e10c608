// The product group (docs/product.md sections 2.7, 3 and 5): fields of the creation form, its messages and the
// rules on files, shared by the product form and POST /api/Model/ModelWithGroup.
import { z } from 'zod';

import { modelFileRefusal, STEP_REFUSED } from './modelFormats';
import { ID_DIGITS, PRICE } from './patterns';
import { boundedText, textInvalid } from './text';

export const PLACEMENTS = ['Sol', 'Plafond', 'Mur'] as const;
export type Placement = (typeof PLACEMENTS)[number];

export const MAX_IMAGES = 20;

export const PRODUCT_MESSAGES = {
  categorie: 'Vous devez sélectionner une catégorie pour le produit.',
  nom: 'Vous devez nommer votre produit.',
  placement: 'Vous devez choisir un placement',
  tooManyImages: "Vous ne pouvez télécharger que jusqu'à 20 images.",
  prix: 'Prix catalogue invalide',
  nomInvalid: 'Nom du produit invalide (200 caractères max)',
} as const;

/** File kinds as recognised by their content (server/files/sniff.ts). */
export type CatalogueFileKind = 'png' | 'jpg' | 'webp' | 'gif' | 'stl' | 'step' | 'fbx' | 'glb' | 'gltf' | 'pdf';

export interface FileRule {
  kinds: CatalogueFileKind[];
  /** What the file chooser accepts. */
  accept: string;
  maxBytes: number;
  min: number;
  max: number;
  label: string;
  /** A refusal with its own message, by the file's name or sniffed kind, before the generic one. */
  refusal?: (name: string, kind: string | null) => string | null;
}

const MiB = 1024 * 1024;
const IMAGE_KINDS: CatalogueFileKind[] = ['png', 'jpg', 'webp', 'gif'];
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
export const MODEL_3D_ACCEPT = '.glb,.gltf,.fbx,.stl';

export const IMAGE_RULE: FileRule = {
  kinds: IMAGE_KINDS,
  accept: IMAGE_ACCEPT,
  maxBytes: 10 * MiB,
  min: 0,
  max: MAX_IMAGES,
  label: 'Images',
};
export const ICON_RULE: FileRule = {
  kinds: IMAGE_KINDS,
  accept: IMAGE_ACCEPT,
  maxBytes: 2 * MiB,
  min: 0,
  max: 1,
  label: 'Icône',
};
// glTF/GLB is what the public viewer shows (docs/viewer.md); an STL is converted for it at upload, an FBX
// in the uploader's browser; STEP is refused with its own message (domain/modelFormats.ts).
export const MODEL_3D_RULE: FileRule = {
  kinds: ['glb', 'gltf', 'fbx', 'stl'],
  accept: MODEL_3D_ACCEPT,
  maxBytes: 100 * MiB,
  min: 0,
  max: 1,
  label: 'Modèle 3D (.glb, .gltf, .fbx, .stl)',
  refusal: modelFileRefusal,
};
export const PDF_RULE: FileRule = {
  kinds: ['pdf'],
  accept: 'application/pdf,.pdf',
  maxBytes: 20 * MiB,
  min: 0,
  max: 1,
  label: 'PDF',
};

/** The file fields of the product group payload, by their multipart names. */
export const PRODUCT_FILES = {
  CheminImageGroupe: IMAGE_RULE,
  Icone: ICON_RULE,
  Chemin_3d: MODEL_3D_RULE,
  Chemin_pdf: { ...PDF_RULE, label: 'Fiche produit (PDF)' },
  FicheCote: { ...PDF_RULE, label: 'Fiche de cote (PDF)' },
} satisfies Record<string, FileRule>;
export type ProductFileField = keyof typeof PRODUCT_FILES;

const optionalText = (max: number, label: string, multiline = false) =>
  boundedText({ max, invalid: textInvalid(label, max), multiline })
    .optional()
    .transform((v) => (v ? v : null));

/** "1 234,50", "1234.5" or "" -> a number of euros, or null when empty; NaN when unreadable. */
export function parsePrice(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return raw;
  const s = raw.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!s) return null;
  return PRICE.test(s) ? Number(s) : Number.NaN;
}

/** The text fields of the multipart payload (all strings on the wire). */
export const productFieldsSchema = z.object({
  NomGroupeModel: boundedText({ required: PRODUCT_MESSAGES.nom, max: 200, invalid: PRODUCT_MESSAGES.nomInvalid }),
  IdCategorie: z
    .string({ error: PRODUCT_MESSAGES.categorie })
    .max(9, { error: PRODUCT_MESSAGES.categorie, abort: true })
    .regex(ID_DIGITS, PRODUCT_MESSAGES.categorie)
    .transform(Number),
  RefPrimaire: optionalText(100, 'Référence primaire'),
  RefSecondaire: optionalText(100, 'Référence secondaire'),
  Specification: optionalText(4000, 'Spécification', true),
  // The form only warns when no placement is chosen: the submission still proceeds (docs/product.md §2.5).
  Placement: z
    .union([z.enum(PLACEMENTS), z.literal('')])
    .optional()
    .transform((v) => (v ? v : null)),
  PrixCatalogue: z
    .string()
    .max(32, { error: PRODUCT_MESSAGES.prix, abort: true })
    .optional()
    .transform((v, ctx) => {
      const n = parsePrice(v);
      if (n !== null && (!Number.isFinite(n) || n < 0 || n > 1e9)) {
        ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.prix });
        return z.NEVER;
      }
      return n;
    })
    // The form's input is lenient ("1 234,50 €"); the API document states the plain form every client can send.
    .meta({
      pattern: '^(?:\\d{1,9}(?:[.,]\\d{1,2})?)?$',
      description: 'Prix en euros, 2 décimales au plus (espaces et € tolérés) ; vide : pas de prix',
    }),
});
export type ProductFields = z.output<typeof productFieldsSchema>;

/**
 * The product form (docs/product.md §2.5): the payload's fields under their multipart names (so that a 400's
 * field messages land on them as they are), held as the inputs give them: the category and the price as
 * numbers or null, the files as chosen (`F`: a File in the browser). A name and a category are required, at
 * most 20 images; the placement is only asked for (PRODUCT_MESSAGES.placement, a warning), never required.
 */
export function productFormSchema<F>() {
  const fields = productFieldsSchema.shape;
  const file = z.custom<F>().nullable();
  return z.object({
    NomGroupeModel: fields.NomGroupeModel,
    IdCategorie: z
      .number()
      .nullable()
      .transform((id, ctx) => {
        if (id !== null) return id;
        ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.categorie });
        return z.NEVER;
      }),
    RefPrimaire: fields.RefPrimaire,
    RefSecondaire: fields.RefSecondaire,
    Specification: fields.Specification,
    Placement: z.enum(PLACEMENTS).nullable(),
    PrixCatalogue: z.number().min(0, PRODUCT_MESSAGES.prix).max(1e9, PRODUCT_MESSAGES.prix).nullable(),
    // No image is allowed, as on the original screens (the catalogue shows a placeholder).
    CheminImageGroupe: z.array(z.custom<F>()).max(MAX_IMAGES, PRODUCT_MESSAGES.tooManyImages),
    Icone: file,
    Chemin_3d: file.refine((f) => !modelFileRefusal((f as { name?: string } | null)?.name), {
      message: STEP_REFUSED,
    }),
    Chemin_pdf: file,
    FicheCote: file,
  });
}

/** A product group as GET /api/GroupeModel answers it; files are storage keys served by /api/Fichier/{key}. */
export const groupeModelSchema = z.object({
  idGroupeModel: z.number(),
  entrepriseId: z.number(),
  nomGroupeModel: z.string(),
  idCategorie: z.number().nullable(),
  nomCategorie: z.string().nullable(),
  refPrimaire: z.string().nullable(),
  refSecondaire: z.string().nullable(),
  specification: z.string().nullable(),
  placement: z.string().nullable(),
  prixCatalogue: z.number().nullable(),
  cheminImageGroupe: z.array(z.string()),
  icone: z.string().nullable(),
  chemin3d: z.string().nullable(),
  cheminPdf: z.string().nullable(),
  ficheCote: z.string().nullable(),
  /** The key of the product's public viewer page and of its events (docs/viewer.md). */
  publicKey: z.string(),
  /** The uploaded 3D file's size, and the size the viewer serves (its light GLB): "X Ko → Y Ko". */
  modelBytes: z.number().nullable().optional(),
  viewerModelBytes: z.number().nullable().optional(),
  createdAt: z.string(),
});
export type GroupeModel = z.infer<typeof groupeModelSchema>;

/** A model (docs/product.md §2.3): one variant of a product group. */
export const modelSchema = z.object({
  id: z.number(),
  idGroupeModel: z.number(),
  nom: z.string(),
  icone: z.string().nullable(),
  model3d: z.string().nullable(),
  specification: z.string().nullable(),
  prixCatalogue: z.number().nullable(),
  description: z.string().nullable(),
});
export type Model = z.infer<typeof modelSchema>;

export const MODEL_MESSAGES = { nom: 'Le nom du modèle est requis' } as const;

/** A row of the models table (/modeles): its name; the icon and 3D file are optional. */
export const modelRowSchema = z.object({
  nom: boundedText({ required: MODEL_MESSAGES.nom, max: 200, invalid: textInvalid('Nom du modèle', 200) }),
  // The 3D file picked for the row (a File in the browser): STEP is refused before anything is sent.
  model3d: z
    .custom<{ name: string } | null | undefined>()
    .refine((f) => !modelFileRefusal(f?.name), { message: STEP_REFUSED }),
});

/** Euros in fr-FR ("1 234,50 €"): the one money formatter, domain/format.ts. */
export { formatEuros } from './format';

/** A file size in kilobytes as the catalogue shows it ("1 234 Ko"; 1 Ko at least). */
export const formatKo = (bytes: number) =>
  `${new Intl.NumberFormat('fr-FR').format(Math.max(1, Math.round(bytes / 1000)))} Ko`;

/** Where a stored catalogue file is downloaded (owning company only). */
export const fileUrl = (key: string) => `/api/Fichier/${key}`;
