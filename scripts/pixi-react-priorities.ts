/**
 * A build step for the stage's taps (issue 29): @pixi/react (8.0.5) renders the stage's Pixi tree
 * with its own React reconciler, and two details of its host config put every change of that tree
 * a frame late. A tap on the picture places a ticket; React DOM renders the new marks within the
 * tap's task, and @pixi/react's <Application> hands them to its root in a layout effect. That
 * root's update then waited for a task of React's scheduler, which the browser runs after the
 * frame it paints for the tap: traced at 4x CPU once the stage was up, the pointerup's task ended
 * at 83 ms, a frame without the mark was painted, the Pixi tree took the mark at 114 ms and the
 * canvas drew it at 121-134 ms, in the second frame after the tap.
 *
 * - Its update priority starts as React's Default (store.mjs), and its `resolveUpdatePriority`
 *   returns that stored value whenever it is set, so the event under way (`window.event`, which
 *   its own code maps: a pointerup is Discrete) is never asked. React DOM starts at NoEventPriority
 *   (0) and asks the event then; so does this step.
 * - Its config does not say `supportsMicrotasks`, so even a Discrete (sync) update is flushed in a
 *   scheduler task rather than in a microtask at the end of the event, as React DOM flushes its
 *   own. This step adds `supportsMicrotasks` with `queueMicrotask`.
 *
 * With both, the Pixi tree takes the tap's marks in the tap's own task and the canvas draws them
 * in the next frame (traced: the canvas's render in the frame right after the pointerup). Updates
 * from no event (a picture loaded, a timer) stay Default, as before. react-three-fiber made the
 * same two changes to its reconciler (its pull requests 3815 and 3816). The step fails the build
 * if an upgrade of @pixi/react changed the code it expects (look again then: it may have the fix).
 */
import type { Plugin } from 'vite';
import { dependencyRewrites, replaceEachOnce } from './dependency-rewrite.ts';

const STORE = /@pixi[\\/]react[\\/]lib[\\/]store\.mjs$/;
const RECONCILER = /@pixi[\\/]react[\\/]lib[\\/]core[\\/]reconciler\.mjs$/;

/** React's NoEventPriority: no update under way, so the event's type decides. */
const NO_EVENT_PRIORITY = 0;

/** @pixi/react's store.mjs with no update priority set until its reconciler sets one. */
export function startWithoutPriority(code: string): string {
  return replaceEachOnce(
    code,
    [['currentUpdatePriority: DefaultEventPriority,', `currentUpdatePriority: ${NO_EVENT_PRIORITY},`]],
    'pixi-react-priorities: @pixi/react changed store.mjs; check how its update priority starts',
  );
}

/** @pixi/react's reconciler.mjs with sync work flushed in a microtask, as React DOM's is. */
export function flushInMicrotasks(code: string): string {
  if (code.includes('supportsMicrotasks'))
    throw new Error('pixi-react-priorities: @pixi/react now sets supportsMicrotasks; this step may be done');
  return replaceEachOnce(
    code,
    [
      [
        '  supportsHydration: false,\n',
        '  supportsHydration: false,\n  supportsMicrotasks: true,\n  scheduleMicrotask: queueMicrotask,\n',
      ],
    ],
    'pixi-react-priorities: @pixi/react changed reconciler.mjs; check its host config',
  );
}

/** The Vite plugin applying both to @pixi/react's modules. */
export function pixiReactPriorities(): Plugin {
  return dependencyRewrites('cricspot-pixi-react-priorities', [
    [STORE, startWithoutPriority],
    [RECONCILER, flushInMicrotasks],
  ]);
}
