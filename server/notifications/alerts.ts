// Raises the alerts (./alertRules.ts) at most once per day (the company's local day) per product and kind:
// alerts_sent keeps what was raised; each subscriber of the product's company gets a mail through the
// outbox, keyed by product and day, so a repeated tick adds nothing.
import { and, eq, sql } from 'drizzle-orm';

import type { NotificationKind } from '#domain/notifications';

import { rowsOf } from '../db/client';
import { alertsSent } from '../db/schema';
import { alertMail } from './alertMail';
import { type AlertedProduct, collectionStopped, trafficDrop } from './alertRules';
import { arFailures } from './arAlertRule';
import { type JobContext, unsubscribeUrl } from './context';
import { enqueue } from './outbox';

type AlertKind = Extract<NotificationKind, `alert_${string}`>;

const localDay = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

async function raise(ctx: JobContext, now: Date, kind: AlertKind, products: AlertedProduct[]): Promise<number> {
  let added = 0;
  for (const p of products) {
    const day = localDay(now, p.timeZone);
    const [already] = await ctx.db
      .select({ day: alertsSent.day })
      .from(alertsSent)
      .where(and(eq(alertsSent.produitId, p.produitId), eq(alertsSent.kind, kind), eq(alertsSent.day, day)));
    if (already) continue;
    const recipients = rowsOf<{ userId: number; mail: string; prenom: string }>(
      await ctx.db.execute(sql`
        select u.user_id as "userId", u.mail, u.prenom
        from notification_subscriptions s join users u on u.user_id = s.user_id
        where s.alerts and u.is_active and u.entreprise_id = ${p.entrepriseId}
        order by u.user_id`),
    );
    for (const r of recipients) {
      const link = unsubscribeUrl(ctx, r.userId, 'alerts');
      const mail = alertMail(kind, { ...p, prenom: r.prenom, publicUrl: ctx.publicUrl, unsubscribeUrl: link });
      const queued = await enqueue(
        ctx.db,
        { ...mail, to: r.mail, unsubscribeUrl: link, userId: r.userId, kind, periodKey: `${p.produitId}:${day}` },
        now,
      );
      if (queued) added++;
    }
    // After the mails are queued: a crash between the two raises it again, and the outbox's key adds nothing.
    await ctx.db.insert(alertsSent).values({ produitId: p.produitId, kind, day }).onConflictDoNothing();
  }
  return added;
}

export async function enqueueAlerts(ctx: JobContext, now: Date): Promise<number> {
  const stopped = await collectionStopped(ctx.db, now);
  const dropped = await trafficDrop(ctx.db, now);
  const arFailing = await arFailures(ctx.db, now);
  return (
    (await raise(ctx, now, 'alert_collection_stopped', stopped)) +
    (await raise(ctx, now, 'alert_traffic_drop', dropped)) +
    (await raise(ctx, now, 'alert_ar_failures', arFailing))
  );
}
