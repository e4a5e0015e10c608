// The route → operation transform of the OpenAPI document. The zod type provider's transform does the
// schemas; this one adds what every route shares, derived from the same facts the server acts on:
// - security: a route with `config.public` says `security: []` (the guard skips it, server/auth/guard.ts);
//   every other one inherits the global bearer scheme and may answer 401 and 403;
// - 400 wherever a path, query or body is validated (a path parameter over the router's length limit
//   too: server/http/errorHandler.ts), 413 and 415 wherever a body is read, 503 everywhere
//   (the database gone: server/http/errorHandler.ts), with Retry-After where the server sends it;
// - 204 answers without content; multipart bodies (./multipart.ts) documented without being validated;
// - rules JSON Schema cannot say (`schema.rules`) listed in the operation text and under `x-rules`;
// - the roles a `requirePermission` preHandler lets through, in the text and under `x-roles`.
import './multipart';

import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { type Action, PERMISSIONS } from '#domain/permissions';

import { isEmptyAnswer, MAX_PARAM_LENGTH } from './params';
import { PROBLEM_DESCRIPTIONS, problemSchema, type ProblemStatus, RETRY_AFTER_STATUSES } from './problem';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonObject = Record<string, unknown>;

const RETRY_AFTER = { type: 'integer', minimum: 0, description: 'Secondes à attendre avant de réessayer' };

function standardProblems(schema: FastifySchema, isPublic: boolean): ProblemStatus[] {
  const out: ProblemStatus[] = [];
  const readsBody = !!(schema.body || schema.multipart || schema.documentedBody);
  if (readsBody || schema.params || schema.querystring) out.push(400);
  if (!isPublic) out.push(401, 403);
  // A body of another type than the one documented (server/http/bodyTypes.ts).
  if (readsBody) out.push(413, 415);
  out.push(503);
  return out;
}

/** The action a route's `requirePermission` preHandler checks (server/auth/access.ts), if any. */
function permissionOf(preHandler: unknown): Action | undefined {
  for (const hook of [preHandler ?? []].flat()) {
    const action = (hook as { permission?: Action }).permission;
    if (action) return action;
  }
  return undefined;
}

export function openapiTransform(input: TransformInput) {
  const { schema, route } = input;
  if (!schema || (schema as { hide?: boolean }).hide) return jsonSchemaTransform(input);
  const isPublic = !!route.config?.public;
  const {
    multipart,
    documentedBody,
    rules,
    response = {},
    ...rest
  } = schema as FastifySchema & { response?: Record<string, unknown> };
  const responses: Record<string, unknown> = { ...(response as object) };
  for (const status of standardProblems(schema, isPublic)) responses[status] ??= problemSchema;
  const empty = Object.entries(responses).filter(([, r]) => isEmptyAnswer(r)) as Array<[string, z.ZodType]>;
  for (const [s] of empty) delete responses[s];

  const zodSchema: JsonObject = { ...rest, response: responses };
  if (multipart) {
    zodSchema.body = multipart.body;
    zodSchema.consumes = ['multipart/form-data'];
  }
  if (documentedBody) {
    zodSchema.body = documentedBody.schema;
    zodSchema.consumes = documentedBody.contentTypes;
  }
  const out = jsonSchemaTransform({ ...input, schema: zodSchema });
  const transformed = out.schema as JsonObject & {
    response: Record<string, JsonObject>;
    params?: { properties?: Record<string, JsonObject> };
  };
  // No path parameter is longer than the router takes, whatever its own schema allows (./params.ts).
  for (const param of Object.values(transformed.params?.properties ?? {})) {
    const max = typeof param.maxLength === 'number' ? param.maxLength : Infinity;
    param.maxLength = Math.min(max, MAX_PARAM_LENGTH);
  }

  for (const [status, description] of Object.entries(PROBLEM_DESCRIPTIONS)) {
    const answer = transformed.response[status];
    if (!answer) continue;
    answer.description = description;
    if (RETRY_AFTER_STATUSES.includes(Number(status))) answer.headers = { 'Retry-After': RETRY_AFTER };
  }
  for (const [s, r] of empty) transformed.response[s] = { type: 'null', description: r.meta()?.description };
  if (isPublic) transformed.security = [];
  const action = permissionOf(route.preHandler);
  if (action) {
    // The roles the route's preHandler lets through, from the table the server checks (domain/permissions.ts).
    const roles = PERMISSIONS[action];
    const text = `Rôles autorisés : ${roles.join(', ')} ; les autres rôles reçoivent 403.`;
    transformed.description = [text, transformed.description].filter(Boolean).join('\n\n');
    transformed['x-roles'] = roles;
  }
  if (rules?.length) {
    const text = `Règles vérifiées par le serveur (400 sinon) :\n${rules.map((r) => `- ${r}`).join('\n')}`;
    transformed.description = [transformed.description, text].filter(Boolean).join('\n\n');
    transformed['x-rules'] = rules;
  }
  if (multipart) transformed['x-multipart-encoding'] = multipart.encoding;
  return out;
}
