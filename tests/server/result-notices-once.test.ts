// "Each once even if retried": two senders at work at the same time (the publish request's own
// send and the notices job, or two machines) must not tell anyone twice, and a retry after one
// channel failed sends only that channel.
import { expect, it } from 'vitest';
import type { MessageSender, OutgoingMessage } from '../../server/integrations/messages.ts';
import { NOTICE_LEASE_MS, NOTICE_MAX_ATTEMPTS, sendResultNotices } from '../../server/services/judging/notices.ts';
import { NOTICE_PAGE } from '../../server/services/judging/notice-delivery.ts';
import { insertActiveUsers, useTestClock } from '../support/accounts.ts';
import { addContestPicture, addTestContest } from '../support/contests.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

describeOnEachDatabase('results notices are sent once', (server) => {
  const clock = useTestClock(server);

  async function publishedWithNotice() {
    const pictureId = await addContestPicture(server);
    const contestId = await addTestContest(server, {
      pictureId,
      now: clock.now,
      opensInMs: -3 * 86_400_000,
      closesInMs: -3_600_000,
    });
    await server.app.db
      .updateTable('contests')
      .set({
        state: 'published',
        judged_sum_x: 3,
        judged_sum_y: 3,
        judged_count: 3,
        judged_at: clock.now,
        published_at: clock.now,
      })
      .where('id', '=', contestId)
      .execute();
    const [player] = await insertActiveUsers(server, 1, clock.now);
    await server.app.db
      .insertInto('result_notices')
      .values({
        contest_id: contestId,
        user_id: player!.id,
        kind: 'entrant',
        best_rank: 2,
        created_at: clock.now,
        sent_at: null,
      })
      .execute();
    const user = await server.app.db
      .selectFrom('users')
      .select(['phone', 'email'])
      .where('id', '=', player!.id)
      .executeTakeFirstOrThrow();
    return { contestId, userId: player!.id, ...user };
  }

  /** A sender that records what it sends and can hold a send until the test lets it go. */
  function recorder() {
    const sent: OutgoingMessage[] = [];
    let hold: Promise<void> | null = null;
    let release = () => {};
    let entered = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const sender: MessageSender = {
      async send(message) {
        entered();
        if (hold) await hold;
        sent.push(message);
      },
    };
    return {
      sent,
      sender,
      inside,
      holdNext() {
        hold = new Promise<void>((resolve) => (release = resolve));
      },
      release: () => release(),
    };
  }

  it('pages through more notices than one page holds, of the contest asked for, skipping those tried out', async () => {
    const { contestId } = await publishedWithNotice();
    const other = await publishedWithNotice();
    const players = await insertActiveUsers(server, NOTICE_PAGE + 4, clock.now);
    await server.app.db
      .insertInto('result_notices')
      .values(
        players.map((player, i) => ({
          contest_id: contestId,
          user_id: player.id,
          kind: 'entrant' as const,
          best_rank: i + 3,
          created_at: clock.now,
          sent_at: null,
          attempts: i === 0 ? NOTICE_MAX_ATTEMPTS : 0,
        })),
      )
      .execute();
    const { sent, sender } = recorder();
    // The first player of the page was tried out already: left for an operator.
    expect(await sendResultNotices(server.app.db, sender, 'https://example.test', () => clock.now, contestId)).toEqual({
      sent: NOTICE_PAGE + 4,
      failed: 0,
    });
    expect(sent).toHaveLength(2 * (NOTICE_PAGE + 4));
    const left = await server.app.db
      .selectFrom('result_notices')
      .select(['contest_id', 'user_id'])
      .where('sent_at', 'is', null)
      .execute();
    expect(left.map((row) => row.contest_id).sort()).toEqual([contestId, other.contestId].sort());
    expect(left.find((row) => row.contest_id === contestId)?.user_id).toBe(players[0]!.id);
  });

  it('a second sender skips a notice the first is still sending', async () => {
    const { contestId, phone, email } = await publishedWithNotice();
    const slow = recorder();
    slow.holdNext();
    const first = sendResultNotices(server.app.db, slow.sender, 'http://site', () => clock.now, contestId);
    await slow.inside;
    // The first sender is inside its SMS; the second runs to the end meanwhile.
    const fast = recorder();
    expect(await sendResultNotices(server.app.db, fast.sender, 'http://site', () => clock.now, contestId)).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(fast.sent).toEqual([]);
    slow.release();
    expect(await first).toEqual({ sent: 1, failed: 0 });
    expect(slow.sent.map((m) => [m.channel, m.recipient])).toEqual([
      ['sms', phone],
      ['email', email],
    ]);
    // And nothing is left for a later run.
    expect(await sendResultNotices(server.app.db, fast.sender, 'http://site', () => clock.now, contestId)).toEqual({
      sent: 0,
      failed: 0,
    });
  });

  it('after the e-mail failed, the retry sends the e-mail only', async () => {
    const { contestId, email } = await publishedWithNotice();
    const sent: OutgoingMessage[] = [];
    const failingEmail: MessageSender = {
      async send(message) {
        if (message.channel === 'email') throw new Error('SMTP down');
        sent.push(message);
      },
    };
    expect(await sendResultNotices(server.app.db, failingEmail, 'http://site', () => clock.now, contestId)).toEqual({
      sent: 0,
      failed: 1,
    });
    expect(sent.map((m) => m.channel)).toEqual(['sms']);
    const retry: OutgoingMessage[] = [];
    const working: MessageSender = { send: async (message) => void retry.push(message) };
    expect(await sendResultNotices(server.app.db, working, 'http://site', () => clock.now, contestId)).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(retry.map((m) => [m.channel, m.recipient])).toEqual([['email', email]]);
  });

  it('a notice whose sender died is taken again once its lease has run out', async () => {
    const { contestId, userId } = await publishedWithNotice();
    // As a sender that stopped mid-send leaves it: leased, not sent.
    await server.app.db
      .updateTable('result_notices')
      .set({ attempts: 1, claimed_until: clock.now + NOTICE_LEASE_MS })
      .where('contest_id', '=', contestId)
      .where('user_id', '=', userId)
      .execute();
    const sent: OutgoingMessage[] = [];
    const sender: MessageSender = { send: async (message) => void sent.push(message) };
    expect(await sendResultNotices(server.app.db, sender, 'http://site', () => clock.now, contestId)).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(
      await sendResultNotices(server.app.db, sender, 'http://site', () => clock.now + NOTICE_LEASE_MS + 1, contestId),
    ).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((m) => m.channel)).toEqual(['sms', 'email']);
  });
});
