// File types recognised by their content, as far as each format allows, never by their name.
// Uploads are sniffed on their first SNIFF_BYTES while they stream in (sniff(head, 'unknown')), then once
// more when their size is known (sniff(head, size)): only binary STL needs the size to be confirmed.
export type FileKind = 'pdf' | 'mp4' | 'png' | 'jpg' | 'webp' | 'gif' | 'svg' | 'stl' | 'step' | 'fbx' | 'glb' | 'gltf';

const startsWith = (b: Buffer, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, Math.min(to, b.length)).toString('latin1');

/** Enough of a file's start for every rule below (ASCII STL looks for a facet in the first 4 KiB). */
export const SNIFF_BYTES = 4096;

/**
 * The kind of a file from its first bytes (or all of them). `size` is the whole file's size: 'unknown'
 * while it is still arriving, where a binary STL header is accepted provisionally.
 */
export function sniff(b: Buffer, size: number | 'unknown' = b.length): FileKind | null {
  if (b.length === 0) return null;
  if (ascii(b, 0, 5) === '%PDF-') return 'pdf';
  if (ascii(b, 4, 8) === 'ftyp') return 'mp4';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpg';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(b, 0, 18) === 'Kaydara FBX Binary' || /^\s*; FBX \d/.test(ascii(b, 0, 64))) return 'fbx';
  if (ascii(b, 0, 13) === 'ISO-10303-21;') return 'step';
  if (isStl(b, size)) return 'stl';
  if (ascii(b, 0, 4) === 'glTF' && b.length >= 12 && b.readUInt32LE(4) === 2) return 'glb';
  // glTF's JSON: an object with its "asset" member (the version) near the start.
  if (/^\s*\{/.test(ascii(b, 0, 64)) && /"asset"\s*:/.test(ascii(b, 0, 4096))) return 'gltf';
  if (/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(ascii(b, 0, 512))) return 'svg';
  return null;
}

/** ASCII STL starts with "solid" and has facets; binary STL is an 80-byte header, a count and 50-byte triangles. */
function isStl(b: Buffer, size: number | 'unknown'): boolean {
  const head = ascii(b, 0, 512);
  if (/^\s*solid\b/.test(head) && /facet\s+normal/.test(ascii(b, 0, SNIFF_BYTES))) return true;
  if (b.length < 84) return false;
  const triangles = b.readUInt32LE(80);
  return triangles > 0 && (size === 'unknown' || size === 84 + triangles * 50);
}
