/**
 * The console's Users area (GET/POST /api/v1/admin/users...): finding an account, its page,
 * suspending and restoring it. Shared by the routes and the screen.
 */
import { z } from 'zod';
import { STAFF_ROLES } from './roles.ts';

export const USER_SEARCH_LIMIT = 20;
export const REASON_MAX = 500;

export const USER_ADMIN_MESSAGES = {
  queryTooShort: 'Type a phone number, an e-mail address or at least 2 letters of a name',
  reasonRequired: 'Write why (at least 3 characters): it goes to the audit log',
  reasonTooLong: `The reason must be at most ${REASON_MAX} characters`,
} as const;

export const userSearchQuerySchema = z.object({
  q: z
    .string({ error: USER_ADMIN_MESSAGES.queryTooShort })
    .trim()
    .min(2, USER_ADMIN_MESSAGES.queryTooShort)
    .max(100, USER_ADMIN_MESSAGES.queryTooShort),
});

export const userReasonSchema = z.object({
  reason: z
    .string({ error: USER_ADMIN_MESSAGES.reasonRequired })
    .trim()
    .min(3, USER_ADMIN_MESSAGES.reasonRequired)
    .max(REASON_MAX, USER_ADMIN_MESSAGES.reasonTooLong),
});
export type UserReasonValues = z.infer<typeof userReasonSchema>;

export const USER_STATUSES = ['active', 'suspended', 'deleted'] as const;
export const userStatusSchema = z.enum(['pending', ...USER_STATUSES]);

export const userSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: userStatusSchema,
  roles: z.array(z.enum(STAFF_ROLES)),
  /** Epoch milliseconds. */
  createdAt: z.number(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userDetailSchema = userSummarySchema.extend({
  signupMethod: z.enum(['password', 'google']),
  ticketCount: z.number().int(),
  paymentCount: z.number().int(),
  suspendedAt: z.number().nullable(),
  /** Null when the person deactivated the account themselves. */
  suspendReason: z.string().nullable(),
  deletedAt: z.number().nullable(),
  erasedAt: z.number().nullable(),
  /** For a deleted account: the last instant it can be restored (its data is erased after it). */
  restoreUntil: z.number().nullable(),
  /** Whether the restore button can work now. */
  restorable: z.boolean(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/**
 * What the search box holds: a phone number ('9876543210', '+91 98765 43210'), a part of one (at
 * least 4 digits: '91234', the last digits a caller reads out), an e-mail address, or part of a
 * name or of an e-mail address.
 */
export type UserSearch =
  | { kind: 'phone'; phone: string }
  | { kind: 'phonePart'; digits: string }
  | { kind: 'email'; email: string }
  | { kind: 'name'; name: string };

/** Fewer digits than this match too many numbers to be a search. */
export const PHONE_PART_MIN_DIGITS = 4;

export function parseUserSearch(raw: string): UserSearch {
  const text = raw.trim();
  if (text.includes('@')) return { kind: 'email', email: text.toLowerCase() };
  if (/^[+\d][\d\s-]*$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    const national = text.startsWith('+91')
      ? digits.slice(2)
      : digits.length === 12 && digits.startsWith('91')
        ? digits.slice(2)
        : digits.length === 11 && digits.startsWith('0')
          ? digits.slice(1)
          : digits;
    if (national.length === 10) return { kind: 'phone', phone: `+91${national}` };
    if (national.length >= PHONE_PART_MIN_DIGITS) return { kind: 'phonePart', digits: national };
    return { kind: 'phone', phone: `+91${national}` };
  }
  return { kind: 'name', name: text.toLowerCase().replace(/\s+/g, ' ') };
}
