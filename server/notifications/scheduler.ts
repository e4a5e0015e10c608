// The notifications' job (docs/notifications.md): every minute, under the advisory lock (./tickLock.ts),
// enqueue the reports and alerts that are due at `now`, then send the outbox's pending mails. `now` comes
// from an injected clock, so a test runs "Monday 08:00 in Europe/Paris" on any date.
import { enqueueAlerts } from './alerts';
import type { JobContext } from './context';
import type { Mailer } from './mailer';
import { sendPending, type SendResult } from './outbox';
import { enqueueDueReports } from './reports';
import { underTickLock } from './tickLock';

export const TICK_MS = 60_000;

export interface TickResult extends SendResult {
  reports: number;
  alerts: number;
}

export class NotificationScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly ctx: JobContext,
    /** null without SMTP_URL: nothing is enqueued nor sent. */
    private readonly mailer: Mailer | null,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  get sendingEnabled(): boolean {
    return this.mailer !== null;
  }

  /** Ticks every minute; the timer never keeps the process alive. */
  start(): void {
    if (!this.mailer || this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch((err: unknown) =>
        this.ctx.log.warn({ event: 'notifications.tick_failed', err }, 'tick failed'),
      );
    }, TICK_MS);
    this.timer.unref();
  }

  /** Stops the timer and waits for a tick under way (before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
    this.mailer?.close();
  }

  /**
   * One pass; null when sending is off, when a tick of this instance is still running, or when another
   * instance holds the lock.
   */
  async tick(now: Date = this.clock()): Promise<TickResult | null> {
    const mailer = this.mailer;
    if (!mailer || this.running) return null;
    const run = underTickLock(this.ctx.db, async () => {
      const reports = await enqueueDueReports(this.ctx, now);
      const alerts = await enqueueAlerts(this.ctx, now);
      const sent = await sendPending(this.ctx.db, mailer, now, this.ctx.log);
      return { reports, alerts, ...sent };
    });
    this.running = run;
    try {
      return await run;
    } finally {
      this.running = null;
    }
  }
}
