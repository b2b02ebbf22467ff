import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  contactSchema,
  forgotSchema,
  identifierSchema,
  loginSchema,
  otpSchema,
  profileSchema,
  promoCodeSchema,
  resetPasswordSchema,
} from '../../domain/validation.ts';
import { fieldIssues, type Issue, issues, one } from '../support/validation.ts';

describe('identifier: loginSchema and forgotSchema', () => {
  it.each([
    ['rahul@gmail.com', 'rahul@gmail.com'],
    ['rahul@company.in', 'rahul@company.in'], // logging in takes any address an account may have
    [' rahul@gmail.com ', 'rahul@gmail.com'],
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['098765-43210', '9876543210'],
  ])('accepts %j as %j', (identifier, parsed) => {
    expect(loginSchema.parse({ identifier, password: 'x' })).toEqual({ identifier: parsed, password: 'x' });
    expect(forgotSchema.parse({ identifier })).toEqual({ identifier: parsed });
    expect(identifierSchema.parse(identifier)).toBe(parsed);
  });

  it.each([
    ['', 'identifierRequired'],
    [' ', 'identifierRequired'],
    [undefined, 'identifierRequired'],
    ['rahul', 'invalidIdentifier'],
    ['rahul@gmail', 'invalidIdentifier'],
    ['987654321', 'invalidIdentifier'],
    ['98765432101', 'invalidIdentifier'],
    ['98765abc43', 'invalidIdentifier'],
  ] as const)('%j -> %s', (identifier, code) => {
    expect(issues(loginSchema, { identifier, password: 'x' })).toEqual(one('identifier', code));
    expect(issues(forgotSchema, { identifier })).toEqual(one('identifier', code));
  });

  it('login needs a password but not a strong one', () => {
    expect(issues(loginSchema, { identifier: '9876543210', password: 'weak' })).toEqual([]);
    expect(issues(loginSchema, { identifier: '9876543210', password: '' })).toEqual(
      one('password', 'passwordRequired'),
    );
    expect(issues(loginSchema, { identifier: '9876543210' })).toEqual(one('password', 'passwordRequired'));
  });
});

describe('otpSchema', () => {
  it('accepts 6 digits', () => {
    expect(otpSchema.parse({ otp: ' 123456 ' })).toEqual({ otp: '123456' });
    expect(otpSchema.parse({ otp: '000000' })).toEqual({ otp: '000000' });
  });

  it.each(['', '12345', '1234567', '12345a', '123 456', undefined])('%j -> otpInvalid', (otp) => {
    expect(issues(otpSchema, { otp })).toEqual(one('otp', 'otpInvalid'));
  });
});

describe('resetPasswordSchema', () => {
  it('accepts a strong matching pair', () => {
    expect(issues(resetPasswordSchema, { password: 'Abcdef1!', confirmPassword: 'Abcdef1!' })).toEqual([]);
  });

  it.each([
    [
      { password: '', confirmPassword: '' },
      [
        ['password', 'passwordRequired'],
        ['confirmPassword', 'confirmPasswordRequired'],
      ],
    ],
    [{ password: 'weakpass', confirmPassword: 'weakpass' }, [['password', 'passwordWeak']]],
    [{ password: 'Abcdef1!', confirmPassword: '' }, [['confirmPassword', 'confirmPasswordRequired']]],
    [{ password: 'Abcdef1!', confirmPassword: 'abcdef1!' }, [['confirmPassword', 'passwordsDoNotMatch']]],
    [{ password: 'Abcdef1!' }, [['confirmPassword', 'confirmPasswordRequired']]],
  ])('%j', (value, expected) => {
    expect(issues(resetPasswordSchema, value)).toEqual(expected);
  });
});

describe('changePasswordSchema', () => {
  const valid = { currentPassword: 'old', password: 'Abcdef1!', confirmPassword: 'Abcdef1!' };

  it('accepts a valid change; the current password is only required', () => {
    expect(issues(changePasswordSchema, valid)).toEqual([]);
  });

  it.each([
    ['currentPassword', '', 'currentPasswordRequired'],
    ['currentPassword', undefined, 'currentPasswordRequired'],
    ['password', '', 'passwordRequired'],
    ['password', 'Abcdefg1', 'passwordWeak'],
    ['confirmPassword', '', 'confirmPasswordRequired'],
  ] as const)('%s = %j -> %s', (field, value, code) => {
    const changed = { ...valid, [field]: value };
    const expected: Issue[] = [[field, code]];
    // Changing the new password also breaks the match with the confirmation.
    if (field === 'password') expected.push(['confirmPassword', 'passwordsDoNotMatch']);
    expect(issues(changePasswordSchema, changed)).toEqual(expected);
  });

  it('puts a mismatch on confirmPassword', () => {
    expect(issues(changePasswordSchema, { ...valid, confirmPassword: 'Abcdef1?' })).toEqual(
      one('confirmPassword', 'passwordsDoNotMatch'),
    );
  });
});

describe('profileSchema', () => {
  const valid = { firstName: 'Priya', lastName: 'Nair', email: 'priya@outlook.com', phone: '8123456789' };

  it('accepts a valid profile', () => {
    expect(profileSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['firstName', '', 'firstNameRequired'],
    ['firstName', 'priya', 'firstLetterCapital'],
    ['firstName', 'P'.repeat(21), 'nameTooLong'],
    ['lastName', '', 'lastNameRequired'],
    ['lastName', 'nair', 'firstLetterCapital'],
    ['lastName', 'N'.repeat(21), 'nameTooLong'],
    ['email', '', 'emailRequired'],
    ['email', 'priya@', 'invalidEmail'],
    ['email', 'priya@proton.me', 'emailDomainNotAllowed'],
    ['phone', '', 'phoneRequired'],
    ['phone', '0123456789', 'invalidIndianMobile'],
  ] as const)('%s = %j -> %s', (field, value, code) => {
    expect(fieldIssues(profileSchema, valid, field, value)).toEqual(one(field, code));
  });
});

describe('contactSchema', () => {
  const valid = {
    subject: 'payment stuck',
    phone: '9876543210',
    email: 'a@hotmail.com',
    message: 'My payment is pending since yesterday.',
  };

  it('accepts a valid message', () => {
    expect(issues(contactSchema, valid)).toEqual([]);
    expect(issues(contactSchema, { ...valid, subject: 'S'.repeat(150), message: `M${'m'.repeat(499)}` })).toEqual([]);
  });

  it.each(['"Hello" there', '2 Tickets missing', '¿Qué?', 'नमस्ते, मेरा भुगतान', '🙂 Hi'])(
    'takes the first letter wherever it is: %j',
    (message) => {
      expect(fieldIssues(contactSchema, valid, 'message', message)).toEqual([]);
    },
  );

  it.each([
    ['subject', '', 'subjectRequired'],
    ['subject', undefined, 'subjectRequired'],
    ['subject', 'S'.repeat(151), 'subjectTooLong'],
    ['phone', '', 'phoneRequired'],
    ['phone', '12345', 'invalidIndianMobile'],
    ['email', '', 'emailRequired'],
    ['email', 'a@', 'invalidEmail'],
    ['email', 'a@company.in', 'emailDomainNotAllowed'],
    ['message', '', 'messageRequired'],
    ['message', '   ', 'messageRequired'],
    ['message', 'my payment is pending', 'firstLetterCapital'],
    ['message', '2 tickets missing, please help', 'firstLetterCapital'],
    ['message', `M${'m'.repeat(500)}`, 'messageTooLong'],
  ] as const)('%s = %j -> %s', (field, value, code) => {
    expect(fieldIssues(contactSchema, valid, field, value)).toEqual(one(field, code));
  });

  it('reports both rules a message can break', () => {
    expect(fieldIssues(contactSchema, valid, 'message', 'm'.repeat(501))).toEqual([
      ['message', 'firstLetterCapital'],
      ['message', 'messageTooLong'],
    ]);
  });
});

describe('promoCodeSchema', () => {
  it('trims and upper-cases', () => {
    expect(promoCodeSchema.parse({ code: ' diwali50 ' })).toEqual({ code: 'DIWALI50' });
  });

  it.each(['', '   ', undefined])('%j -> promoCodeRequired', (code) => {
    expect(issues(promoCodeSchema, { code })).toEqual(one('code', 'promoCodeRequired'));
  });
});
