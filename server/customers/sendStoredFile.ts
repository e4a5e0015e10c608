// Streams a stored file with HTTP range support (206 for "bytes=a-b", 416 when unsatisfiable), so a
// video player can stream and seek. The path comes from a server-chosen storage key, never from the request.
import fs from 'node:fs';

import type { FastifyReply, FastifyRequest } from 'fastify';

import type { FileStorage } from '../files/storage';
import { notFound } from '../http/errors';

export interface ByteRange {
  start: number;
  end: number;
}

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

export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStorage,
  key: string | null | undefined,
  type: string,
  downloadName?: string,
) {
  if (!files.exists(key)) throw notFound('Fichier introuvable');
  const file = files.pathOf(key);
  const size = files.size(key);
  reply.header('Accept-Ranges', 'bytes').type(type);
  if (downloadName) reply.header('Content-Disposition', `attachment; filename="${downloadName}"`);
  const range = parseRange(request.headers.range, size);
  if (range === 'invalid') {
    return reply.status(416).header('Content-Range', `bytes */${size}`).send();
  }
  if (!range) {
    reply.header('Content-Length', size);
    return reply.send(fs.createReadStream(file));
  }
  reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', range.end - range.start + 1);
  return reply.send(fs.createReadStream(file, { start: range.start, end: range.end }));
}
