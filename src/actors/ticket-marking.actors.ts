import { fromPromise } from 'xstate';
import { GAME_PLAY_CLOSED_MESSAGE } from '../../domain/contest-codes.ts';
import type { ContestView } from '../../domain/contests.ts';
import type { DraftTicket, TicketPoint } from '../../domain/tickets.ts';
import { type LoadedContest, type SubmitOutcome, ticketMarkingMachine } from '../../machines/ticket-marking.machine.ts';
import { addCartItems, checkoutFree, fetchCart, fetchCurrentContests, takeCart } from '../api/contests.ts';
import { ApiError } from '../api/http.ts';
import type { Language } from '../shared/i18n.ts';
import { STORAGE_KEYS } from '../shared/storage-keys.ts';

const draftKey = (contestId: string) => `${STORAGE_KEYS.playDraftPrefix}${contestId}`;

function isPoint(value: unknown): value is TicketPoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isInteger((value as TicketPoint).x) &&
    Number.isInteger((value as TicketPoint).y)
  );
}

/** The saved draft of a contest, or null when there is none or it is not a draft any more. */
export function readDraft(contestId: string): DraftTicket[] | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(draftKey(contestId)) ?? 'null');
    if (!Array.isArray(parsed)) return null;
    const draft = parsed.flatMap((t: unknown): DraftTicket[] => {
      if (typeof t !== 'object' || t === null || typeof (t as DraftTicket).id !== 'string') return [];
      const point = (t as DraftTicket).point;
      return [{ id: (t as DraftTicket).id, point: isPoint(point) ? { x: point.x, y: point.y } : null }];
    });
    return draft.length > 0 ? draft : null;
  } catch {
    return null;
  }
}

interface TicketMarkingDeps {
  /** The open contest as the page has it, with its picture. */
  contest: ContestView;
  picture: { width: number; height: number };
  /** The site's language of the moment, for a contest asked for again. */
  language: () => Language;
}

/**
 * The play screen's marking with the real calls: the contest and the cart's tickets of it, the
 * draft kept in local storage across a reload, and the submit: to the cart for the entry sheet, or,
 * when entry is free (a free contest, or paid play off), entered and confirmed in one call.
 */
export function ticketMarkingMachineFor({ contest, picture, language }: TicketMarkingDeps) {
  // The first load uses the contest the page already has; a retry asks the server again.
  let loads = 0;
  return ticketMarkingMachine.provide({
    actors: {
      loadContest: fromPromise(async ({ input }): Promise<LoadedContest> => {
        let view = contest;
        // The cart's tickets of this contest count against the limit and may not be marked again;
        // the first load takes the cart the screen asked for as it opened (askCartAhead).
        const cartAnswer = loads === 0 ? takeCart() : fetchCart();
        if (loads > 0) {
          const again = (await fetchCurrentContests(language())).current;
          if (!again || again.id !== input.contestId)
            throw new ApiError('GAME_PLAY_CLOSED', GAME_PLAY_CLOSED_MESSAGE, null);
          view = again;
        }
        loads += 1;
        return {
          limits: { maxPerPerson: view.maxTickets, alreadyHeld: view.myTickets, ticketsLeft: view.ticketsLeft },
          picture: { width: picture.width, height: picture.height },
          held: view.myPoints,
          cart: (await cartAnswer).items
            .filter((item) => item.contestId === input.contestId)
            .map((item) => ({ x: item.x, y: item.y })),
          draft: readDraft(input.contestId),
        };
      }),
      // A refusal goes back to the machine as it came (an ApiError): it keeps the code and the words.
      submitTickets: fromPromise(async ({ input }): Promise<SubmitOutcome> => {
        if (contest.ticketPricePaise > 0) {
          await addCartItems(input.contestId, input.tickets);
          return { kind: 'cart' };
        }
        const entered = await checkoutFree(input.contestId, input.tickets);
        return { kind: 'entered', tickets: entered.tickets.map((t) => ({ x: t.x, y: t.y })) };
      }),
    },
    actions: {
      persistDraft: (_, params) => {
        try {
          window.localStorage.setItem(draftKey(params.contestId), JSON.stringify(params.draft));
        } catch {
          // Storage full or blocked: the marks still stand on the screen.
        }
      },
      clearDraft: (_, params) => window.localStorage.removeItem(draftKey(params.contestId)),
    },
  });
}
