// The outbox (mail_outbox): a mail is a row before it is sent. Enqueueing is idempotent by the unique key
// (user, kind, period_key), so a tick repeated by a restart or by another instance adds nothing; sending
// marks sent_at, and a failure is retried with a doubling delay (1 min, 2, 4… at most 6 h), MAX_ATTEMPTS times.
import { and, asc, eq, isNull, lt, lte } from 'drizzle-orm';

import type { NotificationKind } from '#domain/notifications';

import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Mailer, OutgoingMail } from './mailer';

export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 3600_000;
/** Mails sent per tick at most: a long queue drains over the next ticks, not in one. */
const BATCH = 50;

export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);

export interface QueuedMail extends OutgoingMail {
  userId: number;
  kind: NotificationKind;
  periodKey: string;
}

/** Adds the mail unless its key is already there; true when added. */
export async function enqueue(db: Db, mail: QueuedMail, now: Date): Promise<boolean> {
  const rows = await db
    .insert(mailOutbox)
    .values({
      userId: mail.userId,
      kind: mail.kind,
      periodKey: mail.periodKey,
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      unsubscribeUrl: mail.unsubscribeUrl,
      inlineImages: mail.images ?? [],
      nextAttemptAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

export interface SendResult {
  sent: number;
  failed: number;
}

/** Sends the mails due at `now`, oldest first; each outcome is stored as soon as it is known. */
export async function sendPending(
  db: Db,
  mailer: Mailer,
  now: Date,
  log: { warn(o: object, m: string): void },
): Promise<SendResult> {
  const due = await db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(mailOutbox.id))
    .limit(BATCH);
  const result = { sent: 0, failed: 0 };
  for (const row of due) {
    const attempts = row.attempts + 1;
    try {
      await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        unsubscribeUrl: row.unsubscribeUrl,
        images: row.inlineImages,
      });
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), attempts, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      result.sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
      log.warn({ event: 'mail.send_failed', id: row.id, attempts, err: message }, 'mail not sent, retried later');
      result.failed++;
    }
  }
  return result;
}
