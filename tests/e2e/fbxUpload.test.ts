// An FBX picked in the product form is converted to GLB in Chromium (three's FBXLoader and GLTFExporter,
// loaded on demand: src/features/catalogue/fbxToGlb.ts) and sent beside the original; the public viewer then
// serves that GLB and model-viewer shows it. A STEP file and an unreadable FBX are refused in the form,
// with what to do instead, and nothing is sent. The FBX is written by hand (tests/helpers/fbxFixture.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { STEP_REFUSED } from '#domain/modelFormats';

import { baseUrl, newPage, openBrowser, signIn } from '../helpers/e2e';
import { cubeFbx } from '../helpers/fbxFixture';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const stamp = Date.now().toString().slice(-5);
const fbxFile = (name: string, text: string) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: Buffer.from(text),
});

async function api(page: Page, url: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return page.request.get(`${baseUrl()}${url}`, { headers: { authorization: `Bearer ${token}` } });
}

/** The product form, named, with the first category chosen. */
async function productForm(page: Page, name: string) {
  await page.goto('/products');
  await page.fill('#product-name', name);
  await page.locator('.p-dropdown:has(#product-category)').click();
  await page.locator('.p-dropdown-item').first().click();
  await page.getByRole('button', { name: 'Sol' }).click();
}

describe('an FBX model in the product form', () => {
  it('is converted to GLB in the browser, sent with its original, served to the viewer and shown', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'directeur@demo.fr');
    // Every script the page receives, with its text: three's FBX loader comes only once an FBX is picked.
    const scripts: Array<Promise<string>> = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.endsWith('.js')) scripts.push(res.text().catch(() => ''));
    });
    const hasLoader = async (list: Array<Promise<string>>) =>
      (await Promise.all(list)).some((text) => text.includes('THREE.FBXLoader'));
    await productForm(page, `Fauteuil FBX ${stamp}`);
    expect(await hasLoader([...scripts])).toBe(false);
    await page.setInputFiles('#product-3d', fbxFile('fauteuil.fbx', cubeFbx(0.8)));
    await page.getByText(/Modèle FBX converti en GLB \(\d+ Ko\)/).waitFor();
    expect(await hasLoader(scripts)).toBe(true);

    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await page.waitForURL(/\/subdivision\?groupId=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('groupId'));

    const product = await (await api(page, `/api/GroupeModel/${id}`)).json();
    // Both model parts arrived: the FBX as picked is the product's file, the GLB made from it its viewer model.
    expect(product.chemin3d).toMatch(/\.fbx$/);
    const original = await api(page, `/api/Fichier/${product.chemin3d}`);
    expect((await original.body()).toString()).toBe(cubeFbx(0.8));
    const model = await page.request.get(`${baseUrl()}/api/viewer/${product.publicKey}/model`);
    expect(model.status()).toBe(200);
    expect(model.headers()['content-type']).toBe('model/gltf-binary');
    const glb = await model.body();
    expect(glb.toString('latin1', 0, 4)).toBe('glTF');
    const gltf = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8'));
    // The cube: 6 quads as 12 triangles, welded at upload (server/files/optimiseGlb.ts) to its 8 corners
    // and 36 indices; its material's colour kept.
    expect(gltf.meshes).toHaveLength(1);
    const primitive = gltf.meshes[0].primitives[0];
    expect(gltf.accessors[primitive.attributes.POSITION].count).toBe(8);
    expect(gltf.accessors[primitive.indices].count).toBe(36);
    const [r, g] = gltf.materials[0].pbrMetallicRoughness.baseColorFactor;
    expect(r).toBeGreaterThan(g * 10);

    const viewer = await newPage(browser);
    await viewer.page.goto(`/viewer/${product.publicKey}`);
    await viewer.page.waitForFunction(
      () => document.querySelector<HTMLElement & { loaded?: boolean }>('model-viewer')?.loaded === true,
      null,
      { timeout: 60_000 },
    );
    expect(await viewer.page.getByText('Modèle 3D non disponible').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(viewer.errors).toEqual([]);
    await viewer.context.close();
  });

  it('refuses a STEP file and an unreadable FBX in the form, saying what to do, and sends nothing', async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'directeur@demo.fr');
    await productForm(page, `Pied STEP ${stamp}`);
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/Model/ModelWithGroup')) posts++;
    });

    await page.setInputFiles('#product-3d', fbxFile('pied.step', 'ISO-10303-21;\nHEADER;\nENDSEC;\n'));
    await page.getByText(STEP_REFUSED).waitFor();
    expect(await page.locator('#product-3d').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await page.getByText(STEP_REFUSED).waitFor();

    await page.setInputFiles('#product-3d', fbxFile('casse.fbx', '; FBX 7.4.0 project file\nrien de lisible\n'));
    await page.getByText(/Ce fichier FBX n’a pas pu être lu.*Choisissez un autre fichier/).waitFor();
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('product-3d');
    expect(posts).toBe(0);
  });
});
