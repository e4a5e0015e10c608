// Licences of a user and licence types: reading follows the user's reach (keys and MAC addresses only for
// Admin and the licence's own user, docs/permissions.md), every change is Admin only.
// GET /api/Licence/User/{userId}, GET /api/TypeLicence, POST /api/Licence, PUT /api/Licence/{id},
// PUT /api/Licence/{id}/dateactivation, DELETE /api/Licence/{id}.
import { asc, eq } from 'drizzle-orm';

import {
  EXPIRY_PAST_TOLERANCE_MS,
  type Licence,
  LICENCE_DATE_MESSAGES,
  licenceActivationUpdateSchema,
  licenceCreateSchema,
  licenceExpiryUpdateSchema,
  licenceSchema,
  licenceTypeSchema,
} from '#domain/licence';
import { dotnetList } from '#domain/list';
import { readsLicenceKeysOf } from '#domain/permissions';

import { requirePermission } from '../../auth/access';
import type { Db } from '../../db/client';
import { licences, typeLicences } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { listResponse } from '../../http/listSchema';
import { idParams, noContent } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { findReachableUser } from '../userQueries';

const ID_MISMATCH = "L'identifiant de la licence ne correspond pas";
const UNKNOWN_TYPE = 'Type de licence inconnu';
const toDate = (s: string | null | undefined) => (s ? new Date(s) : null);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function selectLicences(db: Db, where: ReturnType<typeof eq>) {
  const rows = await db
    .select({ l: licences, type: typeLicences.type })
    .from(licences)
    .innerJoin(typeLicences, eq(typeLicences.typeLicenceId, licences.typeLicenceId))
    .where(where)
    .orderBy(asc(licences.createdAt), asc(licences.licenceId));
  return rows.map(({ l, type }) => ({
    licenceId: l.licenceId,
    userId: l.userId,
    typeLicenceId: l.typeLicenceId,
    type,
    typeLicenceList: { typeLicenceId: l.typeLicenceId, type },
    licenceKey: l.licenceKey,
    dateActivation: iso(l.dateActivation),
    dateExpiration: iso(l.dateExpiration),
    createdAt: l.createdAt.toISOString(),
    macAdress: l.macAdress,
  }));
}

/** A licence to change (the route's preHandler checked the permission), or 400/404. */
async function adminLicence(db: Db, licenceId: number, bodyId?: number) {
  if (bodyId !== undefined && bodyId !== licenceId) throw badRequest(ID_MISMATCH);
  const [row] = await selectLicences(db, eq(licences.licenceId, licenceId));
  if (!row) throw notFound('Licence introuvable');
  return row;
}

const params = idParams('id');
const manageLicences = requirePermission('licence.manage');
const dateError = (field: string, message: string) => badRequest(message, { errors: { [field]: message } });

const licenceRoutes: RoutePlugin = async (app, { db }) => {
  app.get(
    '/api/Licence/User/:userId',
    {
      schema: {
        tags: ['Licence'],
        params: idParams('userId'),
        response: { 200: listResponse(licenceSchema), ...problems(404) },
      },
    },
    async (request) => {
      const user = await findReachableUser(db, request.user, request.params.userId);
      const rows = await selectLicences(db, eq(licences.userId, user.userId));
      // A colleague sees the state and dates the details screen shows, never the key nor the machine.
      const keys = readsLicenceKeysOf(request.user, user.userId);
      return dotnetList<Licence>(keys ? rows : rows.map((l) => ({ ...l, licenceKey: null, macAdress: null })));
    },
  );

  app.get(
    '/api/TypeLicence',
    { schema: { tags: ['Licence'], response: { 200: listResponse(licenceTypeSchema) } } },
    async () => dotnetList(await db.select().from(typeLicences).orderBy(asc(typeLicences.typeLicenceId))),
  );

  app.post(
    '/api/Licence',
    {
      preHandler: manageLicences,
      schema: {
        tags: ['Licence'],
        body: licenceCreateSchema,
        rules: [UNKNOWN_TYPE, LICENCE_DATE_MESSAGES.expiryBeforeActivation],
        response: { 201: licenceSchema, ...problems(404) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const user = await findReachableUser(db, request.user, body.UserId);
      const [type] = await db.select().from(typeLicences).where(eq(typeLicences.typeLicenceId, body.TypeLicenceId));
      if (!type) throw badRequest(UNKNOWN_TYPE, { errors: { TypeLicenceId: UNKNOWN_TYPE } });
      const activation = toDate(body.DateActivation);
      const expiration = toDate(body.DateExpiration);
      if (activation && expiration && expiration <= activation)
        throw dateError('DateExpiration', LICENCE_DATE_MESSAGES.expiryBeforeActivation);
      const [{ licenceId }] = await db
        .insert(licences)
        .values({
          userId: user.userId,
          typeLicenceId: type.typeLicenceId,
          licenceKey: body.LicenceKey,
          dateActivation: activation,
          dateExpiration: expiration,
        })
        .returning({ licenceId: licences.licenceId });
      request.log.info({ event: 'licence.created', licenceId, userId: user.userId, by: request.user.userId });
      const [created] = await selectLicences(db, eq(licences.licenceId, licenceId));
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/Licence/:id',
    {
      preHandler: manageLicences,
      schema: {
        tags: ['Licence'],
        params,
        body: licenceExpiryUpdateSchema,
        rules: [ID_MISMATCH, LICENCE_DATE_MESSAGES.expiryInPast, LICENCE_DATE_MESSAGES.expiryBeforeActivation],
        response: { 200: licenceSchema, ...problems(404) },
      },
    },
    async (request) => {
      const licence = await adminLicence(db, request.params.id, request.body.LicenceId);
      const expiration = toDate(request.body.DateExpiration);
      if (expiration && expiration.getTime() < Date.now() - EXPIRY_PAST_TOLERANCE_MS)
        throw dateError('DateExpiration', LICENCE_DATE_MESSAGES.expiryInPast);
      const activation = toDate(licence.dateActivation);
      if (expiration && activation && expiration <= activation)
        throw dateError('DateExpiration', LICENCE_DATE_MESSAGES.expiryBeforeActivation);
      await db.update(licences).set({ dateExpiration: expiration }).where(eq(licences.licenceId, licence.licenceId));
      request.log.info({ event: 'licence.expiry_changed', licenceId: licence.licenceId, by: request.user.userId });
      return (await selectLicences(db, eq(licences.licenceId, licence.licenceId)))[0];
    },
  );

  app.put(
    '/api/Licence/:id/dateactivation',
    {
      preHandler: manageLicences,
      schema: {
        tags: ['Licence'],
        params,
        body: licenceActivationUpdateSchema,
        rules: [ID_MISMATCH, LICENCE_DATE_MESSAGES.activationAfterExpiry],
        response: { 200: licenceSchema, ...problems(404) },
      },
    },
    async (request) => {
      const licence = await adminLicence(db, request.params.id, request.body.LicenceId);
      const activation = toDate(request.body.DateActivation);
      const expiration = toDate(licence.dateExpiration);
      if (activation && expiration && activation >= expiration)
        throw dateError('DateActivation', LICENCE_DATE_MESSAGES.activationAfterExpiry);
      await db.update(licences).set({ dateActivation: activation }).where(eq(licences.licenceId, licence.licenceId));
      request.log.info({ event: 'licence.activation_changed', licenceId: licence.licenceId, by: request.user.userId });
      return (await selectLicences(db, eq(licences.licenceId, licence.licenceId)))[0];
    },
  );

  app.delete(
    '/api/Licence/:id',
    {
      preHandler: manageLicences,
      schema: { tags: ['Licence'], params, response: { 204: noContent, ...problems(404) } },
    },
    async (request, reply) => {
      const licence = await adminLicence(db, request.params.id);
      await db.delete(licences).where(eq(licences.licenceId, licence.licenceId));
      request.log.info({ event: 'licence.deleted', licenceId: licence.licenceId, by: request.user.userId });
      return reply.status(204).send();
    },
  );
};

export default licenceRoutes;
