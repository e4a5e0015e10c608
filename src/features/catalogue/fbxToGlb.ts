// An FBX converted to GLB in the uploader's browser, before the product form is sent (docs/uploads.md,
// "3D models"): the server cannot read FBX (three's FBXLoader needs browser APIs), and the public viewer
// shows glTF only. three's FBXLoader and GLTFExporter are loaded here, on demand (a dynamic import: no
// byte of them in any page's first load). The conversion runs on the main thread: FBXLoader decodes an
// FBX's textures through DOM images, which a worker does not have; the form shows it is busy meanwhile.
import { MODEL_3D_RULE } from '#domain/product';

/** A conversion that failed, with its French reason. */
export class FbxConversionError extends Error {}

const UNREADABLE = 'Ce fichier FBX n’a pas pu être lu : il est endommagé ou d’une version antérieure à FBX 7 (2011).';
const EMPTY = 'Ce fichier FBX ne contient aucune forme à afficher.';
const NOT_EXPORTED = 'Ce modèle FBX n’a pas pu être converti en GLB.';
const TOO_LARGE =
  'Le modèle converti en GLB dépasse 100 Mo : allégez-le dans votre logiciel, puis envoyez-le à nouveau.';

/** Lets the page paint its busy state before a synchronous step holds the thread. */
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export async function fbxToGlb(file: File): Promise<File> {
  // Named imports in a module of their own, loaded on demand: a namespace import of 'three' would keep all
  // of three in the chunk the public viewer shares with this page (tests/e2e/firstLoad.test.ts).
  const three = await import('./threeForFbx');
  const { FBXLoader, GLTFExporter } = three;
  const buffer = await file.arrayBuffer();
  // Textures embedded in the FBX arrive as blob: URLs; a texture the file only names (a path on the author's
  // disk) is not fetched from this site: it fails at once and its material keeps its colour.
  const manager = new three.LoadingManager();
  manager.setURLModifier((url) => (/^(blob|data):/.test(url) ? url : 'data:,'));
  let loading = false;
  const loaded = new Promise<void>((resolve) => {
    manager.onLoad = resolve;
  });
  manager.onStart = () => {
    loading = true;
  };
  await nextPaint();
  let scene: import('three').Group;
  try {
    scene = new FBXLoader(manager).parse(buffer, '');
  } catch (err) {
    console.error('Lecture du FBX', err);
    throw new FbxConversionError(UNREADABLE);
  }
  if (loading) await loaded;

  let meshes = 0;
  scene.traverse((object) => {
    const mesh = object as import('three').Mesh;
    if (!mesh.isMesh) return;
    meshes++;
    for (const material of Array.isArray(mesh.material) ? mesh.material : [mesh.material]) {
      const slots = material as unknown as Record<string, unknown>;
      // A texture whose image did not load would make the exporter fail: the material keeps its colour.
      for (const [slot, value] of Object.entries(slots))
        if (value instanceof three.Texture && !hasImage(value.image)) slots[slot] = null;
    }
  });
  if (meshes === 0) throw new FbxConversionError(EMPTY);

  await nextPaint();
  let glb: ArrayBuffer;
  try {
    glb = (await new GLTFExporter().parseAsync(scene, {
      binary: true,
      animations: scene.animations ?? [],
    })) as ArrayBuffer;
  } catch (err) {
    console.error('Export du GLB', err);
    throw new FbxConversionError(NOT_EXPORTED);
  }
  if (glb.byteLength > MODEL_3D_RULE.maxBytes) throw new FbxConversionError(TOO_LARGE);
  return new File([glb], `${file.name.replace(/\.fbx$/i, '')}.glb`, { type: 'model/gltf-binary' });
}

function hasImage(image: unknown): boolean {
  if (!image) return false;
  if (typeof HTMLImageElement !== 'undefined' && image instanceof HTMLImageElement)
    return image.complete && image.naturalWidth > 0;
  return true;
}
