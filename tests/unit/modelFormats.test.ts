// The STEP rule (domain/modelFormats.ts): one rule for the product form, the models form and the
// server's upload reader, by name (.step, .stp) and by sniffed content (ISO-10303-21).
import { describe, expect, it } from 'vitest';

import { isFbxName, modelFileRefusal, STEP_REFUSED } from '#domain/modelFormats';
import { MODEL_3D_RULE, modelRowSchema, productFormSchema } from '#domain/product';

import { sniff } from '../../server/files/sniff';

describe('the STEP rule', () => {
  it('refuses .step and .stp names in any case, and sniffed STEP content, with the GLB advice', () => {
    for (const name of ['pied.step', 'PIED.STP', 'a.b.Step', ' pied.stp '])
      expect(modelFileRefusal(name), name).toBe(STEP_REFUSED);
    expect(modelFileRefusal('', sniff(Buffer.from('ISO-10303-21;\nHEADER;\n')))).toBe(STEP_REFUSED);
    expect(STEP_REFUSED).toContain('exportez le modèle en GLB');
  });

  it('lets other models through', () => {
    for (const name of ['a.glb', 'a.gltf', 'a.fbx', 'a.stl', 'step.glb', 'a.stpx', '', null, undefined])
      expect(modelFileRefusal(name, null), String(name)).toBeNull();
    expect(modelFileRefusal('x', 'glb')).toBeNull();
  });

  it('is the 3D rule of the server and of both forms', () => {
    expect(MODEL_3D_RULE.kinds).not.toContain('step');
    expect(MODEL_3D_RULE.accept).not.toMatch(/step|stp/);
    expect(MODEL_3D_RULE.refusal?.('p.stp', null)).toBe(STEP_REFUSED);
    const row = modelRowSchema.safeParse({ nom: 'Arc', model3d: { name: 'p.step' } });
    expect(row.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['model3d', STEP_REFUSED]]);
    expect(modelRowSchema.safeParse({ nom: 'Arc', model3d: { name: 'p.fbx' } }).success).toBe(true);
    expect(modelRowSchema.safeParse({ nom: 'Arc', model3d: null }).success).toBe(true);
    const product = productFormSchema<{ name: string }>().safeParse({
      NomGroupeModel: 'Suspension',
      IdCategorie: 3,
      RefPrimaire: '',
      RefSecondaire: '',
      Specification: '',
      Placement: null,
      PrixCatalogue: null,
      CheminImageGroupe: [],
      Icone: null,
      Chemin_3d: { name: 'pied.STEP' },
      Chemin_pdf: null,
      FicheCote: null,
    });
    expect(product.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['Chemin_3d', STEP_REFUSED]]);
  });

  it('names FBX files for the browser conversion', () => {
    expect(isFbxName('Fauteuil.FBX')).toBe(true);
    expect(isFbxName('fauteuil.glb')).toBe(false);
  });
});
