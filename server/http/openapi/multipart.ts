// Multipart bodies, for the document only: the routes read their parts by hand while they stream
// (server/files/receiveUpload.ts), so Fastify must not validate a body there. A route gives
// `schema.multipart` (its text fields and file rules); the transform (./transform.ts) turns it into the
// operation's multipart/form-data request body with one entry per field, its type, count and size limit.
import { z } from 'zod';

import { MEDIA_TYPES } from '../../files/mediaTypes';

declare module 'fastify' {
  interface FastifySchema {
    /** The multipart/form-data body, documented only (see multipartBody). */
    multipart?: MultipartDoc;
    /** A body read by hand (e.g. JSON sent as text/plain): documented as `schema` under `contentTypes`, not validated by Fastify. */
    documentedBody?: { schema: z.ZodType; contentTypes: readonly string[] };
    /** Rules JSON Schema cannot say (cross-field, checksums): the operation text lists them; their 400 is documented. */
    rules?: readonly string[];
  }
}

export interface MultipartDoc {
  body: z.ZodObject;
  /** Media types accepted per file field (the encoding object of the document). */
  encoding: Record<string, string>;
}

/** What a file rule says about a field (server/files/receiveUpload.ts PartRule, domain/product.ts FileRule). */
interface FileFieldRule {
  kinds: readonly string[];
  maxBytes: number;
  min: number;
  max: number;
  label: string;
}

const MiB = 1024 * 1024;
const size = (bytes: number) => (bytes >= MiB ? `${Math.round(bytes / MiB)} Mo` : `${Math.round(bytes / 1024)} Ko`);

function fileField(rule: FileFieldRule) {
  const file = z.string().meta({
    format: 'binary',
    description: `${rule.label} : ${rule.kinds.join(', ')} (reconnu par son contenu), ${size(rule.maxBytes)} au plus par fichier`,
  });
  const field = rule.max > 1 ? z.array(file).max(rule.max).min(rule.min) : file;
  return rule.min > 0 ? field : field.optional();
}

/** The multipart body of a route: its text fields (zod, as the route checks them) and its file fields' rules. */
export function multipartBody(text: z.ZodRawShape, files: Record<string, FileFieldRule>): MultipartDoc {
  const shape: Record<string, z.core.$ZodType> = { ...text };
  const encoding: Record<string, string> = {};
  for (const [name, rule] of Object.entries(files)) {
    shape[name] = fileField(rule);
    encoding[name] = rule.kinds
      .map((k) => MEDIA_TYPES[k as keyof typeof MEDIA_TYPES] ?? 'application/octet-stream')
      .join(', ');
  }
  return { body: z.object(shape), encoding };
}
