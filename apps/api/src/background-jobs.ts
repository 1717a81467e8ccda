import type { FastifyInstance } from 'fastify';
import { hlsPackagingJob, hlsQueueOptions, packageVideo } from './modules/admin/content/hls-packaging';
import { publishScheduledContent } from './modules/admin/content/publish-scheduled';
import { cleanUpStorage } from './modules/admin/content/storage-cleanup';
import { refreshDashboardSnapshots } from './modules/admin/dashboard/dashboard-snapshots';
import { invoicesJob } from './modules/invoices/register-invoicing';
import { JobQueue, type JobQueueSettings } from './modules/jobs/job-queue';
import { reconcileOrders } from './modules/payments/reconcile-orders';
import { remindersJob } from './modules/reminders/reminders-service';
import { applyDuePriceChanges } from './modules/subscriptions/price-changes';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** The app's background jobs, by queue name. */
export const backgroundJobs = {
  mailDrain: 'mail.drain',
  refundRetries: 'refunds.retry',
  subscriptionWatch: 'subscriptions.watch',
  reconcilePayments: 'payments.reconcile',
  publishContent: 'content.publish',
  priceChanges: 'subscriptions.price-changes',
  storageCleanup: 'content.storage-cleanup',
  dashboardSnapshots: 'dashboard.snapshots',
} as const;

/**
 * Decorates `app.jobs` with the job queue, defines the app's background jobs on it, starts it
 * when the app is ready and stops it when the app closes. Registered after the use-cases it runs,
 * so that its onClose runs first (last registered, first run): jobs in flight finish while the
 * mail dispatcher, the retrier and the database are still open.
 *
 * Each job only triggers a use-case whose own table stays the source of truth, claimed row by row
 * (FOR UPDATE SKIP LOCKED), so a run that overlaps a test's direct call or another process's run
 * is harmless; the queue adds one run per occurrence across processes and retries with backoff.
 */
export function registerJobs(app: FastifyInstance, settings: JobQueueSettings = {}): void {
  const jobs = new JobQueue(app.database, app.log, settings);
  app.decorate('jobs', jobs);

  // Mail is sent right after it is queued, by the process that queued it (mail.kick). This sweep
  // sends what that missed: a retry whose backoff ended, a mail queued by a process that died.
  jobs.define({
    name: backgroundJobs.mailDrain,
    cron: '* * * * *',
    run: async () => {
      await app.mail.flush();
    },
  });
  // Refunds the provider refused, each when its own backoff (payment_refunds) is due.
  jobs.define({
    name: backgroundJobs.refundRetries,
    cron: '* * * * *',
    run: async () => ({ tried: await app.refundRetrier.runDue() }),
  });
  // Invoices and credit notes due at ARCA (issue 28): the sweep behind each approval's own kick.
  jobs.define({
    name: invoicesJob,
    ...(app.config.invoicing.issueAtOnce ? { cron: '* * * * *' } : {}),
    run: async () => ({ tried: await app.invoicing.runDue() }),
  });
  // Unpaid grace periods that ended, annual renewal reminders.
  jobs.define({
    name: backgroundJobs.subscriptionWatch,
    cron: '*/5 * * * *',
    run: async () => ({ acted: await app.subscriptionWatcher.tick() }),
  });
  // Checkouts and payments whose notification never came, or that a dead process left halfway:
  // asked to the provider every minute (decision 0279).
  jobs.define({
    name: backgroundJobs.reconcilePayments,
    cron: '* * * * *',
    run: async () => {
      const result = await reconcileOrders(app);
      // What was reconciled stays so; the rest is tried again with the job's backoff.
      if (result.failed > 0) {
        throw new Error(`${result.failed} of ${result.checked} orders could not be reconciled`);
      }
      return result;
    },
  });

  // Content whose scheduled publication came (the back office's "Programar").
  jobs.define({
    name: backgroundJobs.publishContent,
    cron: '* * * * *',
    run: async () => publishScheduledContent(app.db),
  });

  // Plan price changes whose date came: applied to each provider agreement (decision 68).
  jobs.define({
    name: backgroundJobs.priceChanges,
    cron: '7 * * * *',
    run: async () => {
      const result = await applyDuePriceChanges(app);
      if (result.failed > 0) throw new Error(`${result.failed} price changes not applied at the provider`);
      return result;
    },
  });

  // An uploaded video packaged as HLS with ffmpeg (decision 78): sent per video, not scheduled,
  // so its queue is `standard` (one job per video) instead of the sweeps' `stately`.
  jobs.define<{ videoKey: string }>({
    name: hlsPackagingJob,
    queue: hlsQueueOptions,
    run: async (data, job) => packageVideo(app, data, job),
  });

  // Uploads no section uses after 7 days, and unfinished uploads after 2 (decision 84): daily.
  jobs.define({
    name: backgroundJobs.storageCleanup,
    cron: '17 4 * * *',
    run: async () => cleanUpStorage(app),
  });

  // The dashboard's long periods an operator asked for in the last day, computed again (decision
  // 0196). Polled every 5 minutes, not every 30 s: the figures may be a few minutes late, and an
  // idle server's CPU counts every poll.
  jobs.define({
    name: backgroundJobs.dashboardSnapshots,
    cron: '*/10 * * * *',
    pollingIntervalSeconds: 300,
    run: async () => refreshDashboardSnapshots(app.db),
  });

  // Reminders with consent (issue 44): claims each person's reminder of the day when her hour
  // comes (one row per person and day, so once across processes) and sends what waits.
  jobs.define({
    name: remindersJob,
    cron: '*/5 * * * *',
    run: async () => app.reminders.run(),
  });

  app.addHook('onReady', async () => {
    await jobs.start();
    // The orders in flight when a process died (charged, not granted, no invoice) are asked about
    // as soon as one starts, not a sweep later (decision 0279); in the background, so starting
    // never waits on the provider.
    const startedAt = new Date();
    void reconcileOrders(app, { startedAt }).catch((error: unknown) =>
      app.log.warn({ err: error }, 'orders in flight at start not reconciled: the sweep tries again'),
    );
  });
  // Stopping starts with the close, while requests in flight drain (server.ts bounds the whole
  // shutdown at 10 s; stop gives jobs 8), and is awaited before the use-cases and pool close.
  let stopping: Promise<void> | null = null;
  app.addHook('preClose', async () => {
    stopping = jobs.stop();
    // Awaited (and its failure reported) by onClose; until then it must not count as unhandled.
    stopping.catch(() => {});
  });
  app.addHook('onClose', async () => {
    await (stopping ?? jobs.stop());
  });
}
