import { fromPromise } from 'xstate';
import { notifyOfferMachine, type PushPermission } from '../../machines/notify-offer.machine.ts';
import type { Language } from '../shared/i18n.ts';
import { pushPermission, rememberDecline, subscribeToPush } from '../shared/push.ts';

/** The notifications offer with the browser's push permission and subscription, in the site's language. */
export function notifyOfferMachineFor({ language }: { language: () => Language }) {
  return notifyOfferMachine.provide({
    actors: {
      inspect: fromPromise<PushPermission>(async () => pushPermission()),
      subscribe: fromPromise<void, { prompt: boolean }>(({ input }) =>
        subscribeToPush({ prompt: input.prompt, lang: language() }),
      ),
    },
    actions: { rememberDecline: () => rememberDecline() },
  });
}
