/**
 * The account as the API shows it to its owner: the contract of the sign-up, log-in, session and
 * profile answers (server/routes/auth.routes.ts, profile.routes.ts). The web reads the types.
 */
import { z } from 'zod';
import { staffRoleSchema } from './roles.ts';

export const accountUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.string(),
  /** Staff roles on top of playing ('admin', 'judge'); empty for players. */
  roles: z.array(staffRoleSchema),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/**
 * The account with its profile picture (GET /account/me, PATCH /account/profile), and whether it
 * has a password: a code-first sign-up has none until the player sets one (issue 25).
 */
export const profileUserSchema = accountUserSchema.extend({
  avatarUrl: z.string().nullable(),
  hasPassword: z.boolean(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;

/** A new mobile number waiting for the code sent to it (PATCH /account/profile). */
export const phoneChangeSchema = z.object({ otpToken: z.string(), phone: z.string() });
export type PhoneChange = z.infer<typeof phoneChangeSchema>;
/** The profile saved, and a new number's code request when the number changed. */
export const profileUpdateSchema = z.object({ user: profileUserSchema, phoneChange: phoneChangeSchema.optional() });

/**
 * What Google told the server about a pending social sign-in (GET /app/auth/social-pending): the
 * social sign-up screen fills its empty fields from it.
 */
export const socialPrefillSchema = z.object({ first_name: z.string(), last_name: z.string(), email: z.string() });
export type SocialPrefill = z.infer<typeof socialPrefillSchema>;

/**
 * The social sign-up's answer (POST /app/auth/social-login): the sign-up code's request, for
 * /otp (the number is proved by the code before the account is active).
 */
export const socialLoginAnswerSchema = z.object({ otpToken: z.string() });
