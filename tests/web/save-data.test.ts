import { afterEach, describe, expect, it, vi } from 'vitest';
import { savesData } from '../../src/shared/save-data.ts';

// Whether the browser asks the site to spare the player's data (the loupe's picture waits for the
// loupe then, src/stage/scene/Scene.tsx).
describe('savesData', () => {
  afterEach(() => vi.unstubAllGlobals());
  const withConnection = (connection: object | undefined) => vi.stubGlobal('navigator', { ...navigator, connection });

  it('is true with the Save-Data setting on, or on a connection the browser measures as 2G', () => {
    withConnection({ saveData: true, effectiveType: '4g' });
    expect(savesData()).toBe(true);
    withConnection({ saveData: false, effectiveType: '2g' });
    expect(savesData()).toBe(true);
    withConnection({ effectiveType: 'slow-2g' });
    expect(savesData()).toBe(true);
  });

  it('is false on a faster connection without the setting, or where the browser does not say', () => {
    withConnection({ saveData: false, effectiveType: '3g' });
    expect(savesData()).toBe(false);
    withConnection(undefined);
    expect(savesData()).toBe(false);
  });
});
