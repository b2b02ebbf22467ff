import { z } from 'zod';
import type { MyClaim, TaxBreakdown } from './my-entries.ts';
import { INDIAN_STATES } from '../india-state-list.ts';

// The prize claim: TDS, the claim details and their form, and what the winner sees back.

/** Section 194B: 30% on winnings above Rs 10,000 (both configurable in settings). */
export const TDS_DEFAULT_RATE_BP = 3000;
export const TDS_DEFAULT_THRESHOLD_PAISE = 1_000_000;
export const TDS_RATE_KEY = 'tds_rate_bp';
export const TDS_THRESHOLD_KEY = 'tds_threshold_paise';

/**
 * Tax on a prize (section 194B): the whole value is taxed once it is above the threshold. A cash
 * prize is paid net of it. A prize in kind (merchandise) cannot be withheld from: the tax on its
 * market value is either collected from the winner before dispatch (tdsPayer 'winner') or borne
 * by the company ('company'), as the contest says; the prize itself arrives whole (net = gross).
 */
export function tdsFor(
  grossPaise: number,
  settings: { rateBp: number; thresholdPaise: number },
  inKind: { tdsPayer: 'winner' | 'company' } | null = null,
): TaxBreakdown {
  const tdsPaise = grossPaise > settings.thresholdPaise ? Math.round((grossPaise * settings.rateBp) / 10_000) : 0;
  return {
    grossPaise,
    tdsPaise,
    netPaise: inKind ? grossPaise : grossPaise - tdsPaise,
    ratePercent: settings.rateBp / 100,
    thresholdPaise: settings.thresholdPaise,
    tdsPayer: inKind ? inKind.tdsPayer : null,
  };
}

/** What the winner of a prize in kind pays before dispatch: the TDS when it is collected from them, else nothing. */
export function payableBeforeDispatch(tax: TaxBreakdown): number {
  return tax.tdsPayer === 'winner' ? tax.tdsPaise : 0;
}

/** The claim form's states (domain/india-state-list.ts). */
export { INDIAN_STATES, type IndianState, isIndianState } from '../india-state-list.ts';

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
  payoutNotAsked: 'This prize is delivered to your address: no UPI ID or bank account is asked.',
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
  /** Cash prizes only; a prize in kind is delivered to the address and asks none (the service checks which). */
  payout: z
    .discriminatedUnion(
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
    )
    .optional(),
});
export type ClaimDetails = z.output<typeof claimDetailsSchema>;
export type ClaimDetailsInput = z.input<typeof claimDetailsSchema>;

export const claimRequestSchema = z.object({
  contestId: z.string().min(1).max(64),
  details: claimDetailsSchema,
  /** The page's language: the claim's messages (received, verified, sent) are written in it. */
  lang: z.enum(['en', 'hi']).optional(),
});
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
    payout: !details.payout
      ? null
      : details.payout.method === 'upi'
        ? maskUpi(details.payout.upiId)
        : `${maskAccount(details.payout.accountNumber)} (${details.payout.ifsc.slice(0, 4)})`,
  };
}

/**
 * The claim form's flat shape (one field per input); claimDetailsFromForm makes the request's
 * ClaimDetails. method 'delivery' is a prize in kind: the address only, no payout.
 */
export const claimFormSchema = z
  .object({
    fullName: z.string(),
    pan: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    pin: z.string(),
    method: z.enum(['upi', 'bank', 'delivery']),
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
    ...(v.method === 'delivery'
      ? {}
      : {
          payout:
            v.method === 'upi'
              ? { method: 'upi', upiId: v.upiId }
              : { method: 'bank', accountNumber: v.accountNumber, ifsc: v.ifsc },
        }),
  };
}

/** The key of an English claim message (for the form's translation), or null for other text. */
export function claimMessageKey(message: string): ClaimMessageKey | null {
  const found = (Object.entries(CLAIM_MESSAGES) as Array<[ClaimMessageKey, string]>).find(
    ([, text]) => text === message,
  );
  return found ? found[0] : null;
}
