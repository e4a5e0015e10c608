// The media type of each kind of file the server recognises (server/files/sniff.ts): what a stored file
// is served as, and what the OpenAPI document says an upload field accepts.
import type { FileKind } from './sniff';

export const MEDIA_TYPES: Record<FileKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  stl: 'model/stl',
  step: 'model/step',
  fbx: 'application/octet-stream',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
};
