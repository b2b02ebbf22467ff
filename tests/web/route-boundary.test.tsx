import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, afterShownFor, lazyScreen, withTimeout } from '../../src/shared/lazy-screen.ts';
import { RouteBoundary } from '../../src/shared/RouteBoundary.tsx';
import { renderWithApp } from '../support/render.tsx';

describe('loading a section', () => {
  it('shows the centered spinner, then the screen', async () => {
    let resolve!: (m: { default: () => React.JSX.Element }) => void;
    const Screen = lazyScreen(() => new Promise<{ default: () => React.JSX.Element }>((r) => (resolve = r)));
    await renderWithApp(
      <RouteBoundary>
        <Screen />
      </RouteBoundary>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    resolve({ default: () => <h1>Loaded</h1> });
    expect(await screen.findByRole('heading', { name: 'Loaded' })).toBeInTheDocument();
  });

  it('starts the import ahead of the render on preload, and renders from that one import', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <h1>Early</h1> }));
    const Screen = lazyScreen(load);
    Screen.preload();
    Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await renderWithApp(
      <RouteBoundary>
        <Screen />
      </RouteBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Early' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a screen whose code is in within the update that shows it, never its fallback (issue 29)', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: () => <h1>Ready</h1> }));
    await Screen.load();
    const fallback = vi.fn(() => <p>Waiting</p>);
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Suspense fallback={<Fallback />}>{open && <Screen />}</Suspense>
        </>
      );
    }
    const Fallback = () => fallback();
    render(<Opener />);
    // A click is an urgent update: React.lazy suspended here and showed the fallback first.
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('heading', { name: 'Ready' })).toBeInTheDocument();
    expect(fallback).not.toHaveBeenCalled();
  });

  it('keeps a screen mounted while its code was loading as it is when the page renders again', async () => {
    let resolve!: (m: { default: () => React.JSX.Element }) => void;
    function Counter() {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          Count {count}
        </button>
      );
    }
    const Screen = lazyScreen(() => new Promise<{ default: () => React.JSX.Element }>((r) => (resolve = r)));
    const page = (title: string) => (
      <Suspense fallback={<p>Waiting</p>}>
        <h1>{title}</h1>
        <Screen />
      </Suspense>
    );
    const { rerender } = render(page('First'));
    resolve({ default: Counter });
    fireEvent.click(await screen.findByRole('button', { name: 'Count 0' }));
    rerender(page('Second'));
    // The same screen, its state kept: not remounted as the code it now has at hand.
    expect(screen.getByRole('heading', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeInTheDocument();
  });

  it('offers a reload when the chunk fails to load', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyScreen<object>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await renderWithApp(
      <RouteBoundary>
        <Screen />
      </RouteBoundary>,
    );
    expect(await screen.findByRole('dialog', { name: 'This page could not be loaded' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('gives up on a chunk after 120000 ms', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const result = withTimeout(never, CHUNK_TIMEOUT_MS, () => new Error('timeout'));
    const check = expect(result).rejects.toThrow('timeout');
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS);
    await check;
    vi.useRealTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  describe('counting only the time the page is shown', () => {
    let hidden = false;
    const show = (shown: boolean) => {
      hidden = !shown;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    beforeEach(() => {
      hidden = false;
      vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('pauses while the phone sleeps and goes on where it stopped', async () => {
      const never = new Promise<never>(() => {});
      const result = withTimeout(never, CHUNK_TIMEOUT_MS, () => new Error('timeout'));
      let failed = false;
      result.catch(() => (failed = true));
      vi.advanceTimersByTime(60_000);
      show(false);
      vi.advanceTimersByTime(10 * 60_000);
      show(true);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(failed).toBe(false);
      const check = expect(result).rejects.toThrow('timeout');
      vi.advanceTimersByTime(1);
      await check;
    });

    it('starts counting only once a page opened hidden is shown, and fires once', () => {
      const elapsed = vi.fn();
      show(false);
      afterShownFor(1000, elapsed);
      vi.advanceTimersByTime(5000);
      expect(elapsed).not.toHaveBeenCalled();
      show(true);
      vi.advanceTimersByTime(999);
      expect(elapsed).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(elapsed).toHaveBeenCalledTimes(1);
      show(false);
      show(true);
      vi.advanceTimersByTime(5000);
      expect(elapsed).toHaveBeenCalledTimes(1);
    });

    it('stops counting once the code has arrived', async () => {
      const elapsed = vi.fn();
      const cancel = afterShownFor(1000, elapsed);
      vi.advanceTimersByTime(500);
      cancel();
      show(false);
      show(true);
      vi.advanceTimersByTime(5000);
      expect(elapsed).not.toHaveBeenCalled();
      await expect(withTimeout(Promise.resolve('in'), 1000, () => new Error('timeout'))).resolves.toBe('in');
    });
  });
});
