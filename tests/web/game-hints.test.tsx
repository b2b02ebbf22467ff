import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { GameHints } from '../../src/ui/GameHints.tsx';
import { renderWithApp } from '../support/render.tsx';

const region = (name: string) => screen.queryByRole('region', { name });

/** A browser whose primary pointer is `fine` (a mouse) or not (a finger), answering matchMedia as Chromium does. */
function primaryPointer(kind: 'fine' | 'coarse') {
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: media === '(pointer: fine)' ? kind === 'fine' : media === '(pointer: coarse)' && kind === 'coarse',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GameHints', () => {
  it("shows the three hints in a player's words until dismissed, then never again in this browser", async () => {
    const first = await renderWithApp(<GameHints />);
    const hints = region('How to play')!;
    expect(hints).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Tap where you think the ball is: each tap is a ticket',
      'Pinch or use + to zoom in',
      'Press and hold for the magnifier',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(region('How to play')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.gameHintsSeen)).toBe('1');
    first.unmount();
    await renderWithApp(<GameHints />);
    expect(region('How to play')).toBeNull();
  });

  it('reads in Hindi', async () => {
    await renderWithApp(<GameHints />, { lng: 'hi' });
    expect(region('कैसे खेलें')).toBeInTheDocument();
    expect(screen.getByText('जहाँ आपको लगता है गेंद है, वहाँ टैप करें: हर टैप एक टिकट है')).toBeInTheDocument();
    expect(screen.getByText('ज़ूम करने के लिए पिंच करें या + दबाएँ')).toBeInTheDocument();
    expect(screen.getByText('मैग्नीफ़ायर के लिए दबाकर रखें')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ठीक है' })).toBeInTheDocument();
  });

  it("says 'Click' with a mouse or trackpad: no pinch or long press there, but the wheel and the arrow keys", async () => {
    primaryPointer('fine');
    const first = await renderWithApp(<GameHints />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Click where you think the ball is: each click is a ticket',
      'Scroll or use + to zoom in',
      'Arrow keys move your mark one pixel at a time',
    ]);
    first.unmount();
    await renderWithApp(<GameHints />, { lng: 'hi' });
    expect(screen.getByText('जहाँ आपको लगता है गेंद है, वहाँ क्लिक करें: हर क्लिक एक टिकट है')).toBeInTheDocument();
    expect(screen.queryByText(/टैप/)).toBeNull();
  });

  it("says 'Tap' on a touch screen", async () => {
    primaryPointer('coarse');
    await renderWithApp(<GameHints />);
    expect(screen.getByText('Tap where you think the ball is: each tap is a ticket')).toBeInTheDocument();
    expect(screen.queryByText(/Click/)).toBeNull();
  });
});
