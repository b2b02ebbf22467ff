import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { __unsafe_getAllOwnEventDescriptors as ownEventTypes, type AnyMachineSnapshot } from 'xstate';
import { parseJson, toJson } from './json.ts';
import { LAB_MACHINES, type LabEntry } from './lab-machines.ts';
import { LabSession, stateLabel, type LabView } from './lab-session.ts';

function subscribeToHash(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

const readHash = () => window.location.hash.slice(1);

const rowsFor = (text: string) => Math.min(6, Math.max(1, text.split('\n').length));

/** The machine lab: pick a machine, drive it by hand, watch its state and context. */
export function Lab() {
  const hash = useSyncExternalStore(subscribeToHash, readHash);
  const entry = LAB_MACHINES.find((m) => m.id === hash) ?? LAB_MACHINES[0];
  if (!entry) return null;
  return (
    <div className="lab">
      <header className="lab__header">
        <h1>Machine lab</h1>
        <p className="lab__note">Development only: every effect here is a fake, and time is simulated.</p>
        <nav aria-label="Machines">
          <ul className="lab__machines">
            {LAB_MACHINES.map((m) => (
              <li key={m.id}>
                <a
                  href={`#${m.id}`}
                  aria-current={m.id === entry.id ? 'page' : undefined}
                  data-testid={`machine-link-${m.id}`}
                >
                  {m.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <MachinePanel key={entry.id} entry={entry} />
    </div>
  );
}

function MachinePanel({ entry }: { entry: LabEntry }) {
  const [inputText, setInputText] = useState(() => toJson(entry.input));
  const [inputError, setInputError] = useState<string | null>(null);
  const [session] = useState(() => new LabSession(entry, entry.input));
  const view = useSyncExternalStore(session.subscribe, session.getView);
  const inputId = useId();

  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);

  const restart = () => {
    const parsed = parseJson(inputText);
    if (!parsed.ok) {
      setInputError(parsed.message);
      return;
    }
    setInputError(null);
    session.restart(parsed.value);
  };

  return (
    <main className="lab__panel" aria-labelledby="lab-machine-title">
      <h2 id="lab-machine-title" data-testid="machine-title">
        {entry.title}
      </h2>
      <div className="lab__grid">
        <StateSection view={view} />
        <EventsSection entry={entry} snapshot={view.snapshot} onSend={(event) => session.send(event)} />
        <section className="lab__card" aria-labelledby="lab-context">
          <h3 id="lab-context">Context</h3>
          <pre className="lab__json" data-testid="context">
            {view.snapshot ? JSON.stringify(view.snapshot.context, null, 2) : ''}
          </pre>
        </section>
        <ClockSection view={view} onAdvance={(ms) => session.clock.advance(ms)} />
        {session.fakes.names.length > 0 && <ActorsSection session={session} view={view} />}
        <section className="lab__card" aria-labelledby="lab-effects">
          <h3 id="lab-effects">Side effects</h3>
          {view.effects.length === 0 ? (
            <p className="lab__muted">None yet.</p>
          ) : (
            <ol className="lab__log" data-testid="effects">
              {view.effects.map((e) => (
                <li key={e.seq} data-testid={`effect-${e.action}`}>
                  <code>{e.action}</code> {e.params === undefined ? '' : JSON.stringify(e.params)}
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="lab__card" aria-labelledby="lab-input">
          <h3 id="lab-input">Input</h3>
          <label htmlFor={inputId}>Machine input (JSON)</label>
          <textarea
            id={inputId}
            rows={3}
            value={inputText}
            onChange={(e) => setInputText(e.target.value)}
            data-testid="input"
          />
          {inputError && (
            <p className="lab__error" role="alert">
              {inputError}
            </p>
          )}
          <button type="button" onClick={restart} data-testid="restart">
            Restart machine
          </button>
        </section>
      </div>
    </main>
  );
}

function StateSection({ view }: { view: LabView }) {
  const { snapshot } = view;
  return (
    <section className="lab__card" aria-labelledby="lab-state">
      <h3 id="lab-state">State</h3>
      <p className="lab__state">
        <output data-testid="state-value" aria-live="polite">
          {snapshot ? stateLabel(snapshot.value) : ''}
        </output>{' '}
        <span className="lab__badge" data-testid="actor-status">
          {snapshot?.status ?? 'stopped'}
        </span>
      </p>
      {view.error && (
        <p className="lab__error" role="alert" data-testid="actor-error">
          {view.error}
        </p>
      )}
      <h4>History</h4>
      <ol className="lab__history" data-testid="history">
        {view.history.map((label, i) => (
          <li key={i}>{label}</li>
        ))}
      </ol>
    </section>
  );
}

function EventsSection({
  entry,
  snapshot,
  onSend,
}: {
  entry: LabEntry;
  snapshot: AnyMachineSnapshot | null;
  onSend: (event: { type: string }) => void;
}) {
  const [payloads, setPayloads] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(entry.payloads).map(([type, payload]) => [type, toJson(payload)])),
  );
  const types =
    snapshot && snapshot.status === 'active'
      ? ownEventTypes(snapshot).filter((t) => !t.startsWith('xstate.') && t !== '*')
      : [];
  return (
    <section className="lab__card" aria-labelledby="lab-events">
      <h3 id="lab-events">Events</h3>
      {types.length === 0 && <p className="lab__muted">This state takes no events.</p>}
      <ul className="lab__events">
        {types.sort().map((type) => (
          <EventControl
            key={type}
            type={type}
            snapshot={snapshot}
            text={payloads[type] ?? ''}
            onText={(text) => setPayloads((p) => ({ ...p, [type]: text }))}
            onSend={onSend}
          />
        ))}
      </ul>
    </section>
  );
}

function EventControl(props: {
  type: string;
  snapshot: AnyMachineSnapshot | null;
  text: string;
  onText: (text: string) => void;
  onSend: (event: { type: string }) => void;
}) {
  const { type, snapshot, text } = props;
  const id = useId();
  const parsed = parseJson(text);
  const payload =
    parsed.ok && typeof parsed.value === 'object' && parsed.value !== null
      ? (parsed.value as Record<string, unknown>)
      : {};
  const event = { ...payload, type };
  const valid =
    parsed.ok &&
    (parsed.value === undefined ||
      (typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value)));
  const can = valid && snapshot !== null && snapshot.can(event);
  return (
    <li className="lab__event">
      <button type="button" disabled={!can} onClick={() => props.onSend(event)} data-testid={`event-${type}`}>
        {type}
      </button>
      {!can && valid && <span className="lab__muted"> (guard says no)</span>}
      <label htmlFor={id} className="lab__sr-label">
        Payload of {type} (JSON)
      </label>
      <textarea
        id={id}
        rows={rowsFor(text)}
        value={text}
        placeholder="{}"
        onChange={(e) => props.onText(e.target.value)}
        data-testid={`payload-${type}`}
      />
      {!valid && <span className="lab__error">Payload must be a JSON object.</span>}
    </li>
  );
}

function ClockSection({ view, onAdvance }: { view: LabView; onAdvance: (ms: number) => void }) {
  const [ms, setMs] = useState('1000');
  const id = useId();
  const amount = Number(ms);
  return (
    <section className="lab__card" aria-labelledby="lab-clock">
      <h3 id="lab-clock">Simulated clock</h3>
      <p>
        Now: <output data-testid="clock-now">{view.now}</output> ms
      </p>
      <div className="lab__row">
        <label htmlFor={id}>Advance by (ms)</label>
        <input
          id={id}
          type="number"
          min={0}
          step={100}
          value={ms}
          onChange={(e) => setMs(e.target.value)}
          data-testid="clock-ms"
        />
        <button
          type="button"
          disabled={!Number.isFinite(amount) || amount < 0}
          onClick={() => onAdvance(amount)}
          data-testid="clock-advance"
        >
          Advance
        </button>
      </div>
      <h4>Pending timers</h4>
      {view.timers.length === 0 ? (
        <p className="lab__muted" data-testid="timers">
          None.
        </p>
      ) : (
        <ul data-testid="timers">
          {view.timers.map((t) => (
            <li key={t.id}>
              {t.timeout} ms timer, due in {t.dueAt - view.now} ms
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ActorsSection({ session, view }: { session: LabSession; view: LabView }) {
  return (
    <section className="lab__card" aria-labelledby="lab-actors">
      <h3 id="lab-actors">Named actors (fakes)</h3>
      {session.fakes.names.map((name) => (
        <ActorControl key={name} name={name} session={session} view={view} />
      ))}
    </section>
  );
}

function ActorControl({ name, session, view }: { name: string; session: LabSession; view: LabView }) {
  const settings = view.settings[name];
  const id = useId();
  if (!settings) return null;
  const update = (change: Parameters<LabSession['fakes']['update']>[1]) => session.fakes.update(name, change);
  const calls = view.calls.filter((c) => c.actor === name);
  return (
    <fieldset className="lab__actor" data-testid={`actor-${name}`}>
      <legend>{name}</legend>
      <div className="lab__row" role="radiogroup" aria-label={`${name} outcome`}>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={settings.mode === 'succeed'}
            onChange={() => update({ mode: 'succeed' })}
            data-testid={`actor-${name}-succeed`}
          />{' '}
          succeed
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={settings.mode === 'fail'}
            onChange={() => update({ mode: 'fail' })}
            data-testid={`actor-${name}-fail`}
          />{' '}
          fail
        </label>
      </div>
      <label>
        <input
          type="checkbox"
          checked={settings.hold}
          onChange={(e) => update({ hold: e.target.checked })}
          data-testid={`actor-${name}-hold`}
        />{' '}
        hold calls until released
      </label>
      <label htmlFor={`${id}-result`}>Result when it succeeds (JSON)</label>
      <textarea
        id={`${id}-result`}
        rows={rowsFor(settings.result)}
        value={settings.result}
        onChange={(e) => update({ result: e.target.value })}
        data-testid={`actor-${name}-result`}
      />
      <label htmlFor={`${id}-error`}>Error when it fails (JSON)</label>
      <textarea
        id={`${id}-error`}
        rows={rowsFor(settings.error)}
        value={settings.error}
        onChange={(e) => update({ error: e.target.value })}
        data-testid={`actor-${name}-error`}
      />
      {calls.length > 0 && (
        <ul className="lab__calls">
          {calls.map((call) => (
            <li key={call.id} data-testid={`call-${name}`}>
              Waiting, input <code>{JSON.stringify(call.input)}</code>{' '}
              <button type="button" onClick={() => session.fakes.release(call.id)} data-testid={`release-${name}`}>
                Release ({settings.mode})
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
