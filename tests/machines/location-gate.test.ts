import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { LocationStatus } from '../../domain/location.ts';
import { GeolocationFailure, locationGateMachine, type VerifyOutcome } from '../../machines/location-gate.machine.ts';
import {
  createModel,
  pathName,
  placeholderErrors,
  reachableLeafKeys,
  runPath,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

type Snapshot = SnapshotFrom<typeof locationGateMachine>;

const telangana = { code: 'IN-TG', nameEn: 'Telangana', nameHi: 'तेलंगाना' };
const maharashtra = { code: 'IN-MH', nameEn: 'Maharashtra', nameHi: 'महाराष्ट्र' };
const base: LocationStatus = { enforced: true, country: { code: 'IN', allowed: true }, check: null, ttlMinutes: 60 };
const statuses = {
  off: { ...base, enforced: false, country: { code: 'US', allowed: false } },
  abroad: { ...base, country: { code: 'US', allowed: false } },
  checkedAllowed: { ...base, check: { state: maharashtra, allowed: true, until: 2_000_000_000_000 } },
  checkedRefused: { ...base, check: { state: telangana, allowed: false, until: 2_000_000_000_000 } },
  unchecked: base,
} satisfies Record<string, LocationStatus>;
const mumbai = { latitude: 19.076, longitude: 72.8777, accuracy: 30 };
const allowedThere: VerifyOutcome = { allowed: true, status: statuses.checkedAllowed };
const refusedThere: VerifyOutcome = {
  allowed: false,
  restriction: { scope: 'state', countryCode: 'IN', state: telangana },
};

describe('location-gate machine', () => {
  it('fails loudly where the app forgot to provide an actor', async () => {
    expect(await placeholderErrors(locationGateMachine)).toEqual({
      loadStatus: 'loadStatus not provided',
      inspectPermission: 'inspectPermission not provided',
      locate: 'locate not provided',
      verify: 'verify not provided',
    });
  });

  it('lets everything through on a site that does not check, and with an allowed check', async () => {
    for (const status of [statuses.off, statuses.checkedAllowed]) {
      const { actor, fakes } = startSut(locationGateMachine);
      await fakes.resolve('loadStatus', status);
      expect(actor.getSnapshot().value).toBe('allowed');
      expect(fakes.count('inspectPermission')).toBe(0);
    }
  });

  it('refuses outside India by country, and in a restricted state by state', async () => {
    const abroad = startSut(locationGateMachine);
    await abroad.fakes.resolve('loadStatus', statuses.abroad);
    expect(abroad.actor.getSnapshot().value).toBe('restricted');
    expect(abroad.actor.getSnapshot().context.restriction).toEqual({
      scope: 'country',
      countryCode: 'US',
      state: null,
    });

    const there = startSut(locationGateMachine);
    await there.fakes.resolve('loadStatus', statuses.checkedRefused);
    expect(there.actor.getSnapshot().context.restriction).toEqual({
      scope: 'state',
      countryCode: 'IN',
      state: telangana,
    });
  });

  it('locates straight away when the browser will not prompt, and sends the position', async () => {
    const { actor, fakes } = startSut(locationGateMachine);
    await fakes.resolve('loadStatus', statuses.unchecked);
    await fakes.resolve('inspectPermission', 'granted');
    expect(actor.getSnapshot().value).toBe('locating');
    await fakes.resolve('locate', mumbai);
    expect(fakes.lastInput('verify')).toEqual(mumbai);
    await fakes.resolve('verify', allowedThere);
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(actor.getSnapshot().context.status).toEqual(statuses.checkedAllowed);
  });

  it('explains first when the browser will prompt; a refusal shows the help and try again locates', async () => {
    const { actor, fakes } = startSut(locationGateMachine);
    await fakes.resolve('loadStatus', statuses.unchecked);
    await fakes.resolve('inspectPermission', 'prompt');
    expect(actor.getSnapshot().value).toBe('explaining');
    expect(fakes.count('locate')).toBe(0);
    actor.send({ type: 'location.share' });
    await fakes.reject('locate', new GeolocationFailure('denied'));
    expect(actor.getSnapshot().value).toBe('denied');
    actor.send({ type: 'location.retry' });
    expect(actor.getSnapshot().value).toBe('locating');
    expect(fakes.count('locate')).toBe(2);
  });

  it('never waits for ever on the browser: the backstop ends in unavailable', async () => {
    const { actor, fakes, clock } = startSut(locationGateMachine);
    await fakes.resolve('loadStatus', statuses.unchecked);
    await fakes.resolve('inspectPermission', 'unsupported');
    actor.send({ type: 'location.share' });
    clock.fireTimer(30_000);
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.error).toBe('timeout');
  });

  it('retries a failed status load from the start, a failed check from locating', async () => {
    const load = startSut(locationGateMachine);
    await load.fakes.reject('loadStatus', new Error('Network Error'));
    load.actor.send({ type: 'location.retry' });
    expect(load.actor.getSnapshot().value).toBe('loading');

    const check = startSut(locationGateMachine);
    await check.fakes.resolve('loadStatus', statuses.unchecked);
    await check.fakes.resolve('inspectPermission', 'granted');
    await check.fakes.resolve('locate', mumbai);
    await check.fakes.reject('verify', new Error('Request failed with status code 503'));
    expect(check.actor.getSnapshot().context.error).toBe('Request failed with status code 503');
    check.actor.send({ type: 'location.retry' });
    expect(check.actor.getSnapshot().value).toBe('locating');
  });

  it('runs again when a call says the check is needed (expired mid-checkout)', async () => {
    const { actor, fakes } = startSut(locationGateMachine);
    await fakes.resolve('loadStatus', statuses.checkedAllowed);
    expect(actor.getSnapshot().context.admitted).toBe(true);
    actor.send({ type: 'location.needed' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.count('loadStatus')).toBe(2);
    // The page let in before stays mounted behind the gate while it runs again.
    expect(actor.getSnapshot().context.admitted).toBe(true);
  });
});

const assertions: StateAssertions<Snapshot> = {
  loading: (snapshot) => {
    expect(snapshot.context).toMatchObject({ status: null, coords: null, restriction: null, error: null });
    expect(snapshot.can({ type: 'location.share' })).toBe(false);
  },
  permission: (snapshot) => expect(snapshot.context.status?.check).toBeNull(),
  explaining: (snapshot, sut) => {
    expect(snapshot.can({ type: 'location.share' })).toBe(true);
    expect(sut.fakes.count('locate')).toBe(0);
  },
  locating: (snapshot, sut) => {
    expect(snapshot.context.error).toBeNull();
    expect(sut.clock.pendingTimeouts()).toContain(30_000);
  },
  verifying: (snapshot, sut) => expect(sut.fakes.lastInput('verify')).toEqual(snapshot.context.coords),
  allowed: (snapshot) => {
    expect(snapshot.context.admitted).toBe(true);
    const status = snapshot.context.status;
    expect(status === null ? false : !status.enforced || status.check?.allowed === true).toBe(true);
    expect(snapshot.can({ type: 'location.needed' })).toBe(true);
  },
  restricted: (snapshot) => {
    expect(snapshot.context.restriction).not.toBeNull();
    expect(snapshot.can({ type: 'location.retry' })).toBe(false);
  },
  denied: (snapshot) => expect(snapshot.can({ type: 'location.retry' })).toBe(true),
  unavailable: (snapshot) => {
    expect(snapshot.context.error).toBeTruthy();
    expect(snapshot.can({ type: 'location.retry' })).toBe(true);
  },
  failed: (snapshot) => {
    expect(snapshot.context.error).toBeTruthy();
    expect(snapshot.can({ type: 'location.retry' })).toBe(true);
  },
};

const events = [
  ...Object.values(statuses).map((output) => ({ type: 'xstate.done.actor.loadStatus', output })),
  { type: 'xstate.error.actor.loadStatus', error: new Error('Network Error') },
  ...(['granted', 'prompt', 'denied', 'unsupported'] as const).map((output) => ({
    type: 'xstate.done.actor.inspectPermission',
    output,
  })),
  { type: 'xstate.error.actor.inspectPermission', error: new Error('no Permissions API') },
  { type: 'xstate.done.actor.locate', output: mumbai },
  { type: 'xstate.error.actor.locate', error: new GeolocationFailure('denied') },
  { type: 'xstate.error.actor.locate', error: new GeolocationFailure('unavailable') },
  { type: 'xstate.done.actor.verify', output: allowedThere },
  { type: 'xstate.done.actor.verify', output: refusedThere },
  { type: 'xstate.error.actor.verify', error: new Error('Request failed with status code 503') },
];

// Running the gate again (a refused call, or a retry after the status failed to load) starts
// over with the same choices. The shortest paths take those transitions; the simple paths leave
// them out, or every path through the graph would repeat behind them.
const startsOver = (snapshot: Snapshot, event: { type: string }) =>
  event.type === 'location.needed' ||
  (event.type === 'location.retry' && snapshot.value === 'failed' && snapshot.context.status === null);

describe('location-gate model', () => {
  const full = createModel({
    machine: locationGateMachine,
    events,
    filterEvents: (snapshot, event) => event.type !== 'location.needed' || snapshot.context.status?.enforced === false,
  });
  const once = createModel({
    machine: locationGateMachine,
    events,
    filterEvents: (snapshot, event) => !startsOver(snapshot as Snapshot, event),
  });

  it('has an assertion for every reachable state', () => {
    expect(reachableLeafKeys(full)).toEqual(Object.keys(assertions).sort());
  });
  const shortest = full.model.getShortestPaths();
  const simple = once.model.getSimplePaths();
  it('generates the paths it did when the tests were written', () => {
    expect([shortest.length, simple.length]).toEqual([30, 314]);
  });
  describe('shortest paths', () => {
    for (const path of shortest) it(pathName(path), () => runPath(full, path, assertions));
  });
  describe('simple paths', () => {
    for (const path of simple) it(pathName(path), () => runPath(once, path, assertions));
  });
});
