// Reads a multipart form of the catalogue into memory, then checks every file against its rule: count,
// size (413 beyond), type by content (sniff). Nothing is written here: the caller stores the files only
// once everything is valid, so a rejected upload leaves no file and no row.
import type { FastifyRequest } from 'fastify';
import type { FileRule } from '../../../src/domain/product';
import { sniff } from '../../files/sniff';
import { badRequest, HttpError } from '../../http/errors';

export interface UploadedFile {
  data: Buffer;
  ext: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile[]>;
}

const tooLarge = (label: string, maxBytes: number) =>
  new HttpError(413, 'Fichier trop volumineux', `${label} : la taille maximale est de ${Math.round(maxBytes / 1024 / 1024)} Mo.`);

export async function readMultipartForm(
  request: FastifyRequest,
  rules: Record<string, FileRule & { tooMany?: string }>,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Un formulaire multipart/form-data est attendu.');
  const ruleList = Object.values(rules);
  const fileSize = Math.max(...ruleList.map((r) => r.maxBytes));
  // A few files beyond the allowed total are still read, so that "too many images" gets its own message.
  const files = ruleList.reduce((n, r) => n + r.max, 0) + 5;
  const fields: Record<string, string> = {};
  const raw: Record<string, Buffer[]> = {};
  for await (const part of request.parts({ limits: { fileSize, files, fields: 40, fieldSize: 64 * 1024 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (!rules[part.fieldname]) throw badRequest(`Champ de fichier inattendu : ${part.fieldname}`);
      // Browsers send an empty part for a file input left empty.
      if (data.length === 0 && !part.filename) continue;
      (raw[part.fieldname] ??= []).push(data);
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }

  const errors: Record<string, string> = {};
  const out: Record<string, UploadedFile[]> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const list = raw[field] ?? [];
    for (const data of list) if (data.length > rule.maxBytes) throw tooLarge(rule.label, rule.maxBytes);
    if (list.length > rule.max) {
      errors[field] = rule.tooMany ?? `${rule.label} : ${rule.max} fichier(s) au plus.`;
      continue;
    }
    if (list.length < rule.min) {
      errors[field] = `${rule.label} : fichier requis.`;
      continue;
    }
    const parsed: UploadedFile[] = [];
    for (const data of list) {
      const kind = sniff(data);
      if (!kind || !(rule.kinds as string[]).includes(kind)) {
        errors[field] = `${rule.label} : type de fichier refusé (attendu : ${rule.kinds.join(', ')}).`;
        break;
      }
      parsed.push({ data, ext: kind });
    }
    out[field] = parsed;
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors).join(' ; '), { errors });
  return { fields, files: out };
}

/** A zod failure on the text fields as our 400 {errors: {field: message}}. */
export function fieldErrors(issues: Array<{ path: PropertyKey[]; message: string }>) {
  const errors: Record<string, string> = {};
  for (const i of issues) errors[String(i.path[0] ?? '_')] ??= i.message;
  return badRequest(Object.values(errors).join(' ; '), { errors });
}
