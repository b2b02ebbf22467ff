import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JudgeContest, JudgeQueue, ResultReview } from '../../domain/judge-panel.ts';
import { http } from '../../src/api/http.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { fail, ok, stubApi, type StubHandler } from '../support/api-stub.tsx';
import { renderConsole } from '../support/render-console.tsx';

interface FakeStageProps {
  marks: Array<{ id: string; label: string; point: { x: number; y: number } | null }>;
  onPlace(point: { x: number; y: number }): void;
  disabled?: boolean;
  reveal?: { ball: { x: number; y: number } } | null;
}

// The Pixi stage cannot run in jsdom: a stand-in places the next point on a click and lists what it draws.
const stage = vi.hoisted(() => ({ next: { x: 0, y: 0 } }));
vi.mock('../../src/stage/PictureStage.tsx', () => ({
  PictureStage: (props: FakeStageProps) => (
    <div data-testid="stage" data-disabled={String(Boolean(props.disabled))}>
      <button type="button" onClick={() => props.onPlace(stage.next)}>
        fake-place
      </button>
      <p data-testid="drawn">
        {props.marks.map((m) => (m.point ? `${m.label}@${m.point.x},${m.point.y}` : `${m.label}@-`)).join(' ')}
        {props.reveal ? ` ball@${props.reveal.ball.x.toFixed(2)},${props.reveal.ball.y.toFixed(2)}` : ''}
      </p>
    </div>
  ),
}));

const original = http.defaults.adapter;
beforeEach(() => loginMarker.set());
afterEach(() => {
  loginMarker.clear();
  http.defaults.adapter = original;
});

const me = (roles: string[]) =>
  ok({
    user: {
      id: 'u1',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@cricspot.in',
      phone: '+919876543210',
      status: 'active',
      roles,
      avatarUrl: null,
      hasPassword: true,
    },
  });
const CLOSED = Date.UTC(2026, 10, 22, 12, 30);
const picture = {
  width: 1600,
  height: 1000,
  variants: [
    { name: 'small' as const, url: '/p/s.jpg', width: 800, height: 500 },
    { name: 'large' as const, url: '/p/l.jpg', width: 1600, height: 1000 },
  ],
};

const queue = (over: Partial<JudgeQueue['contests'][number]> = {}): JudgeQueue => ({
  required: 3,
  contests: [
    {
      contestId: 'c1',
      windowKey: '2026-11-22-A',
      closesAt: CLOSED,
      showAt: CLOSED + 3_600_000,
      state: 'judging',
      marks: 1,
      required: 3,
      myMarkAt: null,
      sealed: true,
      ...over,
    },
  ],
});
const contest = (over: Partial<JudgeContest> = {}): JudgeContest => ({
  ...queue().contests[0]!,
  picture,
  myMark: null,
  ...over,
});

async function renderJudging(path: string, routes: Record<string, StubHandler>, roles = ['judge'], lng = 'en') {
  const calls = stubApi({ 'GET /account/me': () => me(roles), ...routes });
  await renderConsole(path, lng);
  return calls;
}

describe('Console > Judging (judges)', () => {
  it('lists closed contests with how many judges have marked and whether I have, in the judge-only nav', async () => {
    await renderJudging('/admin', { 'GET /judge/contests': () => ok(queue()) });
    expect(await screen.findByRole('heading', { name: 'Judging' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console areas' });
    expect(within(nav).getByRole('link', { name: 'Judging' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Results' })).not.toBeInTheDocument();
    expect(await screen.findByText('1 of 3 judges have marked')).toBeInTheDocument();
    expect(screen.getByText('You have not marked it yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mark the ball' })).toHaveAttribute('href', '/admin/judging/c1');
  });

  it('shows a closed contest whose payments may still arrive as waiting, with no way in, and says why when opened by its address', async () => {
    await renderJudging('/admin', { 'GET /judge/contests': () => ok(queue({ sealed: false, marks: 0 })) });
    expect(await screen.findByText('Waiting for payments')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The entry list is sealed once the last payments of this contest have ended; judging opens then.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mark the ball' })).not.toBeInTheDocument();
  });

  it('explains in Hindi why a contest that is not sealed cannot be judged yet', async () => {
    await renderJudging(
      '/admin/judging/c1',
      {
        'GET /judge/contests/c1': () =>
          fail(
            409,
            'The entry list is sealed once the last payments of this contest have ended; judging opens then.',
            'NOT_SEALED',
          ),
      },
      ['judge'],
      'hi',
    );
    expect(
      await screen.findByText('इस प्रतियोगिता के आख़िरी भुगतान पूरे होते ही एंट्री की सूची सील होती है; जजिंग तभी खुलती है।'),
    ).toBeInTheDocument();
  });

  it('places one mark, moves it, confirms, submits it once, and shows it as final', async () => {
    const calls = await renderJudging('/admin/judging/c1', {
      'GET /judge/contests/c1': () => ok(contest()),
      'POST /judge/contests/c1/mark': () =>
        ok({ state: 'judging', marks: 2, required: 3 }, 'Your mark is in. Thank you.'),
    });
    expect(
      await screen.findByRole('heading', { name: 'Mark the ball: Contest A of 22 November 2026' }),
    ).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit my mark' });
    expect(submit).toBeDisabled();
    stage.next = { x: 400, y: 300 };
    fireEvent.click(await screen.findByRole('button', { name: 'fake-place' }));
    stage.next = { x: 410, y: 305 };
    fireEvent.click(screen.getByRole('button', { name: 'fake-place' }));
    expect(screen.getByTestId('drawn')).toHaveTextContent('✓@410,305');
    await userEvent.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Submit your mark?' });
    expect(dialog).toHaveTextContent('X 410, Y 305 is final');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep marking' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Submit my mark' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your mark is in. It is final.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/judge/contests/c1/mark', body: { x: 410, y: 305 } },
    ]);
    expect(screen.getByText('2 of 3 judges have marked')).toBeInTheDocument();
    expect(screen.getByTestId('stage')).toHaveAttribute('data-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Submit my mark' })).not.toBeInTheDocument();
  });

  it('opens on my stored mark when I have marked already, with no way to move it', async () => {
    await renderJudging('/admin/judging/c1', {
      'GET /judge/contests/c1': () =>
        ok(contest({ myMark: { x: 5, y: 6, at: CLOSED + 60_000 }, myMarkAt: CLOSED + 60_000 })),
    });
    expect(await screen.findByText('Your mark is in. It is final.')).toBeInTheDocument();
    expect(screen.getByText('Your mark: X 5, Y 6')).toBeInTheDocument();
    expect(screen.getByTestId('stage')).toHaveAttribute('data-disabled', 'true');
  });

  it("keeps the mark when the server refuses it, shows the server's words, and lets the judge retry", async () => {
    let answers = [
      fail(400, 'Your mark must be inside the picture.', 'MARK_OUTSIDE_PICTURE'),
      ok({ state: 'judged', marks: 3, required: 3 }),
    ];
    await renderJudging('/admin/judging/c1', {
      'GET /judge/contests/c1': () => ok(contest()),
      'POST /judge/contests/c1/mark': () => answers.shift()!,
    });
    stage.next = { x: 1, y: 2 };
    fireEvent.click(await screen.findByRole('button', { name: 'fake-place' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit my mark' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your mark must be inside the picture.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Yours was the last mark needed/)).toBeInTheDocument();
    answers = [];
  });

  it('says so when the contest was judged without this judge', async () => {
    await renderJudging('/admin/judging/c1', {
      'GET /judge/contests/c1': () => ok(contest({ state: 'judged', marks: 3 })),
    });
    expect(await screen.findByText('This contest is no longer being judged: its result is fixed.')).toBeInTheDocument();
    expect(screen.queryByTestId('stage')).not.toBeInTheDocument();
  });

  it('reads in Hindi', async () => {
    await renderJudging('/admin/judging', { 'GET /judge/contests': () => ok(queue()) }, ['judge'], 'hi');
    expect(await screen.findByRole('heading', { name: 'जजिंग' })).toBeInTheDocument();
    expect(await screen.findByText('3 में से 1 जजों ने निशान लगाया है')).toBeInTheDocument();
  });
});

const review = (over: Partial<ResultReview> = {}): ResultReview => ({
  contestId: 'c1',
  windowKey: '2026-11-22-A',
  state: 'judged',
  closesAt: CLOSED,
  required: 3,
  picture,
  marksHidden: false,
  markCount: 3,
  marks: [
    { judgeId: 'j1', judgeName: 'Vikram Singh', x: 100, y: 200, at: CLOSED + 60_000 },
    { judgeId: 'j2', judgeName: 'Meera Iyer', x: 101, y: 200, at: CLOSED + 120_000 },
    { judgeId: 'j3', judgeName: 'Kabir Das', x: 100, y: 201, at: CLOSED + 180_000 },
  ],
  judged: { x: 301 / 3, y: 601 / 3, at: CLOSED + 180_000 },
  entries: [
    {
      rank: 1,
      ticketId: 't1',
      x: 100,
      y: 200,
      distance: 0.47,
      firstName: 'Ravi',
      state: 'Karnataka',
      confirmedAt: CLOSED - 3_600_000,
    },
    {
      rank: 2,
      ticketId: 't2',
      x: 101,
      y: 201,
      distance: 0.75,
      firstName: 'Priya',
      state: null,
      confirmedAt: CLOSED - 7_200_000,
    },
  ],
  ticketCount: 2,
  entrantCount: 2,
  publishedAt: null,
  publishedBy: null,
  notices: { total: 0, sent: 0, notTold: 0, failed: 0, pending: 0, sendsAt: null },
  ...over,
});

describe('Console > Results (admins)', () => {
  it('changes the judges required with a checked number', async () => {
    const calls = await renderJudging(
      '/admin/results',
      {
        'GET /admin/results': () => ok(queue({ state: 'judged', marks: 3 })),
        'PUT /admin/judging/settings': (body) => ok(body),
      },
      ['admin'],
    );
    const field = await screen.findByLabelText('Judges required per contest');
    expect(field).toHaveValue(3);
    await userEvent.clear(field);
    await userEvent.type(field, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 1 to 9.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: 5 judges must mark each contest.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ judgesRequired: 5 });
    expect(screen.getByRole('link', { name: 'Review and publish' })).toHaveAttribute('href', '/admin/results/c1');
  });

  it('reviews a judged result (point, marks with names and times, top entries) and publishes it after a confirm', async () => {
    let current = review();
    const calls = await renderJudging(
      '/admin/results/c1',
      {
        'GET /admin/results/c1': () => ok(current),
        'POST /admin/results/c1/publish': () => {
          current = review({
            state: 'published',
            publishedAt: CLOSED + 600_000,
            publishedBy: 'Asha Rao',
            notices: { total: 2, sent: 2, notTold: 0, failed: 0, pending: 0, sendsAt: null },
          });
          return ok({ notices: 2, publicAt: CLOSED + 600_000 });
        },
      },
      ['admin'],
    );
    expect(await screen.findByRole('heading', { name: 'Result of Contest A of 22 November 2026' })).toBeInTheDocument();
    // Issue 26: the judges' marks and the best entries on the picture, with the judged point.
    expect(await screen.findByTestId('drawn')).toHaveTextContent(
      'J1@100,200 J2@101,200 J3@100,201 #1@100,200 #2@101,201 ball@100.33,200.33',
    );
    expect(screen.getByText(/Judged point: X 100.3, Y 200.3/)).toBeInTheDocument();
    const marks = screen.getAllByRole('table')[0]!;
    expect(within(marks).getByRole('rowheader', { name: 'Meera Iyer' })).toBeInTheDocument();
    // Judged but not published: a wrong mark can still be reset, which undoes the judged point.
    await userEvent.click(within(marks).getAllByRole('button', { name: 'Reset' })[2]!);
    const reset = await screen.findByRole('dialog', { name: "Reset this judge's mark?" });
    expect(reset).toHaveTextContent('The judged point and the ranking are undone until');
    await userEvent.click(within(reset).getByRole('button', { name: 'Cancel' }));
    const top = screen.getAllByRole('table')[1]!;
    expect(within(top).getAllByRole('row')[1]).toHaveTextContent(/1\s*0.47 px\s*Ravi · Karnataka/);
    expect(within(top).getAllByRole('row')[2]).toHaveTextContent(/2\s*0.75 px\s*Priya\s*X 101/);
    await userEvent.click(screen.getByRole('button', { name: 'Publish the result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this result?' });
    expect(dialog).toHaveTextContent('all 2 players are told');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published. 2 players are being told.')).toBeInTheDocument();
    expect(await screen.findByText(/Published on .* by Asha Rao\./)).toBeInTheDocument();
    expect(screen.getByText('Players told: 2 of 2.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it.each([
    [0, 'en', 'This contest had no entries: it is published without a winner and nobody is told.'],
    [
      1,
      'en',
      'The only player is the winner: they are told by SMS and e-mail that the result is out and to claim the prize in My entries.',
    ],
    [
      3,
      'en',
      'The winner is told by SMS and e-mail to claim the prize in My entries, and all 3 players are told the results are out.',
    ],
    [0, 'hi', 'इस प्रतियोगिता में कोई प्रविष्टि नहीं थी: परिणाम बिना विजेता के प्रकाशित होगा'],
    [
      1,
      'hi',
      "अकेले खिलाड़ी ही विजेता हैं: उन्हें SMS और ई-मेल से बताया जाएगा कि परिणाम आ गया है और वे 'मेरी प्रविष्टियाँ' में इनाम का दावा करें।",
    ],
    [3, 'hi', "विजेता को SMS और ई-मेल से 'मेरी प्रविष्टियाँ' में इनाम का दावा करने के लिए बताया जाएगा, और सभी 3 खिलाड़ियों को"],
  ])(
    'the publish dialog words %i entrants (%s) as they are, and names My entries for the claim',
    async (count, lng, words) => {
      await renderJudging(
        '/admin/results/c1',
        { 'GET /admin/results/c1': () => ok(review({ entrantCount: count, ticketCount: count })) },
        ['admin'],
        lng,
      );
      await userEvent.click(
        await screen.findByRole('button', { name: lng === 'hi' ? 'परिणाम प्रकाशित करें' : 'Publish the result' }),
      );
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(words);
      expect(dialog).not.toHaveTextContent(/all 0|सभी 0|all 1 players|My Account/);
    },
  );

  it.each([
    [0, 'This contest had no entries: it is published without a winner and nobody is told.'],
    [1, 'Then the live page reveals it, and the only player, the winner, is told.'],
  ])('before the show too, %i entrants are worded as they are', async (count, words) => {
    await renderJudging(
      '/admin/results/c1',
      {
        'GET /admin/results/c1': () =>
          ok(review({ entrantCount: count, ticketCount: count, showAt: Date.now() + 3_600_000 })),
      },
      ['admin'],
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Publish the result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this result?' });
    expect(dialog).toHaveTextContent(words);
    expect(dialog).not.toHaveTextContent(/all 0|all 1 players/);
  });

  it('publishing before the winner show says the result stays hidden until then; the counter says who was told and who was not (issue 26)', async () => {
    const showAt = Date.now() + 3 * 3_600_000;
    let current = review({ showAt });
    await renderJudging(
      '/admin/results/c1',
      {
        'GET /admin/results/c1': () => ok(current),
        'POST /admin/results/c1/publish': () => {
          current = review({
            showAt,
            state: 'published',
            publishedAt: Date.now(),
            publishedBy: 'Asha Rao',
            notices: { total: 4, sent: 0, notTold: 0, failed: 0, pending: 4, sendsAt: showAt },
          });
          return ok({ notices: 4, publicAt: showAt });
        },
      },
      ['admin'],
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Publish the result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this result?' });
    expect(dialog).toHaveTextContent('The winner show has not started: the result stays hidden');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText(
        /^Published\. It stays hidden until the winner show at .* IST; 4 players are told then\.$/,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Players told: 0 of 4.')).toBeInTheDocument();
    expect(screen.getByText(/^4 players will be told when the winner show starts, .* IST\.$/)).toBeInTheDocument();
    expect(screen.getByText(/Hidden from players until the winner show/)).toBeInTheDocument();
  });

  it('the counter after the show: told, not told (deleted accounts) and failed, each said (issue 26)', async () => {
    await renderJudging(
      '/admin/results/c1',
      {
        'GET /admin/results/c1': () =>
          ok(
            review({
              state: 'published',
              publishedAt: CLOSED + 600_000,
              publishedBy: 'Asha Rao',
              notices: { total: 10, sent: 7, notTold: 2, failed: 1, pending: 0, sendsAt: null },
            }),
          ),
      },
      ['admin'],
    );
    expect(await screen.findByText('Players told: 7 of 10.')).toBeInTheDocument();
    expect(screen.getByText('2 not told: the accounts were deleted.')).toBeInTheDocument();
    expect(
      screen.getByText('1 could not be told after every try: check the SMS and e-mail settings.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/being sent/)).not.toBeInTheDocument();
  });

  it('resets a judge’s mark while judging, after a confirm', async () => {
    let current = review({ state: 'judging', judged: null, entries: [], marks: review().marks.slice(0, 2) });
    const calls = await renderJudging(
      '/admin/results/c1',
      {
        'GET /admin/results/c1': () => ok(current),
        'DELETE /admin/results/c1/marks/j2': () => {
          current = { ...current, marks: current.marks.slice(0, 1) };
          return ok({});
        },
      },
      ['admin'],
    );
    const rows = await screen.findAllByRole('button', { name: 'Reset' });
    expect(screen.queryByRole('button', { name: 'Publish the result' })).not.toBeInTheDocument();
    await userEvent.click(rows[1]!);
    const dialog = await screen.findByRole('dialog', { name: "Reset this judge's mark?" });
    expect(dialog).toHaveTextContent('The mark of Meera Iyer is removed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset the mark' }));
    expect(await screen.findByText('The mark of Meera Iyer was removed. They can mark again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Reset' })).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('tells an admin who is or was a judge of this contest that the marks wait for publication', async () => {
    await renderJudging(
      '/admin/results/c1',
      {
        'GET /admin/results/c1': () =>
          ok(review({ state: 'judging', judged: null, entries: [], marks: [], marksHidden: true })),
      },
      ['admin', 'judge'],
    );
    expect(
      await screen.findByText(/the other judges' marks stay hidden from you until the result is published/),
    ).toBeInTheDocument();
    expect(screen.getByText('Hidden until the result is published.')).toBeInTheDocument();
  });
});
