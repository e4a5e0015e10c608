// A user's subscriptions (notification_subscriptions): read with defaults (no row: nothing), written whole.
import { eq } from 'drizzle-orm';

import type { SubscriptionsInput } from '#domain/notifications';

import type { Db } from '../db/client';
import { notificationSubscriptions } from '../db/schema';
import type { UnsubscribeTarget } from './unsubscribeTokens';

export async function readSubscriptions(db: Db, userId: number): Promise<SubscriptionsInput> {
  const [row] = await db
    .select({ weeklyReport: notificationSubscriptions.weeklyReport, alerts: notificationSubscriptions.alerts })
    .from(notificationSubscriptions)
    .where(eq(notificationSubscriptions.userId, userId));
  return row ?? { weeklyReport: false, alerts: false };
}

export async function writeSubscriptions(db: Db, userId: number, value: SubscriptionsInput): Promise<void> {
  await db
    .insert(notificationSubscriptions)
    .values({ userId, ...value })
    .onConflictDoUpdate({
      target: notificationSubscriptions.userId,
      set: { ...value, updatedAt: new Date() },
    });
}

/** Turns one subscription off (the unsubscribe link); true when the user exists. */
export async function unsubscribe(db: Db, userId: number, target: UnsubscribeTarget): Promise<boolean> {
  const set = target === 'report' ? { weeklyReport: false } : { alerts: false };
  const rows = await db
    .update(notificationSubscriptions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(notificationSubscriptions.userId, userId))
    .returning({ userId: notificationSubscriptions.userId });
  return rows.length > 0;
}
