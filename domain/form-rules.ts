/**
 * The forms' rules that need no zod: the validation codes and their English texts, the lengths,
 * the allowed e-mail domains and the capitalising of what a player types. Screens read these on
 * first paint (a field's limit, the translation of a code) without loading zod; the schemas that
 * use them are in validation.ts.
 */

export const VALIDATION_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email',
  phoneRequired: 'Phone number is required',
  phoneMustBe10Digits: 'Phone number must be 10 digits',
  mustAgree: 'You must agree to continue',
  firstLetterCapital: 'First letter must be a capital letter',
  nameTooLong: 'At most 20 characters',
  nameHasInvisibleCharacters: 'Use letters only: no control, formatting or direction-changing characters',
  emailDomainNotAllowed: 'Only Gmail, Yahoo, Outlook and Hotmail addresses are accepted',
  invalidIndianMobile: 'Enter a valid Indian mobile number',
  passwordRequired: 'Password is required',
  passwordWeak:
    'Password must be at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character (@ $ ! % * ? &)',
  passwordTooLong: 'Password must be at most 128 characters',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  identifierRequired: 'Email or phone number is required',
  invalidIdentifier: 'Enter a valid email or 10-digit mobile number',
  otpInvalid: 'Enter the 6-digit code',
  subjectRequired: 'Subject is required',
  subjectTooLong: 'Subject must be at most 150 characters',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 500 characters',
  promoCodeRequired: 'Please enter a promo code',
} as const satisfies Record<string, string>;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;

export function isValidationCode(value: string): value is ValidationCode {
  return Object.hasOwn(VALIDATION_MESSAGES, value);
}

export const NAME_MAX_LENGTH = 20;
export const SUBJECT_MAX_LENGTH = 150;
export const MESSAGE_MAX_LENGTH = 500;
export const PASSWORD_MIN_LENGTH = 8;
/** Not in the spec: bounds the work of hashing a pasted novel. */
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;
export const ALLOWED_EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'yahoo.co.in', 'outlook.com', 'hotmail.com'] as const;

/** The first letter, wherever it is: a message may open with a digit, a quote or an emoji. */
const FIRST_LETTER = /\p{L}/u;

/** Whether the text's first letter, if it has one, is not a small letter. */
export function firstLetterIsCapital(text: string): boolean {
  const first = FIRST_LETTER.exec(text)?.[0];
  return first === undefined || !/\p{Ll}/u.test(first);
}

/**
 * The text with its first letter made a capital, which the forms do as the player types so the
 * capital-letter rules above rarely refuse anything. A letter whose capital is more than one
 * character ('ß' -> 'SS') is left as typed; the rule still decides.
 */
export function withCapitalFirstLetter(text: string): string {
  const match = FIRST_LETTER.exec(text);
  if (!match || !/\p{Ll}/u.test(match[0])) return text;
  const capital = match[0].toUpperCase();
  if ([...capital].length !== 1) return text;
  return text.slice(0, match.index) + capital + text.slice(match.index + match[0].length);
}

/** A letter that starts a word: the text's first, or one after a space or a hyphen. */
const WORD_START = /(^|[\s-])(\p{Ll})/gu;

/**
 * A name with each word's first letter made a capital as the player types ('ravi kumar' ->
 * 'Ravi Kumar', 'rao-sharma' -> 'Rao-Sharma'): the rest of each word is left as typed
 * ('McDonald', 'DSouza'), and a letter whose capital is more than one character stays as it is, so
 * the text keeps its length and the caret stays where it was.
 */
export function withCapitalWords(text: string): string {
  return text.replace(WORD_START, (whole, before: string, letter: string) => {
    const capital = letter.toUpperCase();
    return [...capital].length === 1 ? before + capital : whole;
  });
}
