import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PictureStage } from '../../src/stage/PictureStage.tsx';
import { StagePreview } from '../../src/stage/StagePreview.tsx';
import type { StageMark } from '../../src/stage/types.ts';
import { landscapePicture, stageLabels } from './stage-fixtures.ts';

// The scene draws on a canvas, which jsdom cannot: it never starts here (no idle moment, no touch).
// The scene's loader evaluates Pixi and @pixi/react first, a task each (scene-loader.ts): stand-ins here.
vi.mock('../../src/stage/scene/engine-steps.ts', () => ({}));
vi.mock('@pixi/react', () => ({}));
vi.mock('../../src/stage/scene/StageCanvas.tsx', () => ({ default: () => null }));

const picture = landscapePicture;
const marks: StageMark[] = [
  { id: 't1', label: '1', point: { x: 999, y: 499 } },
  { id: 't2', label: '2', point: { x: 0, y: 0 } },
  { id: 't3', label: '3', point: null },
  { id: 'cart', label: '4', point: { x: 1999, y: 999 }, locked: true },
];

const drawn = (container: HTMLElement) => [...container.querySelectorAll<SVGSVGElement>('.stage-preview__mark')];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  performance.clearMarks();
});

describe('the marks over the picture shown as an image, before the engine draws them', () => {
  it("draws each placed ticket at its pixel's centre as a fraction of the picture, the selected one last and gold", () => {
    const { container } = render(<StagePreview picture={picture} label="Loading" marks={marks} selectedId="t2" />);
    const box = container.querySelector<HTMLElement>('.stage-preview__marks')!;
    expect(box.style.getPropertyValue('--picture-ratio')).toBe('2');
    const shown = drawn(container);
    // The unplaced ticket is not drawn; the selected one comes last, over the others.
    expect(shown.map((mark) => mark.textContent)).toEqual(['1', '', '2']);
    expect(shown.map((mark) => mark.dataset.kind)).toEqual(['plain', 'locked', 'selected']);
    expect(shown[0]!.style.left).toBe(`${(999.5 / 2000) * 100}%`);
    expect(shown[0]!.style.top).toBe(`${(499.5 / 1000) * 100}%`);
    expect(shown[2]!.style.left).toBe(`${(0.5 / 2000) * 100}%`);
    // Selected and locked marks have a ring; the plain one has none. A locked one shows a padlock, no number.
    expect(shown[0]!.querySelectorAll('circle')).toHaveLength(0);
    expect(shown[2]!.querySelectorAll('circle')).toHaveLength(2);
    expect(shown[1]!.querySelector('.stage-preview__mark-padlock')).not.toBeNull();
    expect(shown[1]!.querySelector('text')).toBeNull();
    // Drawn for the eye only: the stage announces the selected mark itself.
    expect(shown.every((mark) => mark.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it('says when the marks can first be drawn, and draws nothing before a ticket is placed or without the game', () => {
    const { container, rerender } = render(<StagePreview label="Loading" />);
    expect(container.querySelector('.stage-preview__marks')).toBeNull();
    expect(performance.getEntriesByName('cricspot:marks-ready', 'mark')).toHaveLength(0);
    rerender(<StagePreview picture={picture} label="Loading" marks={[{ id: 't1', label: '1', point: null }]} />);
    expect(container.querySelector('.stage-preview__marks')).toBeNull();
    expect(performance.getEntriesByName('cricspot:marks-ready', 'mark')).toHaveLength(1);
  });

  it("are the stage's marks while its engine has not drawn the picture", () => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const props = {
      picture,
      selectedId: 't1',
      onPlace: vi.fn(),
      onSelect: vi.fn(),
      labels: stageLabels,
    };
    const { container, rerender } = render(<PictureStage {...props} marks={marks.slice(0, 1)} />);
    expect(drawn(container).map((mark) => mark.dataset.kind)).toEqual(['selected']);
    rerender(<PictureStage {...props} marks={marks} />);
    expect(drawn(container).map((mark) => mark.textContent)).toEqual(['2', '', '1']);
  });
});
