// An FBX comes with the GLB its uploader's browser made (docs/uploads.md, "3D models"): the part
// `viewerModel` is checked as a real GLB, stored as the viewer model, the FBX kept as the original; an FBX
// alone is kept with the reason in model_error; a GLB beside anything but an FBX is refused; STEP is refused
// at upload, by name or by content, on the product and on its models. Real server, real database and files.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { STEP_REFUSED } from '#domain/modelFormats';

import { groupeModels } from '../../server/db/schema';
import { FBX_WITHOUT_GLB, GLB_WITHOUT_FBX } from '../../server/files/browserConversion';
import { meshToGlb } from '../../server/files/glb';
import { createTestApp, type TestApp } from '../helpers/app';
import { cubeFbx } from '../helpers/fbxFixture';
import { fixture, multipart, type Part, storedFiles } from './catalogueHelpers';

let t: TestApp;
let vendeur: string;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  vendeur = await t.login('vendeur@demo.fr');
  categoryId = (await t.call('GET', '/api/Categorie', vendeur)).json().$values[0].id;
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method, url, payload, headers: { ...headers, authorization: `Bearer ${vendeur}` } });
};
const product = (parts: Part[]): Part[] => [
  ['NomGroupeModel', 'Fauteuil FBX'],
  ['IdCategorie', String(categoryId)],
  ...parts,
];
const rowOf = async (id: number) =>
  (await t.database.db.select().from(groupeModels).where(eq(groupeModels.idGroupeModel, id)))[0];

const FBX = Buffer.from(cubeFbx());
// What a browser's GLTFExporter would send: a GLB of one triangle (server/files/glb.ts writes real ones).
const GLB = meshToGlb({ positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) });

/** A GLB whose JSON is `gltf`, with no binary chunk. */
function glbOf(gltf: object): Buffer {
  const json = Buffer.from(JSON.stringify(gltf).padEnd(Math.ceil(JSON.stringify(gltf).length / 4) * 4, ' '));
  const head = Buffer.alloc(20);
  head.write('glTF', 0, 'latin1');
  head.writeUInt32LE(2, 4);
  head.writeUInt32LE(20 + json.length, 8);
  head.writeUInt32LE(json.length, 12);
  head.write('JSON', 16, 'latin1');
  return Buffer.concat([head, json]);
}

describe('an FBX with its browser-made GLB', () => {
  it('stores the GLB as the viewer model and the FBX as the original; the viewer serves the GLB', async () => {
    const res = await send(
      'POST',
      '/api/Model/ModelWithGroup',
      product([
        ['Chemin_3d', FBX, 'fauteuil.fbx'],
        ['viewerModel', GLB, 'fauteuil.glb'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf(res.json().idGroupeModel);
    expect(row).toMatchObject({ modelFormat: 'fbx', modelError: null });
    expect(row.viewerModel).toMatch(/^catalogue\/[0-9a-f-]{36}\.glb$/);
    expect(fs.readFileSync(path.join(t.filesDir, row.chemin3d!)).equals(FBX)).toBe(true);

    const info = (await t.call('GET', `/api/viewer/${row.publicKey}`, null)).json();
    // The browser's GLB, optimised like any upload (server/catalogue/viewerModel.ts), under its content address.
    expect(info).toMatchObject({ unsupportedFormat: null });
    expect(info.modelUrl).toBe(`/api/viewer/${row.publicKey}/model/${row.viewerModelHash!.slice(0, 16)}.glb`);
    const model = await t.call('GET', info.modelUrl, null);
    expect(model.statusCode).toBe(200);
    expect(model.headers['content-type']).toBe('model/gltf-binary');
    expect(model.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(model.rawPayload.length).toBe(row.viewerModelBytes);
    expect(createHash('sha256').update(model.rawPayload).digest('hex')).toBe(row.viewerModelHash);
    // The original stays the product's file, downloaded as sent.
    const original = await t.call('GET', `/api/Fichier/${row.chemin3d}`, vendeur);
    expect(original.rawPayload.equals(FBX)).toBe(true);
  });

  it('an edit bringing an FBX and its GLB replaces the model and clears an earlier reason', async () => {
    const alone = await send('POST', '/api/Model/ModelWithGroup', product([['Chemin_3d', FBX, 'f.fbx']]));
    const id = alone.json().idGroupeModel;
    expect((await rowOf(id)).modelError).toBe(FBX_WITHOUT_GLB);
    const edit = await send(
      'PUT',
      `/api/GroupeModel/${id}`,
      product([
        ['Chemin_3d', FBX, 'f.fbx'],
        ['viewerModel', GLB, 'f.glb'],
      ]),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const row = await rowOf(id);
    expect(row).toMatchObject({ modelFormat: 'fbx', modelError: null });
    const stored = fs.readFileSync(path.join(t.filesDir, row.viewerModel!));
    expect(stored.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(createHash('sha256').update(stored).digest('hex')).toBe(row.viewerModelHash);
  });

  it('an FBX alone (an old client, an API client) is kept, not shown, with its reason', async () => {
    const res = await send('POST', '/api/Model/ModelWithGroup', product([['Chemin_3d', FBX, 'f.fbx']]));
    expect(res.statusCode).toBe(201);
    const row = await rowOf(res.json().idGroupeModel);
    expect(row).toMatchObject({ modelFormat: 'fbx', viewerModel: null, modelError: FBX_WITHOUT_GLB });
    const info = (await t.call('GET', `/api/viewer/${row.publicKey}`, null)).json();
    expect(info).toMatchObject({ modelUrl: null, unsupportedFormat: 'fbx' });
    expect((await t.call('GET', `/api/viewer/${row.publicKey}/model`, null)).statusCode).toBe(404);
  });
});

describe('the viewerModel part is refused', () => {
  const refused: Array<[string, Part[], number, string]> = [
    [
      'beside an STL',
      [
        ['Chemin_3d', fixture('abat-jour.stl'), 'a.stl'],
        ['viewerModel', GLB, 'a.glb'],
      ],
      400,
      GLB_WITHOUT_FBX,
    ],
    [
      'beside a GLB',
      [
        ['Chemin_3d', GLB, 'a.glb'],
        ['viewerModel', GLB, 'b.glb'],
      ],
      400,
      GLB_WITHOUT_FBX,
    ],
    ['without any 3D file', [['viewerModel', GLB, 'a.glb']], 400, GLB_WITHOUT_FBX],
    [
      'when it is not a GLB',
      [
        ['Chemin_3d', FBX, 'f.fbx'],
        ['viewerModel', fixture('applique.png'), 'f.glb'],
      ],
      400,
      'Le modèle converti (viewerModel) doit être un fichier GLB (glTF binaire).',
    ],
    [
      'when its declared length is not its size (cut short)',
      [
        ['Chemin_3d', FBX, 'f.fbx'],
        ['viewerModel', GLB.subarray(0, GLB.length - 4), 'f.glb'],
      ],
      400,
      'Le modèle converti n’est pas un fichier GLB valide : sa longueur déclarée ne correspond pas au fichier.',
    ],
    [
      'when its JSON is not JSON',
      [
        ['Chemin_3d', FBX, 'f.fbx'],
        ['viewerModel', Buffer.concat([GLB.subarray(0, 20), Buffer.from('{"asset"!'), GLB.subarray(29)]), 'f.glb'],
      ],
      400,
      'Le modèle converti n’est pas un fichier GLB valide : JSON illisible.',
    ],
    [
      'when it holds no mesh',
      [
        ['Chemin_3d', FBX, 'f.fbx'],
        ['viewerModel', glbOf({ asset: { version: '2.0' }, scenes: [{}] }), 'f.glb'],
      ],
      400,
      'Le modèle converti n’est pas un fichier GLB valide : il ne contient aucune forme.',
    ],
    [
      'when its buffer claims more bytes than its binary chunk holds',
      [
        ['Chemin_3d', FBX, 'f.fbx'],
        ['viewerModel', glbOf({ asset: { version: '2.0' }, meshes: [{}], buffers: [{ byteLength: 1e6 }] }), 'f.glb'],
      ],
      400,
      'Le modèle converti n’est pas un fichier GLB valide : ses données binaires sont incomplètes.',
    ],
  ];
  for (const [what, parts, status, message] of refused)
    it(`${what}: ${status}, nothing stored`, async () => {
      const before = storedFiles(t.filesDir);
      const res = await send('POST', '/api/Model/ModelWithGroup', product(parts));
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail).toBe(message);
      expect(storedFiles(t.filesDir)).toEqual(before);
    });
});

describe('STEP is refused at upload', () => {
  const step = fixture('pied.step');
  const cases: Array<[string, Buffer, string]> = [
    ['by its content, named .glb', step, 'pied.glb'],
    ['by its name .step', step, 'pied.step'],
    ['by its name .STP, whatever its content', GLB, 'PIED.STP'],
  ];
  for (const [what, data, name] of cases) {
    it(`on the product, ${what}`, async () => {
      const before = storedFiles(t.filesDir);
      const res = await send('POST', '/api/Model/ModelWithGroup', product([['Chemin_3d', data, name]]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: STEP_REFUSED, errors: { Chemin_3d: STEP_REFUSED } });
      expect(storedFiles(t.filesDir)).toEqual(before);
    });
    it(`on a model of the product, ${what}`, async () => {
      const g = (await t.call('GET', '/api/GroupeModel', vendeur)).json().$values[0];
      const res = await send('POST', '/api/Model', [
        ['Nom', 'Variante'],
        ['IdGroupeModel', String(g.idGroupeModel)],
        ['Model3d', data, name],
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: STEP_REFUSED, errors: { Model3d: STEP_REFUSED } });
    });
  }
});

describe('the OpenAPI document', () => {
  it('declares the viewerModel part of the product routes as a GLB', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const [route, method] of [
      ['/api/Model/ModelWithGroup', 'post'],
      ['/api/GroupeModel/{id}', 'put'],
    ] as const) {
      const body = doc.paths[route][method].requestBody.content['multipart/form-data'];
      expect(body.schema.properties.viewerModel, route).toBeDefined();
      expect(body.encoding.viewerModel.contentType).toContain('model/gltf-binary');
    }
  });
});
