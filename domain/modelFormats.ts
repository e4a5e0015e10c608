// Which 3D files the catalogue takes, by name and by content, shared by the product and models forms and by
// the server's upload reader (server/files/receiveUpload.ts): STEP is refused at upload, since the viewer
// cannot show it (B-rep CAD would need OpenCascade); FBX is converted to GLB in the uploader's browser
// (src/features/catalogue/fbxToGlb.ts) and sent beside its original (docs/uploads.md, "3D models").

export const STEP_REFUSED =
  'Le format STEP n’est pas affiché par la visionneuse : exportez le modèle en GLB (glTF binaire) depuis votre logiciel de CAO, puis envoyez ce fichier GLB.';

/** A STEP file by its name (.step, .stp) or its first bytes (`ISO-10303-21;`, server/files/sniff.ts). */
export function isStep(name: string | null | undefined, kind?: string | null): boolean {
  return kind === 'step' || /\.(step|stp)$/i.test((name ?? '').trim());
}

/** Why a 3D file is refused before any byte of it is sent or stored, or null. */
export function modelFileRefusal(name: string | null | undefined, kind?: string | null): string | null {
  return isStep(name, kind) ? STEP_REFUSED : null;
}

/** An FBX file by its name: the browser converts it to GLB before the form is sent. */
export const isFbxName = (name: string | null | undefined) => /\.fbx$/i.test((name ?? '').trim());
