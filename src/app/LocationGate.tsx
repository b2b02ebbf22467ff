import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { LocationGateContext, LocationGateEvent } from '../../machines/location-gate.machine.ts';
import { locationGateMachineFor } from '../actors/location-gate.actors.ts';
import { LOCATION_NEEDED_EVENT } from '../api/http.ts';
import {
  AreaRestricted,
  LocationAccessRequired,
  LocationExplain,
  LocationFailed,
  LocationProgress,
} from './location/LocationScreens.tsx';

const gate = locationGateMachineFor();

/**
 * Contest play, the cart and checkout: shown only where the server allows play (the device's
 * state, checked once per session's check time). A cart or payment call refused for the
 * location (the check expired meanwhile) runs the gate again.
 */
export default function LocationGate({ children, pending }: { children: ReactNode; pending?: ReactNode }) {
  const [snapshot, send] = useMachine(gate);
  useEffect(() => {
    const onNeeded = () => send({ type: 'location.needed' });
    window.addEventListener(LOCATION_NEEDED_EVENT, onNeeded);
    return () => window.removeEventListener(LOCATION_NEEDED_EVENT, onNeeded);
  }, [send]);
  const { context } = snapshot;
  // The first check, usually a quick 'yes' from the session: the page's own loading look if it has one.
  const checking = snapshot.value === 'loading' || snapshot.value === 'permission';
  if (!context.admitted && checking && pending) return pending;
  if (!context.admitted) return gateScreen(snapshot.value as GateState, context, send);
  // Once the page was open, it stays mounted in one place while the gate runs again (the check
  // expired): hidden, its marks kept. The wrapper takes no box of its own (display: contents).
  const allowed = snapshot.value === 'allowed';
  return (
    <>
      {allowed ? null : gateScreen(snapshot.value as GateState, context, send)}
      <div className="location-gate__page" hidden={!allowed}>
        {children}
      </div>
    </>
  );
}

type GateState = Exclude<SnapshotFrom<typeof gate>['value'], 'allowed'>;

function gateScreen(state: GateState, context: LocationGateContext, send: (event: LocationGateEvent) => void) {
  const retry = () => send({ type: 'location.retry' });
  switch (state) {
    case 'loading':
    case 'permission':
      return <LocationProgress step="loading" />;
    case 'locating':
      return <LocationProgress step="locating" />;
    case 'verifying':
      return <LocationProgress step="verifying" />;
    case 'explaining':
      return (
        <LocationExplain
          ttlMinutes={context.status?.ttlMinutes ?? 0}
          onShare={() => send({ type: 'location.share' })}
        />
      );
    case 'restricted':
      return (
        <AreaRestricted restriction={context.restriction ?? { scope: 'country', countryCode: null, state: null }} />
      );
    case 'denied':
      return <LocationAccessRequired reason="denied" onRetry={retry} />;
    case 'unavailable':
      return <LocationAccessRequired reason="unavailable" onRetry={retry} />;
    case 'failed':
      return <LocationFailed onRetry={retry} />;
  }
}
