/**
 * Form and request schemas, shared by react-hook-form on the web and the server routes.
 *
 * Every issue message is a stable code from VALIDATION_MESSAGES (form-rules.ts), never prose: the web translates
 * it through the 'validation' namespace (public/locales/{lng}/validation.json), the server returns
 * it as is, and a copy change never breaks a test or an API client.
 *
 * An empty field reports only that it is required; a filled one reports every rule it breaks, in
 * the order written (react-hook-form shows the first).
 */
import { z } from 'zod';
import {
  type ValidationCode,
  NAME_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  OTP_LENGTH,
  ALLOWED_EMAIL_DOMAINS,
  firstLetterIsCapital,
} from './form-rules.ts';
import { isValidIndianMobile, stripPhonePrefix } from './phone.ts';

/**
 * Params for a check that runs only on a filled-in string. Used instead of zod's `abort: true`
 * after the "required" check because an explicit abort would also switch off the object-level
 * password-match check, and the form should show every problem at once.
 */
function whenFilled(code: ValidationCode, also: (value: string) => boolean = () => true) {
  return {
    error: code,
    when: (payload: { value: unknown }) =>
      typeof payload.value === 'string' && payload.value !== '' && also(payload.value),
  };
}

/** A trimmed string; empty or absent reports `code` and nothing else. */
function requiredText(code: ValidationCode) {
  return z.string({ error: code }).trim().min(1, { error: code });
}

/**
 * A capital or a letter of a script without case (Devanagari, for one): a Hindi name written in
 * Hindi has no capital to start with and must still pass.
 */
const STARTS_WITH_CAPITAL = /^[\p{Lu}\p{Lt}\p{Lo}]/u;

/** A first or last name on the site's own forms: required, first letter capital, at most 20. */
/**
 * Control characters (NUL, escapes), format characters (zero-width joiners aside, which Hindi
 * spelling needs) and bidirectional overrides (U+202E turns 'Ravi' into what it is not) and markup
 * brackets have no place in a person's name shown to other players.
 */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF<>]/u;

export function nameField(requiredCode: ValidationCode) {
  return requiredText(requiredCode)
    .refine((value) => !UNSAFE_NAME_CHARACTERS.test(value), { error: 'nameHasInvisibleCharacters' })
    .refine((value) => STARTS_WITH_CAPITAL.test(value), whenFilled('firstLetterCapital'))
    .max(NAME_MAX_LENGTH, { error: 'nameTooLong' });
}

function isEmail(value: string): boolean {
  return z.regexes.email.test(value);
}

function isAllowedEmailDomain(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return (ALLOWED_EMAIL_DOMAINS as readonly string[]).includes(domain);
}

/** Any well-formed address (social sign-up, where the provider vouches for it). */
export const emailSchema = requiredText('emailRequired').refine(isEmail, whenFilled('invalidEmail'));

/** A well-formed address at one of the accepted providers; a malformed one reports only invalidEmail. */
export const allowedEmailSchema = emailSchema.refine(
  isAllowedEmailDomain,
  whenFilled('emailDomainNotAllowed', isEmail),
);
export const allowedEmail = allowedEmailSchema;

/**
 * The 10-digit national number. Forms pass what is typed through normalizePhoneInput first, so
 * the schema itself accepts no spaces or prefixes and silently cuts nothing.
 */
export const indianPhoneSchema = requiredText('phoneRequired').refine(
  isValidIndianMobile,
  whenFilled('invalidIndianMobile'),
);
export const indianPhone = indianPhoneSchema;

function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /\d/.test(value) &&
    /[@$!%*?&]/.test(value)
  );
}

/**
 * A new password. Characters outside the required classes (#, space, Hindi letters) are allowed:
 * the message promises what must be there, not what may not. Never trimmed.
 */
export const passwordSchema = z
  .string({ error: 'passwordRequired' })
  .min(1, { error: 'passwordRequired' })
  .max(PASSWORD_MAX_LENGTH, { error: 'passwordTooLong' })
  .refine(
    isStrongPassword,
    whenFilled('passwordWeak', (value) => value.length <= PASSWORD_MAX_LENGTH),
  );
export const password = passwordSchema;

const confirmPasswordSchema = z
  .string({ error: 'confirmPasswordRequired' })
  .min(1, { error: 'confirmPasswordRequired' });

/**
 * Reported on confirmPassword, where the user will retype; an empty confirmation already says so.
 * `when` lets it run while other fields fail, even with a missing field (zod otherwise skips an
 * object's refinements after a type error), as long as both passwords are there to compare.
 */
function passwordsMatch(values: { password: string; confirmPassword: string }): boolean {
  return values.confirmPassword === '' || values.password === values.confirmPassword;
}
function mismatch() {
  return {
    error: 'passwordsDoNotMatch' satisfies ValidationCode,
    path: ['confirmPassword'],
    when: (payload: { value: unknown }) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
    },
  };
}

function isEmailOrPhone(value: string): boolean {
  if (value.includes('@')) return isEmail(value);
  return /^[\d\s()+-]+$/.test(value) && /^\d{10}$/.test(stripPhonePrefix(value));
}

/** An email address or a 10-digit mobile number (a +91 or 0 prefix allowed); a number comes out as its 10 digits. */
export const identifierSchema = requiredText('identifierRequired')
  .refine(isEmailOrPhone, whenFilled('invalidIdentifier'))
  .overwrite((value) => (value.includes('@') ? value : stripPhonePrefix(value)));

const agreement = z.boolean({ error: 'mustAgree' }).refine((ticked) => ticked, { error: 'mustAgree' });

/** The spec's social sign-up form; field names are those of the social-login payload. */
export const socialSignupSchema = z.object({
  first_name: requiredText('firstNameRequired'),
  last_name: requiredText('lastNameRequired'),
  email: emailSchema,
  phone: requiredText('phoneRequired').refine((value) => /^\d{10}$/.test(value), whenFilled('phoneMustBe10Digits')),
  agreeLegal: agreement,
  agreeRules: agreement,
  agreeAge: agreement,
});
export type SocialSignupValues = z.infer<typeof socialSignupSchema>;

/**
 * The sign-up form (issue 25): code-first, no password. The mobile number comes first, then the
 * names, the e-mail and the three agreements, on one screen; the 6-digit code comes next (/otp).
 * A password is set later, in My account or by the forgotten-password code (/createpassword).
 */
export const signupSchema = z.object({
  phone: indianPhoneSchema,
  firstName: nameField('firstNameRequired'),
  lastName: nameField('lastNameRequired'),
  email: allowedEmailSchema,
  agreeLegal: agreement,
  agreeRules: agreement,
  agreeAge: agreement,
});
export type SignupValues = z.infer<typeof signupSchema>;

/**
 * POST /auth/signup: the form, and optionally a password with its confirmation (an API client
 * that sets one at once; the site's own form sends none). A password sent is held to the rules.
 */
export const signupRequestSchema = signupSchema
  .extend({ password: passwordSchema.optional(), confirmPassword: confirmPasswordSchema.optional() })
  .refine((values) => values.password === undefined || values.confirmPassword !== undefined, {
    error: 'confirmPasswordRequired',
    path: ['confirmPassword'],
    when: (payload) => typeof (payload.value as { password?: unknown } | null)?.password === 'string',
  })
  .refine((values) => values.confirmPassword === undefined || values.password !== undefined, {
    error: 'passwordRequired',
    path: ['password'],
    when: (payload) => typeof (payload.value as { confirmPassword?: unknown } | null)?.confirmPassword === 'string',
  })
  .refine(
    (values) =>
      values.password === undefined ||
      values.confirmPassword === undefined ||
      passwordsMatch({ password: values.password, confirmPassword: values.confirmPassword }),
    mismatch(),
  );
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** Signing in checks presence only: the password rules may have changed since the account was made. */
export const loginSchema = z.object({
  identifier: identifierSchema,
  password: z.string({ error: 'passwordRequired' }).min(1, { error: 'passwordRequired' }),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const otpSchema = z.object({
  otp: z
    .string({ error: 'otpInvalid' })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: 'otpInvalid' }),
});
export type OtpValues = z.infer<typeof otpSchema>;

/** Login with a code by SMS: the 10-digit mobile number first, then the code sent to it. */
export const loginCodeRequestSchema = z.object({ phone: indianPhoneSchema });
export type LoginCodeRequestValues = z.infer<typeof loginCodeRequestSchema>;
export const loginCodeVerifySchema = z.object({ phone: indianPhoneSchema, code: otpSchema.shape.otp });
export type LoginCodeVerifyValues = z.infer<typeof loginCodeVerifySchema>;

export const forgotSchema = z.object({ identifier: identifierSchema });
export type ForgotValues = z.infer<typeof forgotSchema>;

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .refine(passwordsMatch, mismatch());
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'currentPasswordRequired' }).min(1, { error: 'currentPasswordRequired' }),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine(passwordsMatch, mismatch());
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const profileSchema = z.object({
  firstName: nameField('firstNameRequired'),
  lastName: nameField('lastNameRequired'),
  email: allowedEmailSchema,
  phone: indianPhoneSchema,
});
export type ProfileValues = z.infer<typeof profileSchema>;

export const contactSchema = z.object({
  subject: requiredText('subjectRequired').max(SUBJECT_MAX_LENGTH, { error: 'subjectTooLong' }),
  phone: indianPhoneSchema,
  email: allowedEmailSchema,
  message: requiredText('messageRequired')
    .refine(firstLetterIsCapital, whenFilled('firstLetterCapital'))
    .max(MESSAGE_MAX_LENGTH, { error: 'messageTooLong' }),
});
export type ContactValues = z.infer<typeof contactSchema>;

/** Promo codes are matched in upper case, so 'diwali50 ' and 'DIWALI50' are one code. */
export const promoCodeSchema = z.object({
  code: requiredText('promoCodeRequired').toUpperCase(),
});
export type PromoCodeValues = z.infer<typeof promoCodeSchema>;

// The same types under the other common name, for code that reads a parsed request as "input".
export type SocialSignupInput = SocialSignupValues;
export type SignupInput = SignupRequest;
export type LoginInput = LoginValues;
export type OtpInput = OtpValues;
export type ForgotInput = ForgotValues;
export type ResetPasswordInput = ResetPasswordValues;
export type ChangePasswordInput = ChangePasswordValues;
export type ProfileInput = ProfileValues;
export type ContactInput = ContactValues;
export type PromoCodeInput = PromoCodeValues;
