// A small MaxMind DB (MMDB format 2.0) writer for tests: the country lookup of POST /api/collect reads the
// operator's database with mmdb-lib (docs/viewer.md, "Country"), and no IP-to-country data under a licence
// the project accepts can be shipped, so the tests make their own file with a few networks. IPv6 tree,
// 24-bit records; IPv4 networks sit under ::/96, where readers look for them.
import net from 'node:net';

type Value = string | number | boolean | Value[] | { [key: string]: Value };

/** Control byte(s) of a field: type in the top 3 bits (0 = extended, next byte type - 7), size after. */
function head(type: number, size: number): Buffer {
  const ext = type > 7;
  const first = (ext ? 0 : type << 5) | (size < 29 ? size : size < 285 ? 29 : size < 65_821 ? 30 : 31);
  const bytes = [first];
  if (ext) bytes.push(type - 7);
  if (size >= 29 && size < 285) bytes.push(size - 29);
  else if (size >= 285 && size < 65_821) bytes.push((size - 285) >> 8, (size - 285) & 0xff);
  else if (size >= 65_821)
    bytes.push(((size - 65_821) >> 16) & 0xff, ((size - 65_821) >> 8) & 0xff, (size - 65_821) & 0xff);
  return Buffer.from(bytes);
}

function unsigned(type: number, n: number): Buffer {
  const digits: number[] = [];
  for (let v = BigInt(n); v > 0n; v >>= 8n) digits.unshift(Number(v & 0xffn));
  return Buffer.concat([head(type, digits.length), Buffer.from(digits)]);
}

function encode(value: Value, uintType = 6): Buffer {
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(2, text.length), text]);
  }
  if (typeof value === 'number') return unsigned(uintType, value);
  if (typeof value === 'boolean') return head(14, value ? 1 : 0);
  if (Array.isArray(value)) return Buffer.concat([head(11, value.length), ...value.map((v) => encode(v))]);
  const entries = Object.entries(value);
  return Buffer.concat([
    head(7, entries.length),
    ...entries.flatMap(([k, v]) => [encode(k), encode(v, METADATA_UINT16.has(k) ? 5 : k === 'build_epoch' ? 9 : 6)]),
  ]);
}
const METADATA_UINT16 = new Set([
  'record_size',
  'ip_version',
  'binary_format_major_version',
  'binary_format_minor_version',
]);

/** The 128 bits of a network's first address (IPv4 mapped under ::/96) and its prefix length among them. */
function bits(cidr: string): number[] {
  const [address, length] = cidr.split('/');
  const v4 = net.isIPv4(address);
  const bytes: number[] = v4 ? [...Array(12).fill(0), ...address.split('.').map(Number)] : expand(address);
  const all = bytes.flatMap((b) => Array.from({ length: 8 }, (_, i) => (b >> (7 - i)) & 1));
  return all.slice(0, Number(length) + (v4 ? 96 : 0));
}

function expand(v6: string): number[] {
  const [left, right = ''] = v6.split('::');
  const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const l = groups(left);
  const r = groups(right);
  const words = [...l, ...Array(8 - l.length - r.length).fill(0), ...r];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

interface Node {
  children: [Node | number | null, Node | number | null];
}

/** A database answering `records[cidr]` for the addresses of each network (networks must not overlap); other
 * addresses find nothing. */
export function writeMmdb(records: Record<string, Value>, databaseType = 'Test-Country'): Buffer {
  const data: Buffer[] = [];
  let dataSize = 0;
  const root: Node = { children: [null, null] };
  for (const [cidr, record] of Object.entries(records)) {
    const offset = dataSize;
    const encoded = encode(record);
    data.push(encoded);
    dataSize += encoded.length;
    const path = bits(cidr);
    let node = root;
    path.forEach((bit, i) => {
      if (i === path.length - 1) node.children[bit] = offset;
      else {
        const next = node.children[bit];
        node = typeof next === 'object' && next ? next : (node.children[bit] = { children: [null, null] });
      }
    });
  }
  // Nodes numbered breadth first; a record is a node's number, nodeCount (nothing) or nodeCount + 16 + offset.
  const nodes: Node[] = [root];
  for (let i = 0; i < nodes.length; i++)
    for (const c of nodes[i].children) if (c && typeof c === 'object') nodes.push(c);
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  nodes.forEach((n, i) =>
    n.children.forEach((c, side) => {
      const value = c === null ? count : typeof c === 'number' ? count + 16 + c : nodes.indexOf(c);
      tree.writeUIntBE(value, i * 6 + side * 3, 3);
    }),
  );
  const metadata = encode({
    node_count: count,
    record_size: 24,
    ip_version: 6,
    database_type: databaseType,
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: Math.floor(Date.now() / 1000),
    description: { en: 'Test data made by tests/helpers/mmdb.ts' },
  });
  return Buffer.concat([tree, Buffer.alloc(16), ...data, Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'), metadata]);
}
