/** What the last action did: a notice that it worked, or the alert that it did not. */
export function OutcomeNotice({ ok, text }: { ok: boolean; text: string }) {
  return (
    <p role={ok ? 'status' : 'alert'} className={ok ? 'console-notice' : 'console-list__error'}>
      {text}
    </p>
  );
}

/** The notice of a console page, shown while there is one. */
export function Notice({ text }: { text: string | null }) {
  return text ? <OutcomeNotice ok text={text} /> : null;
}

/** Why a console action failed, shown while it stands. */
export function ActionError({ text }: { text: string | null }) {
  return text ? <OutcomeNotice ok={false} text={text} /> : null;
}
