import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, lazyScreen, withTimeout } from '../../src/shared/lazy-screen.ts';
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
});
