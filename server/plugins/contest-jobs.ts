import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../jobs/interval-job.ts';
import { sendCancelNotices } from '../services/admin/admin-contests/cancel.ts';
import { expireReservations } from '../services/cart/reservations.ts';
import { ensureUpcomingContests } from '../services/contests/contest.service.ts';
import { effectiveContestDefaults, scheduleDefaultsOf } from '../services/admin/admin-contest-defaults.service.ts';
import { sendResultNotices } from '../services/judging/notices.ts';
import { tellClaimStatus } from '../services/judging/claim-messages.ts';
import { sendDueNotices } from '../services/accounts/push.service.ts';
import { sealDueContests } from '../services/judging/verification.service.ts';

export const CONTEST_SCHEDULE_INTERVAL_MS = 60 * 60 * 1000;
export const RESERVATION_EXPIRY_INTERVAL_MS = 60 * 1000;
export const RESULT_NOTICES_INTERVAL_MS = 5 * 60 * 1000;
/** Result notices: every minute, so a result published before its show is told within a minute of the show. */
export const SHOW_NOTICES_INTERVAL_MS = 60 * 1000;
export const PUSH_INTERVAL_MS = 60 * 1000;
export const SEAL_INTERVAL_MS = 60 * 1000;

/**
 * Contests for the coming windows (now, then hourly), the release of expired reservations
 * (now, then every minute), unsent result notices (now, then every 5 minutes) and due push
 * notifications (now, then every minute). Both are safe on many machines at once: contest creation leans on
 * the window_key unique constraint, expiry on a guarded UPDATE. The caller stops them on close
 * (main.ts adds the onClose hook; a ready app, as in tests, takes no more hooks).
 */
export async function startContestJobs(app: FastifyInstance): Promise<{ stop(): Promise<void> }> {
  const schedule = startIntervalJob(app, 'contests', CONTEST_SCHEDULE_INTERVAL_MS, async () => {
    // The operator's defaults (Admin > Contest defaults), else the environment's CONTEST_* values.
    const { values } = await effectiveContestDefaults(app.db, app.config.contestDefaults);
    const result = await ensureUpcomingContests(
      app.db,
      app.clock.now(),
      scheduleDefaultsOf(values),
      values.pictureId ?? undefined,
    );
    if (result.skipped === 'no_picture')
      app.log.warn('contests: no contest picture in Admin > Contest defaults and no demo picture; no contest made');
    else if (result.created.length)
      app.log.info({ created: result.created }, `contests: ${result.created.length} made from the schedule`);
  });
  const expiry = startIntervalJob(app, 'reservations', RESERVATION_EXPIRY_INTERVAL_MS, async () => {
    const expired = await expireReservations(app.db, app.clock.now());
    if (expired) app.log.info({ expired }, `reservations: ${expired} expired, their tickets released`);
  });
  // Result notices a publish could not send at once (a relay down, a crash): retried every 5 minutes.
  const notices = startIntervalJob(app, 'result notices', SHOW_NOTICES_INTERVAL_MS, async () => {
    const { sent, failed } = await sendResultNotices(app.db, app.messages, app.config.publicUrl, () => app.clock.now());
    if (sent || failed) app.log.info({ sent, failed }, `result notices: ${sent} sent, ${failed} failed`);
  });
  // Prize claim messages (received, verified, sent) a claim or the console could not send at once.
  const claimNotices = startIntervalJob(app, 'claim messages', RESULT_NOTICES_INTERVAL_MS, async () => {
    const { told, failed } = await tellClaimStatus(app.db, app.messages, app.config.publicUrl);
    if (told || failed) app.log.info({ told, failed }, `claim messages: ${told} sent, ${failed} failed`);
  });
  // Cancellation notices a cancel could not send at once: retried with the result notices' rhythm.
  const cancelNotices = startIntervalJob(app, 'cancel notices', RESULT_NOTICES_INTERVAL_MS, async () => {
    const { sent, failed } = await sendCancelNotices(app.db, app.messages, app.config.publicUrl, () => app.clock.now());
    if (sent || failed) app.log.info({ sent, failed }, `cancel notices: ${sent} sent, ${failed} failed`);
  });
  // Web Push to players who opted in: contest open, closes in 1 hour, results out; every minute.
  const push = startIntervalJob(app, 'push notifications', PUSH_INTERVAL_MS, async () => {
    const run = await sendDueNotices(app.db, app.push, app.config.publicUrl, () => app.clock.now());
    if (run.notices)
      app.log.info(run, `push: ${run.notices} notice(s), ${run.sent} sent, ${run.gone} gone, ${run.failed} failed`);
  });
  // Issue 12: each closed contest's entry list sealed as soon as no reservation of it can still
  // confirm; every minute, after the expiry run has ended the reservations that ran out.
  const seal = startIntervalJob(app, 'contest seals', SEAL_INTERVAL_MS, async () => {
    const sealed = await sealDueContests(app.db, app.secret, app.clock.now());
    if (sealed.length) app.log.info({ sealed }, `contest seals: ${sealed.length} entry list(s) sealed`);
  });
  await Promise.all([
    schedule.runOnce(),
    expiry.runOnce(),
    notices.runOnce(),
    claimNotices.runOnce(),
    cancelNotices.runOnce(),
    push.runOnce(),
  ]);
  await seal.runOnce();
  return {
    stop: async () => {
      await Promise.all([
        schedule.stop(),
        expiry.stop(),
        notices.stop(),
        claimNotices.stop(),
        cancelNotices.stop(),
        push.stop(),
        seal.stop(),
      ]);
    },
  };
}
