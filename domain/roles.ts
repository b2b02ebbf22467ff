/**
 * Who may do what beyond playing. Every account plays; an admin runs the console (contests,
 * pictures, promo codes, press, users, settings, payments); a judge marks the ball of closed
 * contests on the judges' panel. One person may hold both roles. Checked on the server for every
 * console call; the web only hides what a role cannot use.
 */
import { z } from 'zod';

export const STAFF_ROLES = ['admin', 'judge'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const ROLE_ERROR_CODES = { forbidden: 'FORBIDDEN' } as const;
export const FORBIDDEN_MESSAGE = 'You do not have access to this part of the console.';
