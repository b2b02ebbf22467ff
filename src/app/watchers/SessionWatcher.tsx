import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { sessionMachineFor } from '../../actors/session.actors.ts';
import { onUnauthorized } from '../../api/http.ts';
import { MessageDialog } from '../../ui/Dialog.tsx';
import { activity } from '../../shared/activity.ts';
import { loginMarker } from '../../shared/login-marker.ts';

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
    // The quiet time before this watcher started counts (activity.ts).
    input: { loggedIn: loginMarker.isSet(), quietForMs: activity.quietForMs() },
  });
  const expired = useSelector(actor, (snapshot) => snapshot.matches('expired'));
  const [replay] = useState(unauthorizedBeforeStart);

  useEffect(() => {
    if (replay) actor.send({ type: 'session.unauthorized' });
  }, [actor, replay]);

  useEffect(() => {
    const stopActivity = activity.subscribe(() => actor.send({ type: 'session.activity' }));
    // The marker changes here (login, logout) or in another tab; tell the machine only when
    // it disagrees, because the machine's own actions change the marker too.
    const stopMarker = loginMarker.subscribe(() => {
      const loggedIn = actor.getSnapshot().matches('active') || actor.getSnapshot().matches('idle');
      if (loginMarker.isSet() && !loggedIn) actor.send({ type: 'session.login' });
      if (!loginMarker.isSet() && loggedIn) actor.send({ type: 'session.logout' });
    });
    const stopUnauthorized = onUnauthorized(() => actor.send({ type: 'session.unauthorized' }));
    return () => {
      stopActivity();
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
