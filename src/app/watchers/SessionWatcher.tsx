import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { sessionMachineFor } from '../../actors/session.actors.ts';
import { onUnauthorized } from '../../api/http.ts';
import { MessageDialog } from '../../ui/Dialog.tsx';
import { loginMarker } from '../../shared/login-marker.ts';

/** Activity arrives dozens of times a second; the machine needs to hear of it about once a second. */
const ACTIVITY_THROTTLE_MS = 1000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click'] as const;

/**
 * Runs the session machine with the browser's effects: the login marker, navigation on a 401
 * (to /login, remembering where the user was) and on expiry (to /), and the 'Session Expired'
 * dialog. `unauthorizedBeforeStart`: a 401 came before this watcher ran (Watchers.tsx starts it
 * when needed), so it is handled at once, as if it had come now.
 */
export function SessionWatcher({ unauthorizedBeforeStart = false }: { unauthorizedBeforeStart?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const actor = useActorRef(sessionMachineFor({ navigate: (to, options) => void navigate(to, options) }), {
    input: { loggedIn: loginMarker.isSet() },
  });
  const expired = useSelector(actor, (snapshot) => snapshot.matches('expired'));
  const [replay] = useState(unauthorizedBeforeStart);

  useEffect(() => {
    if (replay) actor.send({ type: 'session.unauthorized' });
  }, [actor, replay]);

  useEffect(() => {
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      actor.send({ type: 'session.activity' });
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    // The marker changes here (login, logout) or in another tab; tell the machine only when
    // it disagrees, because the machine's own actions change the marker too.
    const stopMarker = loginMarker.subscribe(() => {
      const loggedIn = actor.getSnapshot().matches('active') || actor.getSnapshot().matches('idle');
      if (loginMarker.isSet() && !loggedIn) actor.send({ type: 'session.login' });
      if (!loginMarker.isSet() && loggedIn) actor.send({ type: 'session.logout' });
    });
    const stopUnauthorized = onUnauthorized(() => actor.send({ type: 'session.unauthorized' }));
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      stopMarker();
      stopUnauthorized();
    };
  }, [actor]);

  return (
    <MessageDialog
      open={expired}
      title={t('session.expiredTitle')}
      actionLabel={t('ok')}
      onClose={() => actor.send({ type: 'session.acknowledge' })}
    >
      <p>{t('session.expiredText')}</p>
    </MessageDialog>
  );
}
