import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocationStatus } from '../../domain/location.ts';
import { http, LOCATION_NEEDED_EVENT } from '../../src/api/http.ts';
import { resetCountryGate } from '../../src/app/CountryGate.tsx';
import LocationGate from '../../src/app/LocationGate.tsx';
import { AppRoutes } from '../../src/app/routes.tsx';
import { STORAGE_KEYS } from '../../src/shared/storage-keys.ts';
import { fail, ok, stubApi, type StubAnswer } from '../support/api-stub.tsx';
import { renderWithApp } from '../support/render.tsx';

const telangana = { code: 'IN-TG', nameEn: 'Telangana', nameHi: 'तेलंगाना' };
const maharashtra = { code: 'IN-MH', nameEn: 'Maharashtra', nameHi: 'महाराष्ट्र' };
const unchecked: LocationStatus = {
  enforced: true,
  country: { code: 'IN', allowed: true },
  check: null,
  ttlMinutes: 60,
};
const checked: LocationStatus = {
  ...unchecked,
  check: { state: maharashtra, allowed: true, until: Date.now() + 3_600_000 },
};
const restrictedHere = (): StubAnswer => ({
  status: 403,
  data: {
    code: 'AREA_RESTRICTED',
    message: 'Contests are not offered in Telangana.',
    details: { scope: 'state', countryCode: 'IN', state: telangana },
  },
});
const mumbai = { latitude: 19.076, longitude: 72.8777, accuracy: 25 };

type Answer = { position: typeof mumbai } | { error: 1 | 2 | 3 };

/** A browser whose permission state and position answers the test sets. */
function fakeGeolocation(permission: PermissionState, answers: Answer[]) {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) => {
      void options;
      const answer = answers.shift() ?? { error: 2 };
      if ('position' in answer)
        success({ coords: { ...answer.position }, timestamp: Date.now() } as unknown as GeolocationPosition);
      else
        failure?.({
          code: answer.error,
          message: answer.error === 1 ? 'User denied Geolocation' : 'Position unavailable',
        } as GeolocationPositionError);
    },
  );
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: vi.fn(async () => ({ state: permission })) },
  });
  return getCurrentPosition;
}

const gated = (lng = 'en') =>
  renderWithApp(
    <LocationGate>
      <p>The contest stage</p>
    </LocationGate>,
    { path: '/play_screen', lng },
  );

const original = http.defaults.adapter;
beforeEach(() => resetCountryGate());
afterEach(() => {
  http.defaults.adapter = original;
  Reflect.deleteProperty(navigator, 'geolocation');
  Reflect.deleteProperty(navigator, 'permissions');
  localStorage.clear();
});

describe('the location gate', () => {
  it('passes through with a valid check, and where the site does not check', async () => {
    for (const status of [checked, { ...unchecked, enforced: false, country: { code: null, allowed: false } }]) {
      const locate = fakeGeolocation('prompt', []);
      stubApi({ 'GET /location': () => ok(status) });
      const view = await gated();
      expect(await screen.findByText('The contest stage')).toBeInTheDocument();
      expect(locate).not.toHaveBeenCalled();
      view.unmount();
    }
  });

  it('locates straight away when permission was given, without the explaining screen', async () => {
    const locate = fakeGeolocation('granted', [{ position: mumbai }]);
    const calls = stubApi({ 'GET /location': () => ok(unchecked), 'POST /location': () => ok(checked) });
    await gated();
    expect(await screen.findByText('The contest stage')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share my location' })).not.toBeInTheDocument();
    expect(locate).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      expect.objectContaining({ enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 }),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(mumbai);
  });

  it('explains why first, then shares the location and lets the player in', async () => {
    const locate = fakeGeolocation('prompt', [{ position: mumbai }]);
    stubApi({ 'GET /location': () => ok(unchecked), 'POST /location': () => ok(checked) });
    await gated();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm you are playing from an allowed state' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/not in the states where the law restricts them/)).toBeInTheDocument();
    expect(screen.getByText(/for 60 minutes/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play free practice instead' })).toHaveAttribute('href', '/quick_game');
    expect(locate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Share my location' }));
    expect(await screen.findByText('The contest stage')).toBeInTheDocument();
  });

  it('refuses a restricted state with its name and offers free practice', async () => {
    fakeGeolocation('granted', [{ position: { latitude: 17.385, longitude: 78.4867, accuracy: 40 } }]);
    stubApi({ 'GET /location': () => ok(unchecked), 'POST /location': restrictedHere });
    await gated();
    expect(await screen.findByRole('heading', { level: 1, name: 'Area Restricted' })).toBeInTheDocument();
    expect(screen.getByText('Access is restricted in Telangana, India.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Game Unavailable in Your Region' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play free practice' })).toHaveAttribute('href', '/quick_game');
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('The contest stage')).not.toBeInTheDocument();
  });

  it('refuses straight away with a check made in a restricted state, in Hindi too', async () => {
    stubApi({
      'GET /location': () =>
        ok({ ...unchecked, check: { state: telangana, allowed: false, until: Date.now() + 60_000 } }),
    });
    await gated('hi');
    expect(await screen.findByRole('heading', { level: 1, name: 'क्षेत्र प्रतिबंधित' })).toBeInTheDocument();
    expect(screen.getByText('तेलंगाना, भारत में पहुँच प्रतिबंधित है।')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'आपके क्षेत्र में खेल उपलब्ध नहीं' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'मुफ़्त अभ्यास खेलें' })).toHaveAttribute('href', '/quick_game');
  });

  it('asks for access with the help when the browser refused, and tries again', async () => {
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
    });
    fakeGeolocation('prompt', [{ error: 1 }, { position: mumbai }]);
    stubApi({ 'GET /location': () => ok(unchecked), 'POST /location': () => ok(checked) });
    await gated();
    fireEvent.click(await screen.findByRole('button', { name: 'Share my location' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Location Access Required' })).toBeInTheDocument();
    const android = screen.getByText('Chrome on Android').closest('details');
    expect(android).toHaveAttribute('open');
    expect(
      within(android!).getByText("Also check that location is on in your phone's Settings → Location."),
    ).toBeInTheDocument();
    expect(screen.getByText('Chrome on a computer').closest('details')).not.toHaveAttribute('open');
    expect(screen.getByText('Mac (Chrome or Safari)').closest('details')).toHaveTextContent(
      'System Settings → Privacy & Security → Location Services',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The contest stage')).toBeInTheDocument();
    Reflect.deleteProperty(navigator, 'userAgent');
  });

  it('shows the help at once when permission was refused before', async () => {
    const locate = fakeGeolocation('denied', []);
    stubApi({ 'GET /location': () => ok(unchecked) });
    await gated();
    expect(await screen.findByRole('heading', { level: 1, name: 'Location Access Required' })).toBeInTheDocument();
    expect(screen.getByText('Chrome on a computer').closest('details')).toHaveAttribute('open');
    expect(locate).not.toHaveBeenCalled();
  });

  it('says when the device has no position, and when the server cannot be reached', async () => {
    fakeGeolocation('granted', [{ error: 3 }, { position: mumbai }, { position: mumbai }]);
    let answer: StubAnswer = fail(503, 'Service unavailable', 'INTERNAL');
    stubApi({ 'GET /location': () => ok(unchecked), 'POST /location': () => answer });
    await gated();
    expect(await screen.findByRole('heading', { level: 1, name: 'Location Access Required' })).toBeInTheDocument();
    expect(screen.getByText(/Your device could not tell us where you are/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not check your location' }),
    ).toBeInTheDocument();
    answer = ok(checked);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The contest stage')).toBeInTheDocument();
  });

  it('runs again when a cart call says the check expired', async () => {
    fakeGeolocation('prompt', []);
    let status = checked;
    const calls = stubApi({
      'GET /location': () => ok(status),
      'POST /cart/items': () => fail(428, 'Confirm your location to continue.', 'LOCATION_REQUIRED'),
    });
    const needed = vi.fn();
    window.addEventListener(LOCATION_NEEDED_EVENT, needed);
    await gated();
    expect(await screen.findByText('The contest stage')).toBeInTheDocument();
    status = unchecked;
    // The caller still gets its error; the page hears about it too.
    await act(async () => {
      await expect(http.post('/cart/items', { tickets: [] })).rejects.toMatchObject({ response: { status: 428 } });
    });
    expect(needed).toHaveBeenCalledTimes(1);
    window.removeEventListener(LOCATION_NEEDED_EVENT, needed);
    expect(await screen.findByRole('button', { name: 'Share my location' })).toBeInTheDocument();
    // The page behind stays mounted, hidden, so nothing the player marked is lost.
    expect(screen.getByText('The contest stage')).not.toBeVisible();
    expect(calls.filter((c) => c.url === '/location')).toHaveLength(2);
  });
});

describe('the gated routes', () => {
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.loginMarker, String(Date.now())));

  it('keeps the cart behind the gate, and free practice outside it', async () => {
    stubApi({
      'GET /location': () =>
        ok({ ...unchecked, check: { state: telangana, allowed: false, until: Date.now() + 60_000 } }),
    });
    const view = await renderWithApp(<AppRoutes />, { path: '/cart' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Area Restricted' })).toBeInTheDocument();
    view.unmount();
    await renderWithApp(<AppRoutes />, { path: '/quick_game' });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Area Restricted');
  });
});

describe('the country gate', () => {
  const abroad: LocationStatus = { ...unchecked, country: { code: 'US', allowed: false } };

  it('closes the site outside India, keeping header, footer and the legal pages', async () => {
    stubApi({ 'GET /location': () => ok(abroad) });
    const view = await renderWithApp(<AppRoutes />, { path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Area Restricted' })).toBeInTheDocument();
    expect(screen.getByText('Access is restricted outside India.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Find the hidden ball. Win real prizes.' })).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms and conditions' }));
    expect(await screen.findByRole('heading', { level: 1, name: /terms/i })).toBeInTheDocument();
    expect(screen.queryByText('Access is restricted outside India.')).not.toBeInTheDocument();
    view.unmount();
  });

  it('is in Hindi, and a failed look-up leaves the site open', async () => {
    stubApi({ 'GET /location': () => ok(abroad) });
    const hindi = await renderWithApp(<AppRoutes />, { path: '/', lng: 'hi' });
    expect(await screen.findByText('भारत के बाहर पहुँच प्रतिबंधित है।')).toBeInTheDocument();
    hindi.unmount();
    resetCountryGate();
    stubApi({ 'GET /location': () => fail(500, 'Internal error', 'INTERNAL') });
    await renderWithApp(<AppRoutes />, { path: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find the hidden ball. Win real prizes.' }),
    ).toBeInTheDocument();
  });
});
