// Slow clients ("slowloris"): a connection that sends its request a byte at a time holds a socket, and the
// memory of a request, for as long as it likes; enough of them and the server runs out of sockets for
// everyone. Fastify turns off Node's request timeout (large uploads must not be cut), so nothing ended a
// body that never finishes. The bounds below (docs/security-dos.md, "Slow clients"):
// - the header block must be complete within `headersMs` of its first byte (Node's headersTimeout, checked
//   every `checkEveryMs`; the answer is the 408 of `clientErrorHandler`);
// - a socket that neither sends nor receives for `idleMs` is closed (a stalled upload included);
// - a body the server parses (JSON, text, form) must arrive at `bodyMinRate` bytes per second on average
//   after a grace of `bodyGraceMs`: 408 "Délai dépassé" otherwise. Multipart forms are read by their routes
//   straight from the socket, and only by a signed-in user with a bounded number of uploads at once
//   (docs/uploads.md): the idle bound is theirs;
// - an answer sent before the request's body was all received (a 401 before the body, a 413) closes the
//   connection: otherwise Node reads and drops the rest of that body, at the client's pace.
import type { Server } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';

import type { FastifyHttpOptions, FastifyInstance, FastifyRequest } from 'fastify';

export interface SlowClientLimits {
  headersMs: number;
  idleMs: number;
  bodyGraceMs: number;
  bodyMinRate: number;
  checkEveryMs: number;
}

export const SLOW_CLIENT_LIMITS: SlowClientLimits = {
  headersMs: 15_000,
  idleMs: 60_000,
  bodyGraceMs: 10_000,
  bodyMinRate: 1024,
  checkEveryMs: 1_000,
};

/** Fastify's server options for the header and idle bounds. */
export function slowClientServerOptions(
  limits: SlowClientLimits,
): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'http'> {
  return {
    connectionTimeout: limits.idleMs,
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkEveryMs },
  };
}

class BodyTooSlowError extends Error {
  readonly statusCode = 408;
  readonly code = 'BODY_TOO_SLOW';
  constructor() {
    super('request body below the minimum rate');
  }
}

/**
 * The body as Fastify's parser reads it, through a stream that fails with a 408 once the bytes received
 * fall behind the minimum rate. One timer per body, moved on only when it fires.
 */
function paced(payload: Readable, limits: SlowClientLimits): PassThrough {
  const started = performance.now();
  let received = 0;
  const out = new PassThrough() as PassThrough & { receivedEncodedLength: number };
  out.receivedEncodedLength = 0;
  const deadline = () => started + limits.bodyGraceMs + (received / limits.bodyMinRate) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const late = performance.now() - deadline();
    if (late < 0) {
      timer = setTimeout(check, -late);
      return;
    }
    // The socket stays: the parser's error answers 408 with `Connection: close`.
    payload.unpipe(out);
    out.destroy(new BodyTooSlowError());
  };
  timer = setTimeout(check, limits.bodyGraceMs);
  const stop = () => clearTimeout(timer);
  payload.on('data', (chunk: Buffer) => {
    received += chunk.length;
    out.receivedEncodedLength = received;
  });
  payload.on('error', (err) => out.destroy(err));
  // Fastify's parser listens for errors while it reads; when no parser reads (an answer given before it
  // ran, a 415), an error with no listener would be uncaught and end the process.
  out.on('error', () => {});
  // 'finish': the whole body has been received (whether or not it has been read yet).
  out.on('finish', stop);
  out.on('close', stop);
  payload.pipe(out);
  return out;
}

/** How to let go of each request's paced body, once it is answered. */
const bodies = new WeakMap<FastifyRequest, () => void>();
function endBody(request: FastifyRequest) {
  bodies.get(request)?.();
  bodies.delete(request);
}

/** A body Fastify's parsers will read: not a multipart form, not a method without one. */
function parsedBody(method: string, headers: Record<string, string | string[] | undefined>): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  const length = headers['content-length'];
  if (headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return false;
  return !/^multipart\//i.test(String(headers['content-type'] ?? ''));
}

export function installSlowClientGuard(app: FastifyInstance, limits: SlowClientLimits): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!parsedBody(request.method, request.headers)) return payload;
    const body = paced(payload, limits);
    bodies.set(request, () => {
      payload.unpipe(body);
      body.destroy();
    });
    return body;
  });
  // Answered (or abandoned by the client): what the body still holds, and its timer, go.
  app.addHook('onResponse', async (request) => endBody(request));
  app.addHook('onRequestAbort', async (request) => endBody(request));
  app.addHook('onSend', async (request, reply, payload) => {
    // `complete` is Node's; an injected request (tests, app.inject) has none and is left alone.
    if (request.raw.complete === false) reply.header('connection', 'close');
    return payload;
  });
}
