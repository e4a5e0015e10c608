// What the jobs share: the database, where links lead and how they are signed, the log.
import type { Db } from '../db/client';
import type { UnsubscribeTarget, UnsubscribeTokens } from './unsubscribeTokens';

export interface JobContext {
  db: Db;
  tokens: UnsubscribeTokens;
  /** The server's public address, without a trailing slash (PUBLIC_URL). */
  publicUrl: string;
  log: { warn(o: object, m: string): void; info(o: object, m: string): void };
}

export const unsubscribeUrl = (ctx: JobContext, userId: number, target: UnsubscribeTarget) =>
  `${ctx.publicUrl}/api/Notifications/unsubscribe/${ctx.tokens.sign(userId, target)}`;
