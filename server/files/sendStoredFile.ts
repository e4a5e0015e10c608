// Streams a stored file, from either store (server/files/storage.ts), with HTTP range support (206 for
// "bytes=a-b", 416 when unsatisfiable) so that a video player can stream and seek, and its ETag (304 to a
// matching If-None-Match) so that a browser revalidates instead of downloading again. The key comes from a
// row, never from the request.
import { Readable } from 'node:stream';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { notFound } from '../http/errors';
import type { ByteRange, FileStorage } from './storage';

export type { ByteRange };

/** Parses a single "bytes=" range against the file size: null when absent or multi-range, 'invalid' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a, b] = m;
  if (a === '' && b === '') return 'invalid';
  let start: number;
  let end: number;
  if (a === '') {
    // Suffix range: the last b bytes.
    start = Math.max(0, size - Number(b));
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export interface SendOptions {
  /** Content-Disposition: attachment with this name. */
  downloadName?: string;
  /** Content-Disposition as given (a catalogue file shown inline). */
  disposition?: string;
  /** The 404's detail. */
  missing?: string;
}

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStorage,
  key: string | null | undefined,
  type: string,
  options: SendOptions | string = {},
) {
  const { downloadName, disposition, missing } = typeof options === 'string' ? { downloadName: options } : options;
  const stat = key ? await files.stat(key) : null;
  if (!key || !stat) throw notFound(missing ?? 'Fichier introuvable');
  const { size, etag } = stat;
  reply.header('Accept-Ranges', 'bytes').header('ETag', etag).type(type);
  if (downloadName) reply.header('Content-Disposition', `attachment; filename="${downloadName}"`);
  else if (disposition) reply.header('Content-Disposition', disposition);
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  const range = parseRange(request.headers.range, size);
  if (range === 'invalid') {
    return reply.status(416).header('Content-Range', `bytes */${size}`).send();
  }
  // A HEAD reads nothing from the store; Fastify's HEAD route keeps the Content-Length of a stream answer.
  const body = (r?: ByteRange) => (request.method === 'HEAD' ? Readable.from([]) : files.read(key, r));
  if (!range) {
    reply.header('Content-Length', size);
    return reply.send(await body());
  }
  reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', range.end - range.start + 1);
  return reply.send(await body(range));
}
