import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportFailedAnswer } from '../../src/api/api-error.ts';
import { useBackgroundStart } from '../../src/app/watchers/use-background-start.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';

// The page's settle-and-idle moment, called by the test.
const settled = vi.hoisted(() => ({ callbacks: [] as (() => void)[] }));
vi.mock('../../src/stage/idle.ts', () => ({
  whenSettledAndIdle: (callback: () => void) => {
    settled.callbacks.push(callback);
    return () => undefined;
  },
}));
const settle = () => act(() => settled.callbacks.forEach((callback) => callback()));

describe('when the session and version watchers start (issue 29)', () => {
  beforeEach(() => {
    settled.callbacks = [];
  });

  it("waits for the page to settle for a logged-in player too: nothing of theirs in the game screens' start", () => {
    loginMarker.set();
    const { result } = renderHook(() => useBackgroundStart());
    expect(result.current.started).toBe(false);
    settle();
    expect(result.current).toEqual({ started: true, unauthorizedBeforeStart: false });
  });

  it('starts at once on a 401, which the session watcher then handles', () => {
    loginMarker.set();
    const { result } = renderHook(() => useBackgroundStart());
    act(() => reportFailedAnswer(401, 'UNAUTHENTICATED'));
    expect(result.current).toEqual({ started: true, unauthorizedBeforeStart: true });
  });

  it('starts at once on a login', () => {
    loginMarker.clear();
    const { result } = renderHook(() => useBackgroundStart());
    expect(result.current.started).toBe(false);
    act(() => loginMarker.set());
    expect(result.current).toEqual({ started: true, unauthorizedBeforeStart: false });
  });
});
