/**
 * Results: what the public winners' pages, a player's own entries and the winner's prize claim
 * exchange between the API (server/routes/results.routes.ts, claims.routes.ts,
 * admin/claims.routes.ts) and the web. Money is integer paise; points are original-photo pixels.
 */
import { z } from 'zod';
import { gamePictureSchema } from './practice.ts';

const point = z.object({ x: z.number(), y: z.number() });
const prizeSchema = z.object({
  kind: z.enum(['merchandise', 'cash']),
  title: z.string(),
  valuePaise: z.number().int(),
});

/**
 * A published contest as anyone may see it. The winner is a first name and a state, nothing more
 * personal. The judged point is the exact mean of the judges' marks (a float); the winning mark
 * is the winning ticket's integer pixel.
 */
export const winnerCardSchema = z.object({
  contestId: z.string(),
  slot: z.enum(['A', 'B']),
  /** ISO 8601. */
  opensAt: z.string(),
  closesAt: z.string(),
  showAt: z.string(),
  publishedAt: z.string(),
  picture: gamePictureSchema.nullable(),
  judgedPoint: point,
  prize: prizeSchema,
  /** Ranked (confirmed) tickets of the contest. */
  entries: z.number().int(),
  /** Null when nobody entered. */
  winner: z
    .object({
      firstName: z.string(),
      /** From the winner's prize claim; null until they claim. */
      state: z.string().nullable(),
      mark: z.object({ x: z.number().int(), y: z.number().int() }),
      /** Original pixels, 1 decimal. */
      distance: z.number(),
    })
    .nullable(),
});
export type WinnerCard = z.infer<typeof winnerCardSchema>;

export const nextShowSchema = z.object({
  contestId: z.string(),
  slot: z.enum(['A', 'B']),
  showAt: z.string(),
  /** What the admin set; null: not yet. */
  streamUrl: z.string().nullable(),
  /** An embeddable player URL made from streamUrl (YouTube); null: show the link only. */
  embedUrl: z.string().nullable(),
});
export type NextShow = z.infer<typeof nextShowSchema>;

export const liveShowSchema = z.object({ next: nextShowSchema.nullable(), latest: winnerCardSchema.nullable() });
export type LiveShow = z.infer<typeof liveShowSchema>;

export const WINNERS_PAGE_SIZE = 6;
export const winnersQuerySchema = z.object({
  lang: z.enum(['en', 'hi']).default('en'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(24).default(WINNERS_PAGE_SIZE),
});
export type WinnersQuery = z.output<typeof winnersQuerySchema>;

export const winnersPageSchema = z.object({ results: z.array(winnerCardSchema), nextCursor: z.string().nullable() });
export type WinnersPage = z.infer<typeof winnersPageSchema>;

/** A show counts as on air from its start for this long: the page says 'live now' meanwhile. */
export const SHOW_ON_AIR_MS = 2 * 3_600_000;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);

/**
 * The embeddable player of a stream URL, or null when we do not know how to embed it (the page
 * then shows a link). YouTube watch, live, share and embed URLs become the privacy-enhanced
 * youtube-nocookie embed; a channel's live URL becomes YouTube's live_stream embed. The security
 * headers open frame-src for exactly the origin of the URL returned here.
 */
export function streamEmbedUrl(streamUrl: string | null | undefined): string | null {
  if (!streamUrl) return null;
  let url: URL;
  try {
    url = new URL(streamUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !YOUTUBE_HOSTS.has(url.hostname)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (url.hostname === 'youtu.be') id = parts[0] ?? null;
  else if (parts[0] === 'watch') id = url.searchParams.get('v');
  else if ((parts[0] === 'live' || parts[0] === 'embed' || parts[0] === 'shorts') && parts[1]) id = parts[1];
  else if (parts[0] === 'channel' && parts[1] && /^UC[A-Za-z0-9_-]{22}$/.test(parts[1]) && parts[2] === 'live') {
    return `https://www.youtube.com/embed/live_stream?channel=${parts[1]}`;
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return `https://www.youtube-nocookie.com/embed/${id}`;
}

/** The origin frame-src must allow for a stream URL, or null when it is not embedded. */
export function streamFrameOrigin(streamUrl: string | null | undefined): string | null {
  const embed = streamEmbedUrl(streamUrl);
  return embed ? new URL(embed).origin : null;
}

// ---------------------------------------------------------------- a player's own entries

export const myTicketSchema = z.object({
  id: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  status: z.enum(['reserved', 'confirmed']),
  /** After publishing only. */
  rank: z.number().int().nullable(),
  distance: z.number().nullable(),
});
export type MyTicket = z.infer<typeof myTicketSchema>;

export const taxSchema = z.object({
  grossPaise: z.number().int(),
  tdsPaise: z.number().int(),
  netPaise: z.number().int(),
  ratePercent: z.number(),
  thresholdPaise: z.number().int(),
});
export type TaxBreakdown = z.infer<typeof taxSchema>;

export const claimStatusSchema = z.enum(['submitted', 'verified', 'sent']);
export type ClaimStatus = z.infer<typeof claimStatusSchema>;

/** What the winner sees back: status and masked values only. */
export const myClaimSchema = z.object({
  status: claimStatusSchema,
  submittedAt: z.string(),
  verifiedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  note: z.string().nullable(),
  masked: z.object({ fullName: z.string(), pan: z.string(), address: z.string(), payout: z.string().nullable() }),
  tax: taxSchema,
});
export type MyClaim = z.infer<typeof myClaimSchema>;

export const myEntrySchema = z.object({
  contestId: z.string(),
  slot: z.enum(['A', 'B']),
  state: z.enum(['upcoming', 'open', 'closed', 'judging', 'judged', 'published', 'cancelled']),
  closesAt: z.string(),
  showAt: z.string(),
  picture: gamePictureSchema.nullable(),
  prize: prizeSchema,
  tickets: z.array(myTicketSchema),
  /** The entry list is sealed (issue 12): each confirmed ticket has a receipt (GET /me/tickets/:ticketId/receipt). */
  sealed: z.boolean(),
  /** After publishing only. */
  judgedPoint: point.nullable(),
  entries: z.number().int().nullable(),
  isWinner: z.boolean(),
  /** For the winner: the tax on the prize (before and after claiming) and the claim if made. */
  tax: taxSchema.nullable(),
  claim: myClaimSchema.nullable(),
});
export type MyEntry = z.infer<typeof myEntrySchema>;

export const MY_ENTRIES_LIMIT = 20;
export const myEntriesSchema = z.object({ contests: z.array(myEntrySchema) });
export type MyEntries = z.infer<typeof myEntriesSchema>;

// ---------------------------------------------------------------- the prize claim

/** Section 194B: 30% on winnings above Rs 10,000 (both configurable in settings). */
export const TDS_DEFAULT_RATE_BP = 3000;
export const TDS_DEFAULT_THRESHOLD_PAISE = 1_000_000;
export const TDS_RATE_KEY = 'tds_rate_bp';
export const TDS_THRESHOLD_KEY = 'tds_threshold_paise';

/** Tax withheld on a prize: the whole value is taxed once it is above the threshold. */
export function tdsFor(grossPaise: number, settings: { rateBp: number; thresholdPaise: number }): TaxBreakdown {
  const tdsPaise = grossPaise > settings.thresholdPaise ? Math.round((grossPaise * settings.rateBp) / 10_000) : 0;
  return {
    grossPaise,
    tdsPaise,
    netPaise: grossPaise - tdsPaise,
    ratePercent: settings.rateBp / 100,
    thresholdPaise: settings.thresholdPaise,
  };
}

export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];
export const isIndianState = (value: string): value is IndianState =>
  (INDIAN_STATES as readonly string[]).includes(value);

/** English messages the API answers with; the claim form shows them translated (results: claim.errors.<key>). */
export const CLAIM_MESSAGES = {
  fullNameRequired: 'Enter your name as on your PAN card',
  panInvalid: 'Enter a valid PAN: 5 letters, 4 digits, 1 letter (e.g. ABCDE1234F)',
  lineRequired: 'Enter your address',
  cityRequired: 'Enter your city or town',
  stateRequired: 'Choose your state',
  pinInvalid: 'Enter a valid 6-digit PIN code',
  upiInvalid: 'Enter a valid UPI ID (e.g. name@bank)',
  accountInvalid: 'Enter a valid bank account number (9 to 18 digits)',
  ifscInvalid: 'Enter a valid IFSC: 4 letters, 0, then 6 letters or digits (e.g. SBIN0001234)',
  payoutRequired: 'Give a UPI ID or a bank account to receive the prize',
  notAWinner: 'Only the winner of a published contest can claim its prize.',
  claimLocked: 'Your claim has been verified and can no longer be changed. Contact support to correct it.',
} as const;
export type ClaimMessageKey = keyof typeof CLAIM_MESSAGES;

export const CLAIM_ERROR_CODES = {
  notAWinner: 'NOT_A_WINNER',
  claimLocked: 'CLAIM_LOCKED',
  badTransition: 'CLAIM_BAD_TRANSITION',
} as const;

const trimmed = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;
export const UPI_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;
export const ACCOUNT_PATTERN = /^[0-9]{9,18}$/;

const upper = (s: string) => s.replace(/\s+/g, '').toUpperCase();

export const claimDetailsSchema = z.object({
  fullName: trimmed(100, CLAIM_MESSAGES.fullNameRequired),
  pan: z
    .string({ error: CLAIM_MESSAGES.panInvalid })
    .transform(upper)
    .pipe(z.string().regex(PAN_PATTERN, CLAIM_MESSAGES.panInvalid)),
  address: z.object({
    line1: trimmed(200, CLAIM_MESSAGES.lineRequired),
    line2: z.string().trim().max(200).default(''),
    city: trimmed(100, CLAIM_MESSAGES.cityRequired),
    state: z.enum(INDIAN_STATES, { error: CLAIM_MESSAGES.stateRequired }),
    pin: z.string({ error: CLAIM_MESSAGES.pinInvalid }).trim().regex(PIN_PATTERN, CLAIM_MESSAGES.pinInvalid),
  }),
  payout: z.discriminatedUnion(
    'method',
    [
      z.object({
        method: z.literal('upi'),
        upiId: z.string({ error: CLAIM_MESSAGES.upiInvalid }).trim().regex(UPI_PATTERN, CLAIM_MESSAGES.upiInvalid),
      }),
      z.object({
        method: z.literal('bank'),
        accountNumber: z
          .string({ error: CLAIM_MESSAGES.accountInvalid })
          .transform((s) => s.replace(/\s+/g, ''))
          .pipe(z.string().regex(ACCOUNT_PATTERN, CLAIM_MESSAGES.accountInvalid)),
        ifsc: z
          .string({ error: CLAIM_MESSAGES.ifscInvalid })
          .transform(upper)
          .pipe(z.string().regex(IFSC_PATTERN, CLAIM_MESSAGES.ifscInvalid)),
      }),
    ],
    { error: CLAIM_MESSAGES.payoutRequired },
  ),
});
export type ClaimDetails = z.output<typeof claimDetailsSchema>;
export type ClaimDetailsInput = z.input<typeof claimDetailsSchema>;

export const claimRequestSchema = z.object({ contestId: z.string().min(1).max(64), details: claimDetailsSchema });
export type ClaimRequest = z.input<typeof claimRequestSchema>;

export const maskPan = (pan: string) => `${pan.slice(0, 2)}${'*'.repeat(Math.max(0, pan.length - 4))}${pan.slice(-2)}`;
export const maskAccount = (n: string) => `${'*'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}`;
export function maskUpi(id: string): string {
  const [name = '', bank = ''] = id.split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(1, name.length - 2))}@${bank}`;
}
export function maskedClaim(details: ClaimDetails): MyClaim['masked'] {
  const name = details.fullName;
  return {
    fullName: name,
    pan: maskPan(details.pan),
    address: `${details.address.city}, ${details.address.state} ${details.address.pin.slice(0, 3)}***`,
    payout:
      details.payout.method === 'upi'
        ? maskUpi(details.payout.upiId)
        : `${maskAccount(details.payout.accountNumber)} (${details.payout.ifsc.slice(0, 4)})`,
  };
}

// ---------------------------------------------------------------- the console's claims area

export const adminClaimsQuerySchema = z.object({
  status: claimStatusSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminClaimsQuery = z.output<typeof adminClaimsQuerySchema>;

export const adminClaimRowSchema = z.object({
  id: z.string(),
  contestId: z.string(),
  slot: z.enum(['A', 'B']),
  showAt: z.string(),
  prizeTitle: z.string(),
  prizeKind: z.enum(['merchandise', 'cash']),
  winnerName: z.string(),
  state: z.string(),
  status: claimStatusSchema,
  grossPaise: z.number().int(),
  tdsPaise: z.number().int(),
  netPaise: z.number().int(),
  note: z.string().nullable(),
  submittedAt: z.string(),
  verifiedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type AdminClaimRow = z.infer<typeof adminClaimRowSchema>;
export const adminClaimsPageSchema = z.object({
  claims: z.array(adminClaimRowSchema),
  nextCursor: z.string().nullable(),
});
export type AdminClaimsPage = z.infer<typeof adminClaimsPageSchema>;

/** The decrypted details: read by an admin only, and every read is audited ('claim.view'). */
export const adminClaimDetailSchema = adminClaimRowSchema.extend({
  email: z.string(),
  phone: z.string(),
  details: z.object({
    fullName: z.string(),
    pan: z.string(),
    address: z.object({ line1: z.string(), line2: z.string(), city: z.string(), state: z.string(), pin: z.string() }),
    payout: z.union([
      z.object({ method: z.literal('upi'), upiId: z.string() }),
      z.object({ method: z.literal('bank'), accountNumber: z.string(), ifsc: z.string() }),
    ]),
  }),
});
export type AdminClaimDetail = z.infer<typeof adminClaimDetailSchema>;

export const claimIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const CLAIM_NOTE_MAX = 500;
export const claimStatusChangeSchema = z.object({
  status: claimStatusSchema,
  note: z.string().trim().max(CLAIM_NOTE_MAX).optional(),
});
export type ClaimStatusChange = z.output<typeof claimStatusChangeSchema>;

/** Forward only: a claim is verified, then the prize is sent. */
export const CLAIM_NEXT_STATUS: Record<ClaimStatus, ClaimStatus | null> = {
  submitted: 'verified',
  verified: 'sent',
  sent: null,
};

/** The claim form's flat shape (one field per input); claimDetailsFromForm makes the request's ClaimDetails. */
export const claimFormSchema = z
  .object({
    fullName: z.string(),
    pan: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    pin: z.string(),
    method: z.enum(['upi', 'bank']),
    upiId: z.string(),
    accountNumber: z.string(),
    ifsc: z.string(),
  })
  .superRefine((v, ctx) => {
    const parsed = claimDetailsSchema.safeParse(claimDetailsFromForm(v));
    if (parsed.success) return;
    const flat: Record<string, string> = {
      'address.line1': 'line1',
      'address.city': 'city',
      'address.state': 'state',
      'address.pin': 'pin',
      'payout.upiId': 'upiId',
      'payout.accountNumber': 'accountNumber',
      'payout.ifsc': 'ifsc',
    };
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      ctx.addIssue({ code: 'custom', message: issue.message, path: [flat[path] ?? path] });
    }
  });
export type ClaimFormValues = z.infer<typeof claimFormSchema>;

export function claimDetailsFromForm(v: ClaimFormValues): ClaimDetailsInput {
  return {
    fullName: v.fullName,
    pan: v.pan,
    address: {
      line1: v.line1,
      line2: v.line2,
      city: v.city,
      state: v.state as (typeof INDIAN_STATES)[number],
      pin: v.pin,
    },
    payout:
      v.method === 'upi'
        ? { method: 'upi', upiId: v.upiId }
        : { method: 'bank', accountNumber: v.accountNumber, ifsc: v.ifsc },
  };
}

/** The key of an English claim message (for the form's translation), or null for other text. */
export function claimMessageKey(message: string): ClaimMessageKey | null {
  const found = (Object.entries(CLAIM_MESSAGES) as Array<[ClaimMessageKey, string]>).find(
    ([, text]) => text === message,
  );
  return found ? found[0] : null;
}

/** The TDS rule as the console reads and sets it (Admin > Prize claims). */
export const tdsSettingsSchema = z.object({
  rateBp: z
    .number({ error: 'Enter the rate as a percentage' })
    .int('Enter the rate with at most 2 decimals')
    .min(0, 'The rate is between 0% and 100%')
    .max(10_000, 'The rate is between 0% and 100%'),
  thresholdPaise: z
    .number({ error: 'Enter the threshold in rupees' })
    .int('Enter the threshold in whole paise')
    .min(0, 'The threshold cannot be negative')
    .max(100_000_000_000, 'The threshold is too large'),
});
export type TdsSettings = z.infer<typeof tdsSettingsSchema>;
