/**
 * A page to see and drive the picture stage without the trial screens (dev server only:
 * /stage-dev.html). It generates a picture with a grid labelled in ORIGINAL pixels, holds 75
 * marks the way a ticket machine would, and renders the last placed point in the DOM for the
 * precision test and the bench.
 *
 * Marks behave as the game's machines make them: a tap on an empty spot fills the selected mark
 * while it is unmarked, else adds a new one; a drag moves one; the delete control removes one.
 * With ?marks=0 there are no marks and a tap only records where it landed (the precision tests
 * tap the same pixel at several zooms, which with marks would select the mark placed there).
 *
 * Query: ?original=8000x5333 (original size; default 4096x2730), ?marks=75, ?reveal=1, ?react=strict,
 * ?locked=t2,t5 (marks drawn locked, as tickets already bought or in the cart), ?lng=hi (the
 * reveal's words and the zoom hint in Hindi, to see Devanagari on the canvas), ?revealMarks=10
 * (how many marks the reveal measures).
 */
import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PictureStage, type StageMark, type StageReveal } from '../PictureStage.tsx';
import type { GamePicture } from '../../../domain/practice.ts';
import '../../styles/tokens.css';
import '../../styles/base.css';

const params = new URLSearchParams(location.search);
const [originalWidth, originalHeight] = (params.get('original') ?? '4096x2730').split('x').map(Number) as [
  number,
  number,
];
const markCount = Number(params.get('marks') ?? 75);
const lockedIds = new Set((params.get('locked') ?? '').split(',').filter(Boolean));
const hindi = params.get('lng') === 'hi';
const revealMarks = Number(params.get('revealMarks') ?? 10);
/** The ball drawn on the reveal picture is 36 original px wide. */
const BALL_WIDTH = 36;
const BALL = { x: Math.round(originalWidth * 0.61), y: Math.round(originalHeight * 0.37) };

/** Draws the test picture at `width` px wide; grid lines and numbers are in original pixels. */
function drawPicture(width: number, withBall: boolean): string {
  const scale = width / originalWidth;
  const height = Math.round(originalHeight * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d')!;
  const sky = ctx.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#8fc6e8');
  sky.addColorStop(0.45, '#cfe7d3');
  sky.addColorStop(0.46, '#3f8f4f');
  sky.addColorStop(1, '#1f5e2e');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#c9a66b';
  ctx.fillRect(width * 0.42, height * 0.5, width * 0.16, height * 0.5);
  ctx.scale(scale, scale);
  for (let x = 0; x <= originalWidth; x += 100) {
    ctx.strokeStyle = x % 500 === 0 ? 'rgba(0,0,0,0.55)' : 'rgba(0,0,0,0.18)';
    ctx.lineWidth = (x % 500 === 0 ? 3 : 1.5) / Math.max(scale, 0.5);
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, originalHeight);
    ctx.stroke();
  }
  for (let y = 0; y <= originalHeight; y += 100) {
    ctx.strokeStyle = y % 500 === 0 ? 'rgba(0,0,0,0.55)' : 'rgba(0,0,0,0.18)';
    ctx.lineWidth = (y % 500 === 0 ? 3 : 1.5) / Math.max(scale, 0.5);
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(originalWidth, y);
    ctx.stroke();
  }
  ctx.fillStyle = '#111';
  ctx.font = `bold ${Math.round(40)}px system-ui, sans-serif`;
  for (let x = 0; x < originalWidth; x += 500) {
    for (let y = 0; y < originalHeight; y += 500) ctx.fillText(`${x},${y}`, x + 10, y + 44);
  }
  // Single-pixel dots in a corner block, so pixel-exact zoom can be checked by eye.
  for (let i = 0; i < 20; i++) {
    ctx.fillStyle = i % 2 ? '#c8102e' : '#ffffff';
    ctx.fillRect(100 + i * 3, 100 + i * 2, 1, 1);
  }
  if (withBall) {
    ctx.fillStyle = '#c8102e';
    ctx.beginPath();
    ctx.arc(BALL.x + 0.5, BALL.y + 0.5, 18, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  return canvas.toDataURL('image/jpeg', 0.9);
}

function makePicture(withBall: boolean): GamePicture {
  const large = Math.min(4096, originalWidth);
  const small = Math.min(1600, originalWidth);
  return {
    width: originalWidth,
    height: originalHeight,
    variants: [
      {
        name: 'small',
        url: drawPicture(small, withBall),
        width: small,
        height: Math.round((originalHeight * small) / originalWidth),
      },
      {
        name: 'large',
        url: drawPicture(large, withBall),
        width: large,
        height: Math.round((originalHeight * large) / originalWidth),
      },
    ],
  };
}

const labels = {
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  resetZoom: 'Show the whole picture',
  stage: 'Contest picture: mark the ball',
  loading: 'Loading the picture...',
  coordinates: (x: number, y: number) => `X ${x} · Y ${y}`,
  selected: (label: string, x: number | null, y: number | null) =>
    x === null || y === null ? `Ticket ${label}, not marked` : `Ticket ${label} at X ${x}, Y ${y}`,
  zoomHint: hindi ? 'सटीक निशान लगाने के लिए ज़ूम इन करें' : 'Zoom in to place your mark precisely',
  remove: (label: string) => (hindi ? `टिकट ${label} हटाएँ` : `Remove ticket ${label}`),
  revealDistance: (pixels: number, ballWidth: number | null) => {
    const widths = ballWidth ? (pixels / ballWidth).toFixed(1) : null;
    if (hindi) return widths ? `${widths} गेंद चौड़ाई दूर` : `${pixels.toFixed(1)} पिक्सेल`;
    return widths ? `${widths} ball widths` : `${pixels.toFixed(1)} px`;
  },
};

/** Marks 2..n spread over the picture; mark 1 starts empty and is the one the tests place. */
function initialMarks(): StageMark[] {
  return Array.from({ length: markCount }, (_, i) => ({
    id: `t${i + 1}`,
    label: String(i + 1),
    point:
      i === 0
        ? null
        : {
            x: Math.round((((i * 37) % 97) / 97) * (originalWidth - 1)),
            y: Math.round((((i * 53) % 89) / 89) * (originalHeight - 1)),
          },
    ...(lockedIds.has(`t${i + 1}`) ? { locked: true } : {}),
  }));
}

function StageDev() {
  const picture = useMemo(() => makePicture(false), []);
  const [marks, setMarks] = useState(initialMarks);
  const [selectedId, setSelectedId] = useState<string | null>('t1');
  const [placed, setPlaced] = useState<{ x: number; y: number; count: number } | null>(null);
  const [reveal, setReveal] = useState<StageReveal | null>(null);
  const [readyAt, setReadyAt] = useState<number | null>(null);

  const record = useCallback(
    (point: { x: number; y: number }) => setPlaced((old) => ({ ...point, count: (old?.count ?? 0) + 1 })),
    [],
  );
  const onPlace = useCallback(
    (point: { x: number; y: number }) => {
      record(point);
      if (markCount === 0) return;
      const target = marks.find((mark) => mark.id === selectedId && !mark.point) ?? marks.find((mark) => !mark.point);
      if (target) {
        setMarks(marks.map((mark) => (mark.id === target.id ? { ...mark, point } : mark)));
        setSelectedId(target.id);
        return;
      }
      let n = 1;
      while (marks.some((mark) => mark.id === `t${n}`)) n++;
      setMarks([...marks, { id: `t${n}`, label: String(marks.length + 1), point }]);
      setSelectedId(`t${n}`);
    },
    [marks, selectedId, record],
  );
  const onMove = useCallback(
    (id: string, point: { x: number; y: number }) => {
      record(point);
      setMarks((old) => old.map((mark) => (mark.id === id ? { ...mark, point } : mark)));
      setSelectedId(id);
    },
    [record],
  );
  const onNudge = useCallback(
    (point: { x: number; y: number }) => {
      if (selectedId) onMove(selectedId, point);
    },
    [selectedId, onMove],
  );
  const onRemove = useCallback((id: string) => {
    setMarks((old) => old.filter((mark) => mark.id !== id));
    setSelectedId(null);
  }, []);
  useEffect(() => {
    (window as unknown as { __stageDevMarks: StageMark[] }).__stageDevMarks = marks;
  }, [marks]);
  const onReady = useCallback(() => setReadyAt((old) => old ?? Math.round(performance.now())), []);

  const toggleReveal = () => {
    if (reveal) return setReveal(null);
    const distances: Record<string, number> = {};
    let bestId: string | null = null;
    for (const mark of marks.slice(0, revealMarks)) {
      if (!mark.point) continue;
      distances[mark.id] = Math.round(Math.hypot(mark.point.x - BALL.x, mark.point.y - BALL.y) * 10) / 10;
      if (bestId === null || distances[mark.id]! < distances[bestId]!) bestId = mark.id;
    }
    setReveal({ picture: makePicture(true), ball: BALL, distances, bestId, ballWidth: BALL_WIDTH });
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
      <div
        style={{
          display: 'flex',
          gap: 12,
          alignItems: 'center',
          padding: '4px 8px',
          fontSize: 14,
          minHeight: 40,
          flexWrap: 'wrap',
        }}
      >
        <strong>Stage dev</strong>
        <span>selected: {selectedId ?? '-'}</span>
        <span data-testid="placed" data-x={placed?.x ?? ''} data-y={placed?.y ?? ''} data-count={placed?.count ?? 0}>
          placed: {placed ? `${placed.x}, ${placed.y}` : '-'}
        </span>
        <span data-testid="ready-at">{readyAt === null ? '' : `drawn at ${readyAt} ms`}</span>
        <button type="button" onClick={toggleReveal} data-testid="toggle-reveal">
          {reveal ? 'Hide reveal' : 'Reveal'}
        </button>
      </div>
      <div style={{ flex: 1, minHeight: 0 }}>
        <PictureStage
          picture={picture}
          marks={marks}
          selectedId={selectedId}
          onPlace={onPlace}
          onSelect={setSelectedId}
          onMove={onMove}
          onNudge={onNudge}
          onRemove={onRemove}
          canRemove={marks.length > 1}
          reveal={reveal}
          labels={labels}
          onReady={onReady}
        />
      </div>
    </div>
  );
}

const root = createRoot(document.getElementById('root')!);
root.render(
  params.get('react') === 'strict' ? (
    <StrictMode>
      <StageDev />
    </StrictMode>
  ) : (
    <StageDev />
  ),
);
