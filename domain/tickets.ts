/**
 * Ticket rules for the game screen, the trial game and the server's reservation check.
 *
 * A ticket is one mark on the picture, in integer pixels of the ORIGINAL photo whatever size is
 * displayed, so the same spot is the same ticket on a phone and on a desktop.
 */

export const TRIAL_MAX_TICKETS = 10;
export const TRIAL_MAX_GAMES = 4;

export interface TicketPoint {
  x: number;
  y: number;
}

/** point null = not marked yet. */
export interface DraftTicket {
  id: string;
  point: TicketPoint | null;
}

/**
 * A ticket's number as the player sees it on every screen (the play screen's chips, the cart, the
 * payment's success): its place, from 1, in the order the tickets of one contest were marked,
 * which is the order the cart and the payment answers list them in.
 */
export function ticketNumber(index: number): number {
  return index + 1;
}

export type TicketRuleReason =
  | { code: 'onlyNAvailable'; available: number }
  | { code: 'noTicketsAvailable' }
  | { code: 'ticketLimitExceeded' }
  | { code: 'maxTicketLimitReached' }
  | { code: 'noMoreTickets' }
  | { code: 'duplicateCoordinates' }
  | { code: 'lastTicket' }
  | { code: 'unmarkedTickets'; count: number }
  | { code: 'outOfBounds' };

/** The API's code of each refusal (cart and practice answers); ONLY_N_AVAILABLE carries `details.available`. */
export const TICKET_REASON_ERROR_CODES = {
  onlyNAvailable: 'ONLY_N_AVAILABLE',
  noTicketsAvailable: 'NO_TICKETS_AVAILABLE',
  ticketLimitExceeded: 'TICKET_LIMIT_EXCEEDED',
  maxTicketLimitReached: 'MAX_TICKET_LIMIT_REACHED',
  noMoreTickets: 'NO_MORE_TICKETS',
  duplicateCoordinates: 'DUPLICATE_COORDINATES',
  lastTicket: 'LAST_TICKET',
  unmarkedTickets: 'UNMARKED_TICKETS',
  outOfBounds: 'OUT_OF_BOUNDS',
} as const satisfies Record<TicketRuleReason['code'], string>;

export type RuleResult = { ok: true } | { ok: false; reason: TicketRuleReason };

/**
 * maxPerPerson: the contest's maxTickets. alreadyHeld: tickets this person has confirmed or
 * reserved in the contest. ticketsLeft: what the contest has left for everyone.
 */
export interface ContestTicketLimits {
  maxPerPerson: number;
  alreadyHeld: number;
  ticketsLeft: number;
}

/**
 * English texts of the spec. {{count}} (i18next interpolation) takes onlyNAvailable's `available`;
 * it is named count so that i18next can pick a plural form.
 */
export const TICKET_REASON_MESSAGES: Record<TicketRuleReason['code'], string> = {
  onlyNAvailable: 'Only {{count}} tickets are available',
  noTicketsAvailable: 'No Tickets Available',
  ticketLimitExceeded: 'Ticket Limit Exceeded',
  maxTicketLimitReached: 'Max Ticket Limit Reached',
  noMoreTickets: 'No More Tickets',
  duplicateCoordinates: 'Duplicate Coordinates',
  lastTicket: 'The last ticket cannot be removed',
  unmarkedTickets: 'Mark all tickets before submitting',
  outOfBounds: 'Mark a point inside the picture',
};

const OK: RuleResult = { ok: true };

function fail(reason: TicketRuleReason): RuleResult {
  return { ok: false, reason };
}

function assertCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
}

function assertLimits(limits: ContestTicketLimits): void {
  assertCount(limits.maxPerPerson, 'maxPerPerson');
  assertCount(limits.alreadyHeld, 'alreadyHeld');
  assertCount(limits.ticketsLeft, 'ticketsLeft');
}

/** How many more tickets this person may hold in the contest: min(ticketsLeft, maxPerPerson - alreadyHeld), never negative. */
export function ticketsAvailableTo(limits: ContestTicketLimits): number {
  assertLimits(limits);
  return Math.max(0, Math.min(limits.ticketsLeft, limits.maxPerPerson - limits.alreadyHeld));
}

/**
 * May `adding` more tickets join a draft of `draftCount` unpaid tickets?
 *
 * Precedence, first match wins, from what nobody can change to what this draft changes:
 *  1. noTicketsAvailable    the contest has none left (ticketsLeft = 0), whoever asks;
 *  2. ticketLimitExceeded   this person already holds maxPerPerson (or more) bought tickets;
 *  3. the draft would pass the tighter of the two caps (ticketsLeft, maxPerPerson - alreadyHeld):
 *     onlyNAvailable (available = ticketsLeft) when the contest's stock is strictly the tighter,
 *     else maxTicketLimitReached. Reporting the tighter cap is what makes the message true and
 *     actionable: 'Only 40 tickets are available' would mislead someone who may hold only 5 more.
 *     On a tie the personal limit wins, because it will not change while others buy.
 *
 * Draft tickets are not reserved yet, so they count against both caps; the server repeats the
 * check atomically when it reserves them.
 */
export function canAddContestTicket(draftCount: number, limits: ContestTicketLimits, adding = 1): RuleResult {
  assertCount(draftCount, 'draftCount');
  assertLimits(limits);
  if (!Number.isSafeInteger(adding) || adding < 1) throw new RangeError('adding must be a positive integer');

  if (limits.ticketsLeft === 0) return fail({ code: 'noTicketsAvailable' });
  const personalRoom = limits.maxPerPerson - limits.alreadyHeld;
  if (personalRoom <= 0) return fail({ code: 'ticketLimitExceeded' });
  if (draftCount + adding <= Math.min(limits.ticketsLeft, personalRoom)) return OK;
  return limits.ticketsLeft < personalRoom
    ? fail({ code: 'onlyNAvailable', available: limits.ticketsLeft })
    : fail({ code: 'maxTicketLimitReached' });
}

/** The trial game allows TRIAL_MAX_TICKETS tickets per game. */
export function canAddTrialTicket(draftCount: number): RuleResult {
  assertCount(draftCount, 'draftCount');
  return draftCount >= TRIAL_MAX_TICKETS ? fail({ code: 'noMoreTickets' }) : OK;
}

/** A draft always keeps at least one ticket, so the screen always has something to mark. */
export function canRemoveTicket(draftCount: number): RuleResult {
  assertCount(draftCount, 'draftCount');
  return draftCount <= 1 ? fail({ code: 'lastTicket' }) : OK;
}

function samePoint(a: TicketPoint, b: TicketPoint): boolean {
  return a.x === b.x && a.y === b.y;
}

/** Integer pixel coordinates inside the picture: 0 <= x < width and 0 <= y < height. */
export function isInsidePicture(point: TicketPoint, picture: { width: number; height: number }): boolean {
  return (
    Number.isInteger(point.x) &&
    Number.isInteger(point.y) &&
    point.x >= 0 &&
    point.y >= 0 &&
    point.x < picture.width &&
    point.y < picture.height
  );
}

/**
 * May `point` be marked? Checked in this order: outOfBounds (also for non-integer coordinates,
 * which the stage never produces), then duplicateCoordinates against the other draft tickets
 * (the ticket being moved, `exceptId`, is ignored so it may be dropped back where it was) and
 * against the tickets already held in this contest.
 */
export function checkPoint(
  point: TicketPoint,
  picture: { width: number; height: number },
  draft: readonly DraftTicket[],
  held: readonly TicketPoint[],
  exceptId?: string,
): RuleResult {
  if (!isInsidePicture(point, picture)) return fail({ code: 'outOfBounds' });
  const clashesInDraft = draft.some((t) => t.id !== exceptId && t.point !== null && samePoint(t.point, point));
  if (clashesInDraft || held.some((h) => samePoint(h, point))) return fail({ code: 'duplicateCoordinates' });
  return OK;
}

/**
 * May the draft be submitted (paid for, or revealed in the trial game)? unmarkedTickets first
 * (an empty draft reports count 0: there is nothing to submit), then duplicateCoordinates within
 * the draft or against `held`, which the server passes when it re-checks a submitted draft.
 */
export function canSubmit(draft: readonly DraftTicket[], held: readonly TicketPoint[] = []): RuleResult {
  const marked: TicketPoint[] = [];
  for (const ticket of draft) if (ticket.point !== null) marked.push(ticket.point);
  const unmarked = draft.length - marked.length;
  if (unmarked > 0 || draft.length === 0) return fail({ code: 'unmarkedTickets', count: unmarked });
  const seen = new Set(held.map((p) => `${p.x},${p.y}`));
  for (const point of marked) {
    const key = `${point.x},${point.y}`;
    if (seen.has(key)) return fail({ code: 'duplicateCoordinates' });
    seen.add(key);
  }
  return OK;
}

/** onlyNAvailable's sentence for a single ticket left (the web's `reasons.onlyNAvailable_one`). */
export const ONE_AVAILABLE_MESSAGE = 'Only 1 ticket is available';

/** The English text of a reason, with its count filled in; for logs and server messages. */
export function ticketReasonMessage(reason: TicketRuleReason): string {
  if (reason.code !== 'onlyNAvailable') return TICKET_REASON_MESSAGES[reason.code];
  // One left reads in the singular; the spec's sentence otherwise.
  if (reason.available === 1) return ONE_AVAILABLE_MESSAGE;
  return TICKET_REASON_MESSAGES.onlyNAvailable.replace('{{count}}', String(reason.available));
}
