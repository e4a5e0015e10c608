// Enqueues the weekly reports that are due: from Monday 08:00 in the company's zone, the week that ended at
// Monday 00:00, once per user (the outbox's key is the week's Monday). A server down on Monday morning sends
// it at its first tick of the week after 08:00.
import { sql } from 'drizzle-orm';

import { rowsOf } from '../db/client';
import { type JobContext, unsubscribeUrl } from './context';
import type { InlineImage } from './mailer';
import { enqueue } from './outbox';
import { type ArPlatformWeek, weekAr } from './weekAr';
import { CHART_CID, chartPng } from './weekChart';
import { addDays } from './weekDates';
import { type DayCount, weekDays } from './weekDays';
import { type TopProduct, topProducts, type WeekFigures, weekFigures } from './weekFigures';
import { weeklyReport } from './weeklyReport';
import { type WeekNote, weekNotes } from './weekNotes';

/** The hour (local) from which Monday's report is due. */
export const REPORT_HOUR = 8;

interface DueReport {
  userId: number;
  mail: string;
  prenom: string;
  entrepriseId: number;
  company: string;
  timeZone: string;
  weekStart: string;
}

interface CompanyWeek {
  current: WeekFigures;
  previous: WeekFigures;
  top: TopProduct[];
  notes: WeekNote[];
  ar: ArPlatformWeek[];
  days: DayCount[];
  chart: InlineImage;
}

const chartOf = async (days: DayCount[]) => ({
  days,
  chart: { cid: CHART_CID, filename: 'consultations-par-jour.png', base64: await chartPng(days) },
});

export async function enqueueDueReports(ctx: JobContext, now: Date): Promise<number> {
  const at = now.toISOString();
  // The local Monday 00:00 of `now`'s week (date_trunc's weeks start on Monday), then the week before it.
  const due = rowsOf<DueReport>(
    await ctx.db.execute(sql`
      with subscribers as (
        select u.user_id, u.mail, u.prenom, e.entreprise_id, e.nom_entreprise, e.time_zone,
               ${at}::timestamptz at time zone e.time_zone as local_now
        from notification_subscriptions s
        join users u on u.user_id = s.user_id
        join entreprises e on e.entreprise_id = u.entreprise_id
        where s.weekly_report and u.is_active
      ), weeks as (
        select *, to_char(date_trunc('week', local_now) - interval '7 days', 'YYYY-MM-DD') as week_start
        from subscribers
        where local_now >= date_trunc('week', local_now) + make_interval(hours => ${REPORT_HOUR})
      )
      select user_id as "userId", mail, prenom, entreprise_id as "entrepriseId", nom_entreprise as company,
             time_zone as "timeZone", week_start as "weekStart"
      from weeks w
      where not exists (select 1 from mail_outbox o
                        where o.user_id = w.user_id and o.kind = 'weekly_report' and o.period_key = w.week_start)
      order by user_id`),
  );
  // One computation per company and week, whatever the number of its subscribers.
  const figures = new Map<string, Promise<CompanyWeek>>();
  const figuresOf = (r: DueReport) => {
    const key = `${r.entrepriseId}:${r.weekStart}`;
    let f = figures.get(key);
    if (!f) {
      f = (async () => ({
        current: await weekFigures(ctx.db, r.entrepriseId, r.weekStart, r.timeZone),
        previous: await weekFigures(ctx.db, r.entrepriseId, addDays(r.weekStart, -7), r.timeZone),
        top: await topProducts(ctx.db, r.entrepriseId, r.weekStart, r.timeZone),
        notes: await weekNotes(ctx.db, r.entrepriseId, r.weekStart),
        ar: await weekAr(ctx.db, r.entrepriseId, r.weekStart, r.timeZone),
        ...(await chartOf(await weekDays(ctx.db, r.entrepriseId, r.weekStart, r.timeZone))),
      }))();
      figures.set(key, f);
    }
    return f;
  };
  let added = 0;
  for (const r of due) {
    const link = unsubscribeUrl(ctx, r.userId, 'report');
    const week = await figuresOf(r);
    const mail = weeklyReport({ ...r, ...week, chartCid: CHART_CID, publicUrl: ctx.publicUrl, unsubscribeUrl: link });
    const queued = await enqueue(
      ctx.db,
      {
        ...mail,
        images: [week.chart],
        to: r.mail,
        unsubscribeUrl: link,
        userId: r.userId,
        kind: 'weekly_report',
        periodKey: r.weekStart,
      },
      now,
    );
    if (queued) added++;
  }
  return added;
}
