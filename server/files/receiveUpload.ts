// Receives a multipart form without holding its files in memory: each file part streams to its own temp
// file under the storage root, checked as it arrives: its field and count when it starts, its type on its
// first bytes (sniff), its size and the form's total on every chunk. The first failed check answers at once
// and the rest of the body is read and dropped, never kept. Temp files are the caller's to adopt
// (FileStorage.adopt); those left when the answer is sent are removed (installUploadCleanup).
import fs from 'node:fs';
import type { Readable } from 'node:stream';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import { badRequest, HttpError } from '../http/errors';
import { type FileKind, sniff, SNIFF_BYTES } from './sniff';
import type { FileStorage } from './storage';
import { uploadSlotsOf } from './uploadSlots';

/** A text field's value; a part sent as application/json arrives parsed and is kept as its JSON text. */
function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

export interface PartRule {
  kinds: readonly string[];
  maxBytes: number;
  min: number;
  max: number;
  label: string;
  /** The message when more than `max` parts of this field arrive. */
  tooMany?: string;
  /** The message when a part is not of an accepted kind. */
  wrongKind?: string;
  /** A refusal with its own message by the part's file name or sniffed kind (domain/modelFormats.ts). */
  refusal?: (name: string, kind: string | null) => string | null;
}

export interface ReceivedFile {
  /** The temp file holding the part, complete and synced. */
  path: string;
  ext: FileKind;
  size: number;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: Record<string, ReceivedFile[]>;
}

export interface ReceiveOptions {
  /** The 400 detail when the body is not multipart. */
  notMultipart?: string;
  maxFields?: number;
  fieldBytes?: number;
  /** The whole body's limit; by default what the rules allow plus 1 MiB of fields. */
  maxTotalBytes?: number;
}

const MiB = 1024 * 1024;
const mib = (n: number) => `${Math.round(n / MiB)} Mo`;

export const tooLarge = (rule: PartRule) =>
  new HttpError(413, 'Fichier trop volumineux', `${rule.label} : la taille maximale est de ${mib(rule.maxBytes)}.`);
const formTooLarge = (max: number) =>
  new HttpError(413, 'Envoi trop volumineux', `Le formulaire dépasse la taille totale autorisée (${mib(max)}).`);
const busy = () =>
  new HttpError(
    429,
    'Trop de requêtes',
    "Vous avez déjà deux envois de fichiers en cours : attendez qu'ils se terminent, puis réessayez.",
  );
const malformed = () => badRequest('Le formulaire envoyé est incomplet ou mal formé.');
const fieldError = (field: string, message: string) => badRequest(message, { errors: { [field]: message } });
export const tooManyMessage = (rule: PartRule) => rule.tooMany ?? `${rule.label} : ${rule.max} fichier(s) au plus.`;
export const wrongKindMessage = (rule: PartRule) =>
  rule.wrongKind ?? `${rule.label} : type de fichier refusé (attendu : ${rule.kinds.join(', ')}).`;

// The parser's own limits, reached only past ours: a form with more fields or parts than any screen sends.
const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
// busboy's messages for a body cut short or malformed (they carry no code), and a client gone mid-body.
const BROKEN =
  /Unexpected end of (multipart data|form|file)|Malformed (part header|urlencoded form)|terminated early|Boundary (not found|required)|Premature close|aborted/i;

export async function receiveMultipart(
  request: FastifyRequest,
  files: FileStorage,
  rules: Record<string, PartRule>,
  options: ReceiveOptions = {},
): Promise<ReceivedForm> {
  if (!request.isMultipart())
    throw badRequest(options.notMultipart ?? 'Un formulaire multipart/form-data est attendu.');
  const ruleList = Object.values(rules);
  const maxTotal = options.maxTotalBytes ?? ruleList.reduce((n, r) => n + r.max * r.maxBytes, 0) + MiB;
  // A declared length over the total is refused before one byte of the body is read.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxTotal) {
    drain(request);
    throw formTooLarge(maxTotal);
  }
  const release = uploadSlotsOf(files).take(request.user?.userId ?? -1);
  if (!release) {
    drain(request);
    throw busy();
  }

  const temps: string[] = [];
  const form: ReceivedForm = { fields: {}, files: {} };
  const budget = { left: maxTotal, max: maxTotal };
  try {
    const parts = request.parts({
      limits: {
        // One byte over the largest rule, so that our check (with its message) is the one that fires.
        fileSize: Math.max(...ruleList.map((r) => r.maxBytes)) + 1,
        // One file over the allowed total is still announced, so that "too many" gets its own message.
        files: ruleList.reduce((n, r) => n + r.max, 0) + 1,
        fields: options.maxFields ?? 40,
        fieldSize: options.fieldBytes ?? 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (part.valueTruncated) throw fieldError(part.fieldname, `Le champ ${part.fieldname} est trop long.`);
        const value = fieldText(part.value);
        budget.left -= value.length;
        form.fields[part.fieldname] = value;
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule) throw badRequest(`Champ de fichier inattendu : ${part.fieldname}`);
      const list = (form.files[part.fieldname] ??= []);
      // Browsers send an empty, unnamed part for a file input left empty: it may arrive beyond the count.
      if (list.length >= rule.max && part.filename) throw fieldError(part.fieldname, tooManyMessage(rule));
      // Refused by its name before any of its bytes is read (a STEP file: its own message).
      const refused = part.filename ? rule.refusal?.(part.filename, null) : null;
      if (refused) throw fieldError(part.fieldname, refused);
      const temp = await files.tempPath();
      temps.push(temp);
      track(request, temp);
      const received = await receivePart(part.file, temp, part.fieldname, rule, budget);
      if (received.size === 0 && !part.filename) {
        await forget(request, temp);
        continue;
      }
      if (list.length >= rule.max) throw fieldError(part.fieldname, tooManyMessage(rule));
      if (!received.kind) throw fieldError(part.fieldname, wrongKindMessage(rule));
      list.push({ path: temp, ext: received.kind, size: received.size });
    }
    const missing: Record<string, string> = {};
    for (const [field, rule] of Object.entries(rules)) {
      if ((form.files[field]?.length ?? 0) < rule.min) missing[field] = `${rule.label} : fichier requis.`;
    }
    if (Object.keys(missing).length) throw badRequest(Object.values(missing).join(' ; '), { errors: missing });
    return form;
  } catch (err) {
    drain(request);
    await Promise.all(temps.map((t) => forget(request, t)));
    throw asHttpError(err);
  } finally {
    release();
  }
}

/** Streams one part to `temp`: refused on its first bytes when of a wrong kind, on the byte past its limit. */
async function receivePart(
  stream: Readable,
  temp: string,
  field: string,
  rule: PartRule,
  budget: { left: number; max: number },
): Promise<{ size: number; kind: FileKind | null }> {
  const out = await fs.promises.open(temp, 'w', 0o600);
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  const accepted = (kind: FileKind | null): kind is FileKind => !!kind && rule.kinds.includes(kind);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > rule.maxBytes) throw tooLarge(rule);
      if ((budget.left -= chunk.length) < 0) throw formTooLarge(budget.max);
      if (headBytes < SNIFF_BYTES) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF_BYTES) {
          const kind = sniff(Buffer.concat(head), 'unknown');
          if (!accepted(kind)) throw fieldError(field, rule.refusal?.('', kind) ?? wrongKindMessage(rule));
        }
      }
      await out.write(chunk);
    }
    if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge(rule);
    await out.sync();
  } finally {
    await out.close();
  }
  if (size === 0) return { size, kind: null };
  const kind = sniff(Buffer.concat(head).subarray(0, SNIFF_BYTES), size);
  const refused = accepted(kind) ? null : rule.refusal?.('', kind);
  if (refused) throw fieldError(field, refused);
  return { size, kind: accepted(kind) ? kind : null };
}

function asHttpError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const e = err as { code?: string; message?: string };
  if (e.code && LIMIT_CODES.has(e.code)) return badRequest('Le formulaire contient trop de champs ou de fichiers.');
  // What the parser raises for a cut or malformed body is the sender's fault, not a server error.
  if (e.code?.startsWith('FST_') || BROKEN.test(e.message ?? '')) return malformed();
  return err;
}

/** Reads what is left of the body and drops it, so the client gets the answer and no byte is kept. */
function drain(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.removeAllListeners('data');
  raw.resume();
}

// The multipart plugin removes request.tmpUploads when a client goes away before the answer; the onSend
// hook below removes them before any answer, so a refused request leaves nothing even for a moment.
export function track(request: FastifyRequest, temp: string): void {
  (request.tmpUploads ??= []).push(temp);
}

async function forget(request: FastifyRequest, temp: string): Promise<void> {
  await fs.promises.rm(temp, { force: true });
  request.tmpUploads = (request.tmpUploads ?? []).filter((t) => t !== temp);
}

/** Called once adopted: the file is no longer the request's to remove. */
export function adopted(request: FastifyRequest, temp: string): void {
  request.tmpUploads = (request.tmpUploads ?? []).filter((t) => t !== temp);
}

export function installUploadCleanup(app: FastifyInstance): void {
  app.addHook('onSend', async (request) => {
    const left = request.tmpUploads;
    if (!left?.length) return;
    request.tmpUploads = [];
    await Promise.all(left.map((t) => fs.promises.rm(t, { force: true })));
  });
}
