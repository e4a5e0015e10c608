// Reads a multipart form of the catalogue: every file is checked against its rule (count, size: 413
// beyond, type by content) while it streams to a temp file (server/files/receiveUpload.ts). Nothing is
// stored here: the caller adopts the files only once everything is valid (withStoredFiles), so a rejected
// upload leaves no file and no row.
import type { FastifyRequest } from 'fastify';

import type { FileRule } from '#domain/product';

import { type ReceivedFile, receiveMultipart } from '../files/receiveUpload';
import type { FileStorage } from '../files/storage';
import { badRequest } from '../http/errors';

export type UploadedFile = ReceivedFile;

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile[]>;
}

export async function readMultipartForm(
  request: FastifyRequest,
  files: FileStorage,
  rules: Record<string, FileRule & { tooMany?: string }>,
): Promise<MultipartForm> {
  return receiveMultipart(request, files, rules);
}

/** A zod failure on the text fields as our 400 {errors: {field: message}}. */
export function fieldErrors(issues: Array<{ path: PropertyKey[]; message: string }>) {
  const errors: Record<string, string> = {};
  for (const i of issues) errors[String(i.path[0] ?? '_')] ??= i.message;
  return badRequest(Object.values(errors).join(' ; '), { errors });
}
