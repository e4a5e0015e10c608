// What a user reaches among customers and propositions (reachableCustomersWhere), with their API shapes.
// Anything out of reach answers 404 like a missing record: no existence leak.
import { and, asc, eq, type SQL } from 'drizzle-orm';

import type { Proposition } from '#domain/proposition';

import { reachableCustomersWhere } from '../auth/access';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { customers, propositions, videoAccessTokens } from '../db/schema';
import { notFound } from '../http/errors';
import { listCustomers } from './customerList';

export const CUSTOMER_NOT_FOUND = 'Client non trouvé';
export const PROPOSITION_NOT_FOUND = 'Proposition introuvable';

export async function reachableCustomer(db: Db, user: SessionUser, customerId: number) {
  const [row] = await listCustomers(db, and(eq(customers.customerId, customerId), reachableCustomersWhere(user))!);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row;
}

/** Propositions matching `where` (joined to their customer), oldest first, in the API shape. */
export async function listPropositions(db: Db, where: SQL) {
  const rows = await db
    .select({
      propositionId: propositions.propositionId,
      customerId: propositions.customerId,
      description: propositions.description,
      dateCreation: propositions.dateCreation,
      statusName: propositions.statusName,
      cheminVideo: propositions.cheminVideo,
      cheminPdf: propositions.cheminPdf,
      token: videoAccessTokens.token,
      expiresAt: videoAccessTokens.expiresAt,
      viewCount: videoAccessTokens.viewCount,
    })
    .from(propositions)
    .innerJoin(customers, eq(customers.customerId, propositions.customerId))
    .leftJoin(videoAccessTokens, eq(videoAccessTokens.propositionId, propositions.propositionId))
    .where(where)
    .orderBy(asc(propositions.dateCreation), asc(propositions.propositionId));
  return rows.map((r) => ({ row: r, api: toApi(r) }));
}

type Row = Awaited<ReturnType<typeof listPropositions>>[number]['row'];

/** The storage keys stay on the server: the app gets the watch path and whether a PDF exists. */
function toApi(r: {
  propositionId: number;
  customerId: number;
  description: string | null;
  dateCreation: Date;
  statusName: string | null;
  cheminVideo: string | null;
  cheminPdf: string | null;
  token: string | null;
  expiresAt: Date | null;
  viewCount: number | null;
}): Proposition {
  return {
    propositionId: r.propositionId,
    customerId: r.customerId,
    description: r.description,
    dateCreation: r.dateCreation.toISOString(),
    statusName: r.statusName,
    cheminVideo: r.cheminVideo ? `/api/Video/watch/${r.propositionId}` : null,
    hasPdf: !!r.cheminPdf,
    videoAccessToken:
      r.token && r.expiresAt
        ? { token: r.token, expiresAt: r.expiresAt.toISOString(), viewCount: r.viewCount ?? 0 }
        : null,
  };
}

/** A proposition of a customer the user reaches, with its stored file keys; 404 otherwise. */
export async function reachableProposition(
  db: Db,
  user: SessionUser,
  propositionId: number,
): Promise<{ row: Row; api: Proposition }> {
  const [found] = await listPropositions(
    db,
    and(eq(propositions.propositionId, propositionId), reachableCustomersWhere(user))!,
  );
  if (!found) throw notFound(PROPOSITION_NOT_FOUND);
  return found;
}
