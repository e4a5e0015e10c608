// The viewer's light model (docs/uploads.md, "Light models"): a GLB (or a self-contained glTF) read with
// glTF Transform, its duplicate data merged (dedup, weld), what nothing uses dropped (prune), its textures
// made at most 2048 px and re-encoded (sharp: opaque ones as JPEG), and its geometry quantised and compressed with meshopt
// (EXT_meshopt_compression, which <model-viewer> decodes: docs/viewer.md). Runs only in the conversion
// worker (server/files/modelWorker.ts), never on a request's thread.
import { type Document, type JSONDocument, Logger, NodeIO, type Texture } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { dedup, meshopt, prune, weld } from '@gltf-transform/functions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';

/** The largest texture side kept for the viewer: phones' GPUs and screens gain nothing past it. */
export const MAX_TEXTURE_PX = 2048;

async function io(): Promise<NodeIO> {
  await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
  return new NodeIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
}

/** Reads a GLB, or a glTF whose buffers and images are data URIs (the only kind the viewer accepts). */
async function read(reader: NodeIO, bytes: Uint8Array): Promise<Document> {
  const isGlb = bytes.length >= 4 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46;
  if (isGlb) return reader.readBinary(bytes);
  const json = JSON.parse(Buffer.from(bytes).toString('utf8')) as JSONDocument['json'];
  return reader.readJSON({ json, resources: {} });
}

/** The optimised GLB of these model bytes. Throws on a file glTF Transform cannot read. */
export async function optimiseGlb(bytes: Uint8Array): Promise<Uint8Array> {
  const reader = await io();
  const document = await read(reader, bytes);
  // Its info lines would go to the worker's stdout, which nobody reads.
  document.setLogger(new Logger(Logger.Verbosity.WARN));
  // meshopt last: it quantises and reorders what the others left. The viewer decodes it with the decoder
  // script this server serves (src/viewer/main.ts, meshoptDecoderLocation; docs/viewer.md).
  await document.transform(dedup(), weld(), prune(), meshopt({ encoder: MeshoptEncoder }));
  for (const texture of document.getRoot().listTextures()) await lighterTexture(texture);
  return reader.writeBinary(document);
}

/**
 * A PNG or JPEG texture at most 2048 px, re-encoded: an opaque image as JPEG (quality 85, mozjpeg), one
 * with transparency as PNG. The re-encoded image is kept when it was resized or is smaller; other formats
 * (WebP, KTX2) are kept as they are.
 */
async function lighterTexture(texture: Texture): Promise<void> {
  const image = texture.getImage();
  const mime = texture.getMimeType();
  if (!image || (mime !== 'image/png' && mime !== 'image/jpeg')) return;
  // 16384² pixels at most (sharp's default is about the same): a bomb of a header is refused, not decoded.
  const source = () => sharp(image, { limitInputPixels: 16384 * 16384 });
  const { width = 0, height = 0 } = await source().metadata();
  const resized = Math.max(width, height) > MAX_TEXTURE_PX;
  const { isOpaque } = await source().stats();
  const pipeline = source().resize(MAX_TEXTURE_PX, MAX_TEXTURE_PX, { fit: 'inside', withoutEnlargement: true });
  const out = isOpaque
    ? await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer()
    : await pipeline.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  if (!resized && out.length >= image.length) return;
  const nextMime = isOpaque ? 'image/jpeg' : 'image/png';
  texture.setImage(new Uint8Array(out)).setMimeType(nextMime);
  const uri = texture.getURI();
  if (uri) texture.setURI(uri.replace(/\.(png|jpe?g)$/i, isOpaque ? '.jpg' : '.png'));
}
