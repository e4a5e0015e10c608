// The binary columns answer (docs/api.md): the same four arrays and dictionary as
// `?format=columns`, as typed arrays the worker copies out without a JSON parse. Shared by the server, which
// writes it, and the worker, which reads it. Asked for with `Accept: application/vnd.visio3d.columns`.
//
// Layout, little-endian (the byte order of the typed arrays on every platform the app targets: x86, ARM):
//   0  u32  magic "V3DC"            8  u32  n, number of events
//   4  u32  layout version (1)      12 u32  m, bytes of the countries JSON
//   16             time     n × f64   (ms since the epoch, NaN without a time)
//   16 + 8n        session  n × u32   (company-wide session numbers)
//   16 + 12n       country  n × u16   (indexes into countries)
//   16 + 14n       flags    n × u8    (consultation 1 | iframe 2 | AR 4 | conversion 8)
//   16 + 15n       countries, JSON array of strings or null, UTF-8, m bytes
export const COLUMNS_MEDIA_TYPE = 'application/vnd.visio3d.columns';

const MAGIC = 0x43443356; // "V3DC" read as a little-endian u32
const LAYOUT = 1;
const HEADER = 16;
const utf8 = new TextDecoder();

export interface ColumnArrays {
  time: Float64Array;
  session: Uint32Array;
  country: Uint16Array;
  flags: Uint8Array;
  countries: Array<string | null>;
}

/** The answer's bytes from the arrays of the JSON columns answer (a null time becomes NaN). */
export function encodeColumns(c: {
  time: ArrayLike<number | null>;
  session: ArrayLike<number>;
  country: ArrayLike<number>;
  flags: ArrayLike<number>;
  countries: Array<string | null>;
}): Uint8Array {
  const n = c.time.length;
  if (c.session.length !== n || c.country.length !== n || c.flags.length !== n)
    throw new Error('colonnes de longueurs différentes');
  const dictionary = new TextEncoder().encode(JSON.stringify(c.countries));
  const buffer = new ArrayBuffer(HEADER + 15 * n + dictionary.length);
  const header = new DataView(buffer, 0, HEADER);
  header.setUint32(0, MAGIC, true);
  header.setUint32(4, LAYOUT, true);
  header.setUint32(8, n, true);
  header.setUint32(12, dictionary.length, true);
  const time = new Float64Array(buffer, HEADER, n);
  for (let i = 0; i < n; i++) time[i] = c.time[i] ?? NaN;
  new Uint32Array(buffer, HEADER + 8 * n, n).set(c.session);
  new Uint16Array(buffer, HEADER + 12 * n, n).set(c.country);
  new Uint8Array(buffer, HEADER + 14 * n, n).set(c.flags);
  new Uint8Array(buffer, HEADER + 15 * n).set(dictionary);
  return new Uint8Array(buffer);
}

/**
 * The arrays of an answer, each copied into its own buffer (a view over the answer would make IndexedDB
 * store the whole answer once per array). Throws on anything that is not this layout.
 */
export function decodeColumns(buffer: ArrayBuffer): ColumnArrays {
  if (buffer.byteLength < HEADER) throw new Error('réponse binaire tronquée');
  const header = new DataView(buffer, 0, HEADER);
  if (header.getUint32(0, true) !== MAGIC || header.getUint32(4, true) !== LAYOUT)
    throw new Error('réponse binaire inconnue');
  const n = header.getUint32(8, true);
  const m = header.getUint32(12, true);
  if (buffer.byteLength !== HEADER + 15 * n + m) throw new Error('réponse binaire de longueur inattendue');
  const countries: unknown = JSON.parse(utf8.decode(new Uint8Array(buffer, HEADER + 15 * n, m)));
  if (!Array.isArray(countries) || !countries.every((x) => x === null || typeof x === 'string'))
    throw new Error('dictionnaire des pays illisible');
  return {
    time: new Float64Array(buffer.slice(HEADER, HEADER + 8 * n)),
    session: new Uint32Array(buffer.slice(HEADER + 8 * n, HEADER + 12 * n)),
    country: new Uint16Array(buffer.slice(HEADER + 12 * n, HEADER + 14 * n)),
    flags: new Uint8Array(buffer.slice(HEADER + 14 * n, HEADER + 15 * n)),
    countries: countries as Array<string | null>,
  };
}
