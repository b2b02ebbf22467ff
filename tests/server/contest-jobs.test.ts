import { describe, expect, it } from 'vitest';
import { PAID_PLAY_SUSPENDED_MESSAGE } from '../../domain/contests.ts';
import { type ConfigError, loadConfig } from '../../server/config.ts';
import { startContestJobs } from '../../server/plugins/contest-jobs.ts';
import { checkContest } from '../../server/services/contests/contest-counters.service.ts';
import { isPaidPlayEnabled, setPaidPlay } from '../../server/services/contests/settings.service.ts';
import { insertActiveUsers, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest, insertTickets } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describe('contest, billing and paid-play configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.contestDefaults).toEqual({
      ticketPricePaise: 4900,
      maxTicketsPerPerson: 75,
      totalTickets: 10000,
      prizeKind: 'merchandise',
      prizeTitleEn: 'Signed cricket bat',
      prizeTitleHi: 'हस्ताक्षरित क्रिकेट बल्ला',
      prizeValuePaise: 1500000,
    });
    expect(config.billing).toEqual({
      platformFeePaisePerTicket: 200,
      entryGstBasisPoints: 4000,
      feeGstBasisPoints: 1800,
      entryGstSince: '2025-09-22',
    });
    expect(config.reservationMinutes).toBe(15);
    expect(config.paidPlayDefault).toBe(true);
  });

  it('reads the environment, a free-entry price and PAID_PLAY=off included', () => {
    const config = loadConfig({
      CONTEST_TICKET_PRICE_PAISE: '0',
      CONTEST_PRIZE_TITLE: 'Team jersey',
      CONTEST_PRIZE_KIND: 'cash',
      PAID_PLAY: 'off',
      RESERVATION_MINUTES: '5',
    });
    expect(config.contestDefaults).toMatchObject({
      ticketPricePaise: 0,
      prizeKind: 'cash',
      prizeTitleEn: 'Team jersey',
      prizeTitleHi: 'Team jersey',
    });
    expect(config.paidPlayDefault).toBe(false);
    expect(config.reservationMinutes).toBe(5);
  });

  it('says which values are wrong', () => {
    const problems = (() => {
      try {
        loadConfig({
          CONTEST_TICKET_PRICE_PAISE: '49.5',
          CONTEST_MAX_TICKETS: '0',
          PAID_PLAY: 'maybe',
          ENTRY_GST_BASIS_POINTS: '20000',
        });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    })();
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PAID_PLAY must be 'on' or 'off'/);
  });

  it('keeps the announcement in the spec words', () => {
    expect(PAID_PLAY_SUSPENDED_MESSAGE).toBe(
      'Real-money play and new cash deposits are suspended with immediate effect because of the new online-gaming law.',
    );
  });
});

describeOnEachDatabase('contest jobs', (server) => {
  const clock = useTestClock(server);

  it('make the coming contests and release expired reservations at start, and stop when asked', async () => {
    const pictureId = await addContestPicture(server, { asDemo: true });
    const contestId = await addTestContest(server, { pictureId, now: clock.now });
    const [user] = await insertActiveUsers(server, 1, clock.now);
    const reservationId = crypto.randomUUID();
    await server.app.db
      .insertInto('reservations')
      .values({
        id: reservationId,
        user_id: user!.id,
        contest_id: contestId,
        status: 'active',
        ticket_count: 1,
        amount_paise: 5000,
        expires_at: clock.now - 1,
        created_at: clock.now - 900_001,
      })
      .execute();
    await insertTickets(server, [
      {
        id: crypto.randomUUID(),
        contest_id: contestId,
        user_id: user!.id,
        x: 1,
        y: 1,
        status: 'reserved',
        reservation_id: reservationId,
        created_at: clock.now,
        confirmed_at: null,
      },
    ]);
    expect(await checkContest(server.app.db, contestId)).toMatchObject({ takenCounter: 1, ok: true });
    const jobs = await startContestJobs(server.app);
    await jobs.stop();
    const keys = await server.app.db.selectFrom('contests').select('window_key').orderBy('opens_at').execute();
    expect(keys.map((k) => k.window_key).filter((k) => !k.startsWith('test-'))).toEqual([
      '2026-11-19-B',
      '2026-11-23-A',
      '2026-11-26-B',
    ]);
    expect(
      (
        await server.app.db
          .selectFrom('reservations')
          .select('status')
          .where('id', '=', reservationId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('expired');
    expect(
      (
        await server.app.db
          .selectFrom('tickets')
          .select('status')
          .where('reservation_id', '=', reservationId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('released');
    // Counted out with the release.
    expect(await checkContest(server.app.db, contestId)).toEqual({
      contestId,
      takenCounter: 0,
      takenActual: 0,
      players: 0,
      playersMismatched: 0,
      ok: true,
    });
  });

  it('the paid-play setting overrides the environment and is shared through the database', async () => {
    expect(await isPaidPlayEnabled(server.app.db, true)).toBe(true);
    await setPaidPlay(server.app.db, false, clock.now);
    await setPaidPlay(server.app.db, false, clock.now + 1);
    expect(await isPaidPlayEnabled(server.app.db, true)).toBe(false);
    await setPaidPlay(server.app.db, true, clock.now + 2);
    expect(await isPaidPlayEnabled(server.app.db, false)).toBe(true);
  });
});
