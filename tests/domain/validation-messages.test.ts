import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  contactSchema,
  forgotSchema,
  loginSchema,
  otpSchema,
  profileSchema,
  promoCodeSchema,
  resetPasswordSchema,
  signupSchema,
  socialSignupSchema,
} from '../../domain/validation.ts';
import { isValidationCode, VALIDATION_MESSAGES } from '../../domain/form-rules.ts';
import { issues } from '../support/validation.ts';

describe('messages', () => {
  it('quote the spec texts exactly', () => {
    expect(VALIDATION_MESSAGES).toMatchObject({
      firstNameRequired: 'First name is required',
      lastNameRequired: 'Last name is required',
      emailRequired: 'Email is required',
      invalidEmail: 'Invalid email',
      phoneRequired: 'Phone number is required',
      phoneMustBe10Digits: 'Phone number must be 10 digits',
      mustAgree: 'You must agree to continue',
      firstLetterCapital: 'First letter must be a capital letter',
      nameTooLong: 'At most 20 characters',
      emailDomainNotAllowed: 'Only Gmail, Yahoo, Outlook and Hotmail addresses are accepted',
      invalidIndianMobile: 'Enter a valid Indian mobile number',
      passwordWeak:
        'Password must be at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character (@ $ ! % * ? &)',
      passwordsDoNotMatch: 'Passwords do not match',
      otpInvalid: 'Enter the 6-digit code',
      subjectTooLong: 'Subject must be at most 150 characters',
      messageTooLong: 'Message must be at most 500 characters',
      promoCodeRequired: 'Please enter a promo code',
    });
  });

  it('en/validation.json equals VALIDATION_MESSAGES and hi has the same keys, all filled', () => {
    const read = (lng: string) =>
      JSON.parse(
        readFileSync(new URL(`../../public/locales/${lng}/validation.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>;
    const en = read('en');
    const hi = read('hi');
    expect(en).toEqual(VALIDATION_MESSAGES);
    expect(Object.keys(hi).sort()).toEqual(Object.keys(VALIDATION_MESSAGES).sort());
    for (const [key, text] of Object.entries(hi)) {
      expect(typeof text, key).toBe('string');
      expect(text.trim(), key).not.toBe('');
      // Natural Hindi: Devanagari, not an English copy.
      expect(text, key).toMatch(/\p{Script=Devanagari}/u);
    }
    // The special characters must survive translation.
    expect(hi.passwordWeak).toContain('@ $ ! % * ? &');
  });

  it('recognises codes', () => {
    expect(isValidationCode('mustAgree')).toBe(true);
    expect(isValidationCode('toString')).toBe(false);
    expect(isValidationCode('Invalid input')).toBe(false);
  });

  it('every issue any schema raises is a known code', () => {
    const schemas = [
      socialSignupSchema,
      signupSchema,
      loginSchema,
      otpSchema,
      forgotSchema,
      resetPasswordSchema,
      changePasswordSchema,
      profileSchema,
      contactSchema,
      promoCodeSchema,
    ];
    const samples: unknown[] = [
      {},
      { password: 'a', confirmPassword: 'b' },
      Object.fromEntries(
        [
          'first_name',
          'last_name',
          'firstName',
          'lastName',
          'email',
          'phone',
          'identifier',
          'otp',
          'subject',
          'message',
          'code',
          'password',
          'confirmPassword',
          'currentPassword',
        ].map((k) => [k, 'x']),
      ),
    ];
    for (const schema of schemas) {
      for (const sample of samples) {
        for (const [, code] of issues(schema, sample)) expect(isValidationCode(code), code).toBe(true);
      }
    }
  });
});
