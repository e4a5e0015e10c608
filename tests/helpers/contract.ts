// The OpenAPI document as a test oracle (issue 21): every answer an API test receives through
// createTestApp (tests/helpers/app.ts) is checked against the operation its method and path match: the
// status is documented, the content type is one the document gives for it, and a JSON body follows the
// schema. An answer the document does not describe fails the test that received it.
import zlib from 'node:zlib';

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

// ajv-formats is CommonJS: its default export is the function under ESM interop.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type Json = Record<string, unknown>;
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: Json;
}
export interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Json }>;
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: Json; encoding?: Record<string, { contentType: string }> }>;
  };
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
  security?: unknown[];
  'x-rules'?: string[];
  'x-roles'?: string[];
  description?: string;
}
export interface OperationRef {
  method: string;
  path: string;
  operation: Operation;
}

const DOC_ID = 'openapi.json';

/** A path template as a case-insensitive pattern (the router ignores case and a trailing slash). */
function templatePattern(path: string): RegExp {
  const body = path
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}/?$`, 'i');
}

/** Per segment, 0 static and 1 parameter: the smaller, the more specific. */
const templateRank = (path: string) =>
  path
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '1' : '0'))
    .join('');

/** Answers that carry no body to check. */
const BODILESS = new Set([204, 304]);

export class Contract {
  readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly routes: Array<{ pattern: RegExp; rank: string; path: string }>;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDocument) {
    addFormats(this.ajv);
    // OpenAPI's own formats, not JSON Schema's: anything goes (binary bodies are not JSON).
    for (const f of ['binary', 'int32', 'int64', 'float', 'double', 'password', 'byte']) this.ajv.addFormat(f, true);
    this.ajv.addSchema({ $id: DOC_ID, components: doc.components ?? {} });
    this.routes = Object.keys(doc.paths)
      .map((path) => ({ path, pattern: templatePattern(path), rank: templateRank(path) }))
      // A static segment wins over a parameter, as in the router.
      .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  }

  /** The documented operation a request reaches, if any. */
  find(method: string, url: string): OperationRef | null {
    let pathname: string;
    try {
      pathname = decodeURI(url.split('?')[0]);
    } catch {
      return null; // an address the server cannot decode reaches no operation (it answers 400 before routing)
    }
    const m = method.toLowerCase();
    // Only the most specific paths: a static path without the method answers 405 (server/http/methods.ts),
    // it is not handed to a parametric sibling that has the method.
    const matching = this.routes.filter((r) => r.pattern.test(pathname));
    for (const r of matching.filter((x) => x.rank === matching[0]?.rank)) {
      const operation = this.doc.paths[r.path][m];
      if (operation) return { method: m, path: r.path, operation };
    }
    return null;
  }

  /** A validator of a schema taken from the document ($refs resolve against its components). */
  validator(schema: Json): ValidateFunction {
    const key = JSON.stringify(schema);
    let v = this.validators.get(key);
    if (!v) {
      const rewritten = JSON.parse(key.replaceAll('"$ref":"#/', `"$ref":"${DOC_ID}#/`));
      v = this.ajv.compile(rewritten);
      this.validators.set(key, v);
    }
    return v;
  }

  /** The problems of one answer against the document (empty: it conforms). */
  check(
    method: string,
    url: string,
    res: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'rawPayload'>,
  ): string[] {
    if (method.toUpperCase() === 'HEAD' || method.toUpperCase() === 'OPTIONS') return [];
    const found = this.find(method, url);
    if (!found) return [];
    const where = `${method.toUpperCase()} ${found.path} → ${res.statusCode}`;
    const answer = found.operation.responses[String(res.statusCode)];
    if (!answer)
      return [`${where}: status not documented (documented: ${Object.keys(found.operation.responses).join(', ')})`];
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    const bytes = decode(res.rawPayload, res.headers['content-encoding']);
    if (!answer.content) {
      if (bytes.length > 0 && !BODILESS.has(res.statusCode))
        return [`${where}: a body (${type}) where the document says no content`];
      return [];
    }
    if (BODILESS.has(res.statusCode)) return [];
    const media = answer.content[type];
    if (!media)
      return [
        `${where}: content type "${type}" not documented (documented: ${Object.keys(answer.content).join(', ')})`,
      ];
    if (!type.endsWith('json') || !media.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      return [`${where}: the body is not JSON`];
    }
    const validate = this.validator(media.schema);
    if (validate(body)) return [];
    const first = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || '/'} ${e.message}`)
      .join('; ');
    return [`${where}: body does not follow the schema: ${first}`];
  }
}

function decode(raw: Buffer, encoding: unknown): Buffer {
  if (encoding === 'gzip') return zlib.gunzipSync(raw);
  if (encoding === 'br') return zlib.brotliDecompressSync(raw);
  if (encoding === 'deflate') return zlib.inflateSync(raw);
  return raw;
}
