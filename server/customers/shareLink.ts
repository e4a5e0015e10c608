// A share link as its public routes see it (routes/shareLink.ts): the token looked up with what the
// customer's page shows, and a counted view, which also marks the proposition "Vidéo vue".
import { eq, sql } from 'drizzle-orm';

import { furthestStatus, STATUS, STATUS_LABELS } from '#domain/proposition';

import type { Db } from '../db/client';
import { customers, entreprises, propositions, videoAccessTokens } from '../db/schema';
import type { LinkRefusal } from './linkErrorPage';

const TOKEN = /^[0-9a-f]{32,128}$/;

export interface ShareLink {
  id: number;
  token: string;
  propositionId: number;
  expiresAt: Date;
  description: string | null;
  video: string | null;
  pdf: string | null;
  company: string;
  timeZone: string;
}

/** The link of a token, or why it is refused: unknown (or replaced), expired. */
export async function findShareLink(db: Db, raw: string): Promise<ShareLink | LinkRefusal> {
  const token = raw.toLowerCase();
  if (!TOKEN.test(token)) return 'invalid';
  const [link] = await db
    .select({
      id: videoAccessTokens.id,
      token: videoAccessTokens.token,
      propositionId: propositions.propositionId,
      expiresAt: videoAccessTokens.expiresAt,
      description: propositions.description,
      video: propositions.cheminVideo,
      pdf: propositions.cheminPdf,
      company: entreprises.nomEntreprise,
      timeZone: entreprises.timeZone,
    })
    .from(videoAccessTokens)
    .innerJoin(propositions, eq(propositions.propositionId, videoAccessTokens.propositionId))
    .innerJoin(customers, eq(customers.customerId, propositions.customerId))
    .innerJoin(entreprises, eq(entreprises.entrepriseId, customers.entrepriseId))
    .where(eq(videoAccessTokens.token, token));
  if (!link) return 'invalid';
  if (link.expiresAt.getTime() <= Date.now()) return 'expired';
  return link;
}

/**
 * The statuses a watch moves forward: those before "Vidéo vue" in the order of `furthestStatus`. A status
 * already there, or one this server does not know (written by another server), is kept.
 */
const BEFORE_VIEWED = STATUS_LABELS.filter((l) => l !== STATUS.viewed && furthestStatus(l, STATUS.viewed) !== l);

/**
 * One counted view of the link (server/customers/viewCounter.ts decides when): its count grows and its
 * proposition's status becomes "Vidéo vue", in one statement so that neither is ever written alone.
 */
export async function recordView(db: Db, linkId: number): Promise<void> {
  const before = sql.join(
    BEFORE_VIEWED.map((l) => sql`${l}`),
    sql`, `,
  );
  await db.execute(sql`
    WITH counted AS (
      UPDATE video_access_tokens SET view_count = view_count + 1 WHERE id = ${linkId} RETURNING proposition_id
    )
    UPDATE propositions SET status_name = ${STATUS.viewed}
    FROM counted
    WHERE propositions.proposition_id = counted.proposition_id
      AND (propositions.status_name IS NULL OR propositions.status_name IN (${before}))`);
}
