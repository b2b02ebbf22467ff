import { type ComponentProps, type ReactNode, Suspense, memo, useDeferredValue, useMemo } from 'react';
import type { GamePicture } from '../../../domain/practice.ts';
import type { ResponsiveImage } from '../../../domain/site-paths.ts';
import type { RuleResult, TicketPoint, TicketRuleReason } from '../../../domain/tickets.ts';
import type {
  PictureStage as PictureStageComponent,
  StageLabels,
  StageMark,
  StageReveal,
} from '../../stage/PictureStage.tsx';
import type { MarkingEvent } from '../../../machines/fragments/marking.ts';
import { StagePreview } from '../../stage/StagePreview.tsx';
import { loadSceneWhenIdle } from '../../stage/scene-loader.ts';
import { lazyComponent, useCodeIn } from '../../shared/lazy-screen.ts';
import { TicketBar, type TicketBarProps } from '../../ui/TicketBar.tsx';

/**
 * The stage. Pixi comes with its own chunk, never with the other routes. A screen may ask for it as
 * it opens (loadStage), so it downloads while the screen's first call is under way instead of
 * after it; the scene's chunk (Pixi) follows once the page is idle (issue 29). The board shows the
 * picture's preview until the stage's code is in and then the stage, never suspending on it
 * (lazyComponent, useCodeIn): a stage suspended through lazy() mounted (and its engine started)
 * up to 300 ms late, React's throttle of a retried boundary (traced on both game screens).
 */
const PictureStage = lazyComponent<ComponentProps<typeof PictureStageComponent>>(() => {
  loadSceneWhenIdle();
  return import('../../stage/PictureStage.tsx').then((module) => ({ default: module.PictureStage }));
});
export const loadStage = () => PictureStage.load();

/**
 * The picture shown before the stage can draw (preloaded with the HTML), in the stage's box, and
 * the ticket panel's place with its rows' heights and first line (`hint`, where to tap), and a
 * screen's own last row (`lastRow`: the play screen's price line, unseen): the picture keeps the
 * size and the place it will have when the game loads.
 */
export function GamePreview({
  image,
  label,
  hint,
  lastRow,
}: {
  image: ResponsiveImage | undefined;
  label: string;
  hint: string;
  lastRow?: ReactNode;
}) {
  return (
    <div className="trial-game__body">
      <div className="trial-game__stage">
        <StagePreview image={image} label={label} />
      </div>
      <div className="trial-bar" aria-hidden="true">
        <div className="trial-bar__status">
          <p className="trial-bar__hint">{hint}</p>
        </div>
        <div className="trial-bar__chips-place" />
        <div className="trial-bar__actions-place" />
        {lastRow}
      </div>
    </div>
  );
}

/** The events every marking machine takes from the stage. */
export type StageEvent = Extract<
  MarkingEvent,
  { type: 'ticket.place' | 'ticket.select' | 'ticket.move' | 'ticket.mark' | 'ticket.remove' }
>;

interface GameBoardProps {
  picture: GamePicture;
  previewImage: ResponsiveImage | undefined;
  marks: StageMark[];
  selectedId: string | null;
  reveal: StageReveal | null;
  /** The reveal's count has landed on the picture: the screen may show the result. */
  onRevealLanded?: () => void;
  disabled: boolean;
  /** Whether the selected ticket may be deleted now (the machine's remove rule): its mark shows a delete control. */
  canRemove: boolean;
  labels: StageLabels;
  send(event: StageEvent): void;
  /** The stage's engine has drawn the picture and takes taps. */
  onStageReady?: () => void;
  /** Beside the stage: the ticket bar, or the practice result. */
  children: ReactNode;
}

const copy = (point: TicketPoint) => ({ x: point.x, y: point.y });

/**
 * The marking screens' board: the stage, as tall as the screen allows, and the panel beside it. The stage says what a tap meant (on an empty spot, on a mark, the end of a drag, a key) and
 * the board sends the machine's event for it.
 */
export function GameBoard({
  picture,
  previewImage,
  marks,
  selectedId,
  reveal,
  onRevealLanded,
  disabled,
  canRemove,
  labels,
  send,
  onStageReady,
  children,
}: GameBoardProps) {
  const stageIn = useCodeIn(PictureStage);
  const preview = (
    <StagePreview
      picture={picture}
      image={previewImage}
      label={labels.loading}
      // A tap on it shows its mark already: a 'loading' note only while a reveal waits.
      showLabel={reveal !== null}
      marks={marks}
      selectedId={selectedId}
    />
  );
  return (
    <div className="trial-game__body">
      <div className="trial-game__stage">
        <Suspense fallback={preview}>
          {stageIn ? (
            <PictureStage
              picture={picture}
              marks={marks}
              selectedId={selectedId}
              onPlace={(point: TicketPoint) => send({ type: 'ticket.place', point: copy(point) })}
              onSelect={(id: string) => send({ type: 'ticket.select', id })}
              onMove={(id: string, point: TicketPoint) => send({ type: 'ticket.move', id, point: copy(point) })}
              onNudge={(point: TicketPoint) => send({ type: 'ticket.mark', point: copy(point) })}
              onRemove={(id: string) => send({ type: 'ticket.remove', id })}
              canRemove={canRemove}
              reveal={reveal}
              onRevealLanded={onRevealLanded}
              onReady={onStageReady}
              disabled={disabled}
              labels={labels}
              previewImage={previewImage}
              // Both game screens hear a tap on the picture before the engine is up (usePreviewTaps).
              previewTakesTaps
            />
          ) : (
            preview
          )}
        </Suspense>
      </div>
      {children}
    </div>
  );
}

/**
 * The machine's state as a game screen chooses its parts by (the preview, the board, an error)
 * (issue 29). A machine's snapshot reaches React through useSyncExternalStore, whose updates render
 * at once, in one task: the answer of a screen's first call (the practice pair, the player's
 * tickets) mounted the whole board (stage, ticket bar, hints) in one task of 40-60 ms at full speed,
 * traced in Lighthouse's runs after the first paint. The board's mount alone waits a render (a
 * deferred value): it renders in slices between which the browser answers a tap, and the preview
 * stays until then. Every other change shows at once, and what a part does (disabled, busy, where
 * a tap goes) reads the machine's own state.
 */
export function useShownState<State>(state: State, showsBoard: (state: State) => boolean): State {
  const deferred = useDeferredValue(state);
  return showsBoard(state) && !showsBoard(deferred) ? deferred : state;
}

/** The events the ticket bar sends, the same in every marking machine (each has its own reset). */
export type TicketBarEvent = MarkingEvent | { type: 'submit.retry' } | { type: 'submit.cancel' };

type GameTicketBarProps = Pick<
  TicketBarProps,
  'texts' | 'summary' | 'marks' | 'selectedId' | 'busy' | 'disabled' | 'submitFailed' | 'onReset'
> & {
  lastRejection: TicketRuleReason | null;
  addRule: RuleResult;
  removeRule: RuleResult;
  send(event: TicketBarEvent): void;
};

/** A ticket as the bar counts it: marked once it has a point. */
type Marked = { readonly point: TicketPoint | null };

/**
 * What the ticket bar shows of a marking machine's state. A tap that places a ticket draws its
 * mark on the picture in the tap's own render and leaves the bar as it was (GameTicketBar is
 * memoised and sees the same values); React renders the bar with the new chip right after, in a
 * render the browser may paint before (a deferred value, issue 29: the new chip's render and
 * layout held the tap's frame). Every other change shows in the bar at once: a move, a selection,
 * a removal, a game's first ticket, a submit.
 */
export interface BarState<Marks extends readonly Marked[]> {
  state: unknown;
  marks: Marks;
  selectedId: string | null;
  lastRejection: TicketRuleReason | null;
  addRule: RuleResult;
  removeRule: RuleResult;
}

const markedCount = (marks: readonly Marked[]) => marks.reduce((n, mark) => n + (mark.point ? 1 : 0), 0);

/**
 * The screen's `BarState` (its tickets as the bar's marks, useDraftMarks): a frame behind the stage
 * after a tap that places a ticket, the same values otherwise.
 */
export function useBarState<Marks extends readonly Marked[]>(
  state: unknown,
  marks: Marks,
  selectedId: string | null,
  lastRejection: TicketRuleReason | null,
  addRule: RuleResult,
  removeRule: RuleResult,
): BarState<Marks> {
  const now = useMemo(
    () => ({ state, marks, selectedId, lastRejection, addRule, removeRule }),
    [state, marks, selectedId, lastRejection, addRule, removeRule],
  );
  const deferred = useDeferredValue(now);
  const placed = deferred.state === now.state && markedCount(now.marks) > markedCount(deferred.marks);
  return placed ? deferred : now;
}

/**
 * The ticket bar wired to a marking machine's events. Memoised: the screen passes the same values
 * (texts, summary and `onReset` memoised too) while the stage alone shows a tap (useBarState).
 */
export const GameTicketBar = memo(function GameTicketBar({ texts, send, lastRejection, ...props }: GameTicketBarProps) {
  return (
    <TicketBar
      texts={texts}
      summary={props.summary}
      marks={props.marks}
      selectedId={props.selectedId}
      busy={props.busy}
      disabled={props.disabled}
      rejection={lastRejection}
      submitFailed={props.submitFailed}
      addRule={props.addRule}
      removeRule={props.removeRule}
      onSelect={(id) => send({ type: 'ticket.select', id })}
      onRemove={(id) => send({ type: 'ticket.remove', id })}
      onAdd={() => send({ type: 'ticket.add' })}
      onReset={props.onReset}
      onSubmit={() => send({ type: 'ticket.submit' })}
      onDismiss={() => send({ type: 'rejection.dismiss' })}
      onRetrySubmit={() => send({ type: 'submit.retry' })}
      onCancelSubmit={() => send({ type: 'submit.cancel' })}
    />
  );
});
