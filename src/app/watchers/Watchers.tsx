import { LanguageWatcher } from './LanguageWatcher.tsx';
import { Popups } from './Popups.tsx';
import { SessionWatcher } from './SessionWatcher.tsx';
import { VersionWatcher } from './VersionWatcher.tsx';

/**
 * The background watchers, in their own chunk: they need XState and the dialog library but
 * nothing on screen waits for them, so the first paint does not either.
 */
export default function Watchers() {
  return (
    <>
      <VersionWatcher />
      <SessionWatcher />
      <LanguageWatcher />
      <Popups />
    </>
  );
}
