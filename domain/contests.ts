/**
 * The contests, cart and reservation contract between the API (server/routes/contests.routes.ts,
 * server/routes/cart.routes.ts) and the web: request and answer shapes as zod schemas and the
 * types they infer. Money is integer paise; coordinates are integer pixels of the ORIGINAL picture.
 */
import { z } from 'zod';
import { CART_MAX_ADD } from './contest-codes.ts';
import { gamePictureSchema } from './practice.ts';
import { sponsorViewSchema } from './sponsor.ts';

// The paid-play rules read by the home page's first paint live without zod in paid-play.ts.
export { isPaidPlaySuspended, paidEntriesSoon } from './paid-play.ts';

// The codes, messages and limits the screens read live without zod in contest-codes.ts.
export {
  CART_MAX_ADD,
  CONTEST_ERROR_CODES,
  CONTEST_ERROR_MESSAGES,
  GAME_PLAY_CLOSED_MESSAGE,
  LOGIN_TO_PLAY_MESSAGE,
  PAID_PLAY_SUSPENDED_MESSAGE,
} from './contest-codes.ts';

/**
 * upcoming, open and closed follow the clock; judging (a judge has marked), judged (the judged
 * point is fixed), published (the winner is public) and cancelled (refunded) are set by the
 * judges and the admins.
 */
export const contestStateSchema = z.enum(['upcoming', 'open', 'closed', 'judging', 'judged', 'published', 'cancelled']);
export type ContestState = z.infer<typeof contestStateSchema>;

export const langQuerySchema = z.object({ lang: z.enum(['en', 'hi']).default('en') });

const pointSchema = z.object({ x: z.number().int(), y: z.number().int() });

export const contestViewSchema = z.object({
  id: z.string(),
  slot: z.enum(['A', 'B']),
  state: contestStateSchema,
  /** ISO 8601 instants. */
  opensAt: z.string(),
  closesAt: z.string(),
  showAt: z.string(),
  picture: gamePictureSchema.nullable(),
  prize: z.object({
    kind: z.enum(['merchandise', 'cash']),
    title: z.string(),
    valuePaise: z.number().int(),
    /** The prize photo's small display copy for the home card; null when none is set. */
    pictureUrl: z.string().nullable().optional(),
  }),
  /** Issue 26: who funds the prize ("Prize by ..."); null or absent: no sponsor. */
  sponsor: sponsorViewSchema.nullable().optional(),
  /** Why an admin cancelled the contest (state 'cancelled'); null otherwise. */
  cancelReason: z.string().nullable().optional(),
  /**
   * What one new entry's ticket costs now, GST included: the contest's price while paid play is
   * on; 0 = free entry (a free contest, or any contest while paid play is off: issue 26).
   */
  ticketPricePaise: z.number().int(),
  /**
   * The all-in price of one ticket, as every price before the cart shows it: the price plus the
   * platform fee and its GST (domain/money.ts allInTicketPrice); 0 for free entry.
   */
  allInPricePaise: z.number().int(),
  /** The fees the bill adds, so a screen totals n tickets exactly as the bill will (entryBill). */
  fees: z.object({
    platformFeePaisePerTicket: z.number().int(),
    entryGstBasisPoints: z.number().int(),
    feeGstBasisPoints: z.number().int(),
  }),
  /** Per person. */
  maxTickets: z.number().int(),
  totalTickets: z.number().int(),
  /** totalTickets minus the reserved and confirmed tickets of everyone. */
  ticketsLeft: z.number().int(),
  /** The caller's reserved and confirmed tickets; 0 when not logged in. */
  myTickets: z.number().int(),
  /** The caller's reserved and confirmed points; empty when not logged in. */
  myPoints: z.array(pointSchema),
});
export type ContestView = z.infer<typeof contestViewSchema>;

/**
 * Why paid play is off while the console's switch is on: 'noGateway', no payment gateway is
 * configured (a production start without PAYMENT_GATEWAY), so paid entries open later. Absent
 * while paid play is on, and while it is suspended (then `message` says why).
 */
export const paidPlayReasonSchema = z.enum(['noGateway']);
export type PaidPlayReason = z.infer<typeof paidPlayReasonSchema>;

export const paidPlaySchema = z.object({
  enabled: z.boolean(),
  message: z.string().optional(),
  reason: paidPlayReasonSchema.optional(),
});
export type PaidPlay = z.infer<typeof paidPlaySchema>;

export const currentContestsSchema = z.object({
  /** The open contest, else the next to open. */
  current: contestViewSchema.nullable(),
  /** The one after `current`. */
  next: contestViewSchema.nullable(),
  paidPlay: paidPlaySchema,
  /**
   * Issue 26: a contest cancelled in the last day, whose window the screens no longer show (its
   * replacement or the next contest is `current`); absent otherwise.
   */
  cancelled: z.object({ slot: z.enum(['A', 'B']), reason: z.string().nullable(), cancelledAt: z.string() }).optional(),
  /**
   * A contest closed and waiting for its live winner show (the screens show the next contest
   * meanwhile): its slot, the show's start (ISO 8601) and the player's tickets in it (0 without a
   * session); absent when no show is pending.
   */
  awaitingShow: z.object({ slot: z.enum(['A', 'B']), showAt: z.string(), myTickets: z.number().int() }).optional(),
});
export type CurrentContests = z.infer<typeof currentContestsSchema>;

const coordinate = z.number({ error: 'Ticket coordinates must be numbers' });
const newTicketsSchema = z
  .array(z.object({ x: coordinate, y: coordinate }), { error: 'tickets must be a list of points' })
  .min(1, 'Add at least one ticket')
  .max(CART_MAX_ADD, 'Max Ticket Limit Reached');
export const addCartItemsSchema = z.object({
  contestId: z.string().min(1).max(64),
  tickets: newTicketsSchema,
});
export type AddCartItems = z.infer<typeof addCartItemsSchema>;

export const cartItemParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const contestIdBodySchema = z.object({ contestId: z.string().min(1).max(64) });
/**
 * Free entry (POST /cart/checkout-free): the contest's cart confirmed at once; with `tickets`, the
 * play screen's new marks are added first, all in one step ("Enter free"): if the entry is
 * refused, they are not left in the cart.
 */
export const freeEntryBodySchema = contestIdBodySchema.extend({ tickets: newTicketsSchema.optional() });

export const billSchema = z.object({
  itemsTotal: z.number().int(),
  promoApplied: z.number().int(),
  subtotal: z.number().int(),
  baseAmount: z.number().int(),
  gstOnEntry: z.number().int(),
  platformFee: z.number().int(),
  gstOnPlatformFee: z.number().int(),
  totalPlatformFee: z.number().int(),
  grandTotal: z.number().int(),
});

export const cartItemSchema = z.object({
  id: z.string(),
  contestId: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  pricePaise: z.number().int(),
});

/** One checkout per contest: its tickets, their bill, and whether it still takes entries. */
export const cartGroupSchema = z.object({
  contestId: z.string(),
  slot: z.enum(['A', 'B']),
  state: contestStateSchema,
  closesAt: z.string(),
  ticketPricePaise: z.number().int(),
  ticketCount: z.number().int(),
  bill: billSchema,
  /** The promo code applied to this contest's checkout, as stored (upper case), or null. */
  promoCode: z.string().nullable(),
});

/**
 * Tickets still held for the player after a payment that failed or was cancelled: "Try again"
 * pays for these very tickets (POST /payments/:paymentId/retry) until expiresAt; then they go
 * back to the cart. While paid play is off they are entered free with the contest's cart.
 */
export const heldEntrySchema = z.object({
  reservationId: z.string(),
  /** The payment that failed or was cancelled. */
  paymentId: z.string(),
  contestId: z.string(),
  slot: z.enum(['A', 'B']),
  closesAt: z.string(),
  expiresAt: z.string(),
  tickets: z.array(pointSchema),
  /** What a new attempt costs now (the same bill, the promo while usable); 0 while paid play is off. */
  amountPaise: z.number().int(),
});
export type HeldEntry = z.infer<typeof heldEntrySchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  groups: z.array(cartGroupSchema),
  held: z.array(heldEntrySchema),
});
export type CartAnswer = z.infer<typeof cartSchema>;

export const freeCheckoutAnswerSchema = z.object({
  reservationId: z.string(),
  tickets: z.array(z.object({ id: z.string(), x: z.number().int(), y: z.number().int() })),
});
export type FreeCheckoutAnswer = z.infer<typeof freeCheckoutAnswerSchema>;
