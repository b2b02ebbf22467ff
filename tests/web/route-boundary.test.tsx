import { fireEvent, screen } from '@testing-library/react';
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
