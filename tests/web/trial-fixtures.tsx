/** The practice screens' test kit: a stand-in stage, a stubbed practice API and the player's moves. */
import { fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { http } from '../../src/api/http.ts';
import QuickGameScreenPage from '../../src/screens/trial/QuickGameScreenPage.tsx';
import { renderScreen, type StubAnswer, type StubCall, stubApi } from '../support/api-stub.tsx';

interface FakeStageProps {
  marks: Array<{ id: string; label: string; point: { x: number; y: number } | null }>;
  selectedId: string | null;
  onPlace(point: { x: number; y: number }): void;
  onMove?(id: string, point: { x: number; y: number }): void;
  onRemove?(id: string): void;
  canRemove?: boolean;
  onRevealLanded?(): void;
  reveal?: {
    ball: { x: number; y: number };
    distances: Record<string, number>;
    bestId: string | null;
    picture: { width: number };
    ballWidth?: number | null;
  } | null;
  disabled?: boolean;
  picture: { width: number; height: number };
  labels: {
    selected(label: string, x: number | null, y: number | null): string;
    revealDistance?: (pixels: number, ballWidth: number | null) => string;
    zoomHint?: string;
  };
}

// The Pixi stage cannot run in jsdom: a stand-in (each test file mocks the stage with it) places
// the next point on a click (a tap on an empty spot), drags the selected mark there, deletes it
// (its delete control, when the screen allows one), and shows what the screen fed it. The
// reveal's count lands at once unless a test holds it (stage.holdReveal) and lands it itself.
export const stage = { next: { x: 0, y: 0 }, holdReveal: false };
export function FakeStage(props: FakeStageProps) {
  const selected = props.marks.find((m) => m.id === props.selectedId);
  const { reveal, onRevealLanded } = props;
  useEffect(() => {
    if (reveal && !stage.holdReveal) onRevealLanded?.();
  }, [reveal, onRevealLanded]);
  return (
    <div data-testid="stage" data-disabled={String(Boolean(props.disabled))} data-width={props.picture.width}>
      <button type="button" onClick={() => props.onPlace(stage.next)}>
        fake-place
      </button>
      {selected?.point && (
        <button type="button" onClick={() => props.onMove?.(selected.id, stage.next)}>
          fake-drag
        </button>
      )}
      {selected?.point && props.canRemove && (
        <button type="button" onClick={() => props.onRemove?.(selected.id)}>
          fake-delete
        </button>
      )}
      {reveal && (
        <button type="button" onClick={() => onRevealLanded?.()}>
          fake-land
        </button>
      )}
      <p data-testid="readout">
        {selected ? props.labels.selected(selected.label, selected.point?.x ?? null, selected.point?.y ?? null) : ''}
      </p>
      {props.reveal && (
        <p data-testid="reveal">
          {`ball ${props.reveal.ball.x},${props.reveal.ball.y} best ${props.reveal.bestId} width ${props.reveal.picture.width} ` +
            Object.entries(props.reveal.distances)
              .map(([id, d]) => `${id}=${d}`)
              .join(' ')}
        </p>
      )}
      {props.reveal && (
        <p data-testid="reveal-words">
          {Object.values(props.reveal.distances)
            .map((d) => props.labels.revealDistance?.(d, props.reveal?.ballWidth ?? null) ?? 'no words')
            .join(' | ')}
        </p>
      )}
      <p data-testid="zoom-hint">{props.labels.zoomHint}</p>
    </div>
  );
}

const picture = (id: string) => ({
  width: 1600,
  height: 1000,
  variants: [{ name: 'large', url: `/pictures/${id}.jpg`, width: 1600, height: 1000 }],
});
const revealPicture = {
  width: 1600,
  height: 1000,
  variants: [{ name: 'large', url: '/pictures/original.jpg', width: 1600, height: 1000 }],
};
const pairAnswer = (n: number): StubAnswer => ({
  status: 200,
  data: { data: { pairId: `pair-${n}`, picture: picture(`p${n}`) } },
});
export const failAnswer = (status: number, code: string, message: string): StubAnswer => ({
  status,
  data: { message, code },
});
/**
 * What the stubbed API saw and will answer: the calls made, answers to give before the defaults,
 * and the practice pair's ball width in the answers (null: a pair made before it was asked for).
 */
export const api = { calls: [] as StubCall[], nextAnswers: [] as StubAnswer[], ballWidth: null as number | null };

function submitAnswer(body: unknown): StubAnswer {
  const tickets = (body as { tickets: Array<{ x: number; y: number }> }).tickets;
  const distances = tickets.map((_, i) => 100.5 - i * 10);
  return {
    status: 200,
    data: {
      data: {
        ball: { x: 800, y: 500 },
        distances,
        bestIndex: distances.length - 1,
        ballWidth: api.ballWidth,
        reveal: revealPicture,
      },
    },
  };
}

let pairsServed = 0;
const original = http.defaults.adapter;

/** Pairs a test can be served; each has its own submit address. */
const PAIRS = 20;

/** GET next answers from nextAnswers first, else a fresh pair; POST submit judges by order. */
function stub() {
  const submit = (body: unknown) => api.nextAnswers.shift() ?? submitAnswer(body);
  api.calls = stubApi({
    'GET /practice/pairs/next': () => api.nextAnswers.shift() ?? pairAnswer(++pairsServed),
    ...Object.fromEntries(
      Array.from({ length: PAIRS }, (_, i) => [`POST /practice/pairs/pair-${i + 1}/submit`, submit]),
    ),
  });
}

/** Stubs the practice API around each test of the calling file. */
export function stubPracticeApi() {
  beforeEach(() => {
    stage.holdReveal = false;
    api.ballWidth = null;
    pairsServed = 0;
    api.nextAnswers = [];
    stub();
  });
  afterEach(() => {
    http.defaults.adapter = original;
  });
}

export async function openGame(lng = 'en') {
  const result = await renderScreen(<QuickGameScreenPage />, { path: '/quick_game_screen', lng });
  await screen.findByTestId('stage');
  return result;
}

export function place(x: number, y: number) {
  stage.next = { x, y };
  fireEvent.click(screen.getByRole('button', { name: 'fake-place' }));
}

export const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** Each point a tap on an empty spot: the first fills the unmarked ticket, each next one is a new ticket. */
export async function markAndSubmit(points: Array<[number, number]>) {
  points.forEach(([x, y]) => place(x, y));
  fireEvent.click(button('Submit'));
  return screen.findByRole('heading', { name: 'Where the ball was' });
}
