// The demo catalogue (docs/product.md, the catalogue): categories (with sub-categories), product groups
// with small real files (PNG images, an STL, a STEP, an FBX, PDFs; the other products' models are
// generated afterwards, seed/models.ts), options of each type, sub-options and colour palettes. Files come from
// fixtures/catalogue and are stored like uploads, so the download route serves them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { convertStlFile } from '../../files/stl';
import type { FileStorage } from '../../files/storage';
import type { Db } from '../client';
import { categories, couleurs, groupeModels, options, sousOptions } from '../schema';
import type { DemoAccounts } from './accounts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'catalogue');

interface ProductSeed {
  nom: string;
  categorie: string;
  ref: string;
  placement: 'Sol' | 'Plafond' | 'Mur';
  prix: string;
  specification: string;
  images: string[];
  icone?: string;
  fichier3d?: string;
  pdf?: string;
  ficheCote?: string;
  subdivisions?: Array<[string, string]>;
}

const maisonProducts: ProductSeed[] = [
  {
    nom: 'Suspension Opale',
    categorie: 'Suspensions',
    ref: 'ML-SUS-001',
    placement: 'Plafond',
    prix: '289.00',
    specification: 'Verre soufflé opale, diamètre 40 cm, douille E27.',
    images: ['suspension-1.png', 'suspension-2.png'],
    icone: 'icone.png',
    fichier3d: 'abat-jour.stl',
    pdf: 'fiche-produit.pdf',
    ficheCote: 'fiche-cote.pdf',
  },
  {
    nom: 'Applique Laiton',
    categorie: 'Appliques',
    ref: 'ML-APP-014',
    placement: 'Mur',
    prix: '149.90',
    specification: 'Laiton brossé, abat-jour en lin.',
    images: ['applique.png'],
    icone: 'icone.png',
    pdf: 'fiche-produit.pdf',
    // No file: its model is generated with the other demo products' (seed/models.ts).
  },
  {
    nom: 'Lampadaire Arc',
    categorie: 'Lampadaires',
    ref: 'ML-LAM-203',
    placement: 'Sol',
    prix: '1249.00',
    specification: 'Arc en acier, socle marbre.',
    images: ['lampadaire.png'],
    fichier3d: 'pied.step',
    ficheCote: 'fiche-cote.pdf',
    subdivisions: [
      ['Petit modèle', '150 cm'],
      ['Grand modèle', '190 cm, 210 cm'],
    ],
  },
  {
    nom: 'Suspension Nuage',
    categorie: 'Suspensions',
    ref: 'ML-SUS-007',
    placement: 'Plafond',
    prix: '399.00',
    specification: 'Papier washi, structure bambou.',
    images: ['suspension-2.png'],
    fichier3d: 'nuage.fbx',
  },
];

export async function seedCatalogue(db: Db, demo: DemoAccounts, files: FileStorage, _now: Date): Promise<void> {
  const cache = new Map<string, string>();
  const store = async (name?: string) => {
    if (!name) return null;
    if (!cache.has(name))
      cache.set(
        name,
        await files.save('catalogue', path.extname(name).slice(1), fs.readFileSync(path.join(fixtures, name))),
      );
    return cache.get(name)!;
  };

  // The viewer's GLB of a demo STL, made as an upload's would be (server/catalogue/viewerModel.ts); in this
  // process: the fixture is ours, and the seed runs before the server listens. The demo's models are tiny:
  // they are served as stored (no optimisation, which would load glTF Transform and sharp into the server's
  // process), with their sizes and content address like an upload's. Bytes are read before they are
  // stored: the store may be a bucket (server/files/s3Storage.ts).
  const viewerColumns = async (name?: string) => {
    let shown: string | null = null;
    let bytes: Buffer | null = null;
    if (name?.endsWith('.stl')) {
      const temp = await files.tempPath();
      convertStlFile(path.join(fixtures, name), temp);
      bytes = fs.readFileSync(temp);
      shown = await files.adopt('catalogue', 'glb', temp);
    } else if (name?.endsWith('.glb')) bytes = fs.readFileSync(path.join(fixtures, name));
    return {
      viewerModel: shown,
      modelBytes: name ? fs.statSync(path.join(fixtures, name)).size : null,
      viewerModelBytes: bytes?.length ?? null,
      viewerModelHash: bytes ? createHash('sha256').update(bytes).digest('hex') : null,
    };
  };

  const maison = demo.entreprise.maison;
  const [luminaires, mobilier] = await db
    .insert(categories)
    .values([
      { entrepriseId: maison, nomCategorie: 'Luminaires' },
      { entrepriseId: maison, nomCategorie: 'Mobilier' },
    ])
    .returning();
  const subs = await db
    .insert(categories)
    .values(
      ['Suspensions', 'Appliques', 'Lampadaires'].map((nomCategorie) => ({
        entrepriseId: maison,
        nomCategorie,
        idCategorieMere: luminaires.id,
      })),
    )
    .returning();
  const categoryId = Object.fromEntries([...subs, mobilier].map((c) => [c.nomCategorie, c.id]));

  for (const p of maisonProducts) {
    const [g] = await db
      .insert(groupeModels)
      .values({
        entrepriseId: maison,
        nomGroupeModel: p.nom,
        idCategorie: categoryId[p.categorie],
        refPrimaire: p.ref,
        placement: p.placement,
        prixCatalogue: p.prix,
        specification: p.specification,
        cheminImageGroupe: await Promise.all(p.images.map((i) => store(i) as Promise<string>)),
        icone: await store(p.icone),
        chemin3d: await store(p.fichier3d),
        modelFormat: p.fichier3d ? path.extname(p.fichier3d).slice(1) : null,
        ...(await viewerColumns(p.fichier3d)),
        cheminPdf: await store(p.pdf),
        ficheCote: await store(p.ficheCote),
      })
      .returning();
    const subdivisions = p.subdivisions ?? [['Standard', 'Toutes']];
    await db
      .insert(sousOptions)
      .values(subdivisions.map(([sousNom, tailles]) => ({ idGroupeModel: g.idGroupeModel, sousNom, tailles })));
    await db.insert(options).values([
      {
        idGroupeModel: g.idGroupeModel,
        typeOption: 'Texte',
        nomGroupe: 'Interrupteur',
        nom: 'Interrupteur',
        toggle: { left: 'Sans', right: 'Avec' },
      },
      {
        idGroupeModel: g.idGroupeModel,
        typeOption: 'Texte',
        nomGroupe: 'Longueur de câble',
        nom: 'Longueur de câble',
        liste: ['1 m', '1,5 m', '2 m'],
      },
      {
        idGroupeModel: g.idGroupeModel,
        typeOption: 'Coloris',
        nomGroupe: 'Teinte',
        nom: 'Teinte',
        colorTag: 'Verres soufflés',
      },
    ]);
  }

  const palettes: Array<[string, string, Array<[string, string]>]> = [
    [
      'Verres soufflés',
      'Teintes de verre soufflé à la bouche',
      [
        ['Opale', '#f8fafc'],
        ['Fumé', '#6b7280'],
        ['Ambre', '#d97706'],
      ],
    ],
    [
      'Métaux',
      'Finitions métalliques',
      [
        ['Laiton brossé', '#b5a642'],
        ['Noir mat', '#111827'],
        ['Chrome', '#d1d5db'],
      ],
    ],
  ];
  await db
    .insert(couleurs)
    .values(
      palettes.flatMap(([nuancier, description, list]) =>
        list.map(([nomCouleur, valeur]) => ({ entrepriseId: maison, nuancier, nomCouleur, valeur, description })),
      ),
    );

  // Another company's catalogue: never visible to Maison Lumière.
  const atelier = demo.entreprise.atelier;
  const [tables] = await db.insert(categories).values({ entrepriseId: atelier, nomCategorie: 'Tables' }).returning();
  await db.insert(groupeModels).values({
    entrepriseId: atelier,
    nomGroupeModel: 'Table Chêne Massif',
    idCategorie: tables.id,
    placement: 'Sol',
    prixCatalogue: '1890.00',
    cheminImageGroupe: [await files.save('catalogue', 'png', fs.readFileSync(path.join(fixtures, 'applique.png')))],
  });
  await db
    .insert(couleurs)
    .values({ entrepriseId: atelier, nuancier: 'Essences', nomCouleur: 'Chêne clair', valeur: '#d6b98c' });
}
