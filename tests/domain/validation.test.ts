import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ALLOWED_EMAIL_DOMAINS,
  VALIDATION_MESSAGES,
  allowedEmail,
  allowedEmailSchema,
  changePasswordSchema,
  contactSchema,
  emailSchema,
  forgotSchema,
  identifierSchema,
  indianPhone,
  indianPhoneSchema,
  isValidationCode,
  loginSchema,
  nameField,
  otpSchema,
  password,
  passwordSchema,
  profileSchema,
  promoCodeSchema,
  resetPasswordSchema,
  signupSchema,
  socialSignupSchema,
  type ValidationCode,
} from '../../domain/validation.ts';

type Issue = [path: string, code: string];

/** Every issue as [dotted path, message code]; [] when valid. */
function issues(schema: z.ZodType, value: unknown): Issue[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

/** The issues of one field of an object schema when only that field is changed. */
function fieldIssues(schema: z.ZodType, valid: Record<string, unknown>, field: string, value: unknown): Issue[] {
  return issues(schema, { ...valid, [field]: value });
}

const one = (path: string, code: ValidationCode): Issue[] => [[path, code]];

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

describe('socialSignupSchema', () => {
  const valid = {
    first_name: 'rahul',
    last_name: 'sharma',
    email: 'rahul@company.in',
    phone: '9876543210',
    agreeLegal: true,
    agreeRules: true,
    agreeAge: true,
  };

  it('accepts a valid form, trimming text', () => {
    expect(socialSignupSchema.parse({ ...valid, first_name: '  rahul ', email: ' rahul@company.in ' })).toEqual(valid);
  });

  it.each([
    ['first_name', '', 'firstNameRequired'],
    ['first_name', '   ', 'firstNameRequired'],
    ['first_name', undefined, 'firstNameRequired'],
    ['last_name', '', 'lastNameRequired'],
    ['last_name', undefined, 'lastNameRequired'],
    ['email', '', 'emailRequired'],
    ['email', undefined, 'emailRequired'],
    ['email', 'rahul', 'invalidEmail'],
    ['email', 'rahul@', 'invalidEmail'],
    ['email', 'rahul@gmail', 'invalidEmail'],
    ['phone', '', 'phoneRequired'],
    ['phone', undefined, 'phoneRequired'],
    ['phone', '987654321', 'phoneMustBe10Digits'],
    ['phone', '98765432100', 'phoneMustBe10Digits'],
    ['phone', '98765 4321', 'phoneMustBe10Digits'],
    ['phone', '+919876543210', 'phoneMustBe10Digits'],
    ['agreeLegal', false, 'mustAgree'],
    ['agreeLegal', undefined, 'mustAgree'],
    ['agreeRules', false, 'mustAgree'],
    ['agreeAge', false, 'mustAgree'],
    ['agreeAge', 'on', 'mustAgree'],
  ] as const)('%s = %j -> %s', (field, value, code) => {
    expect(fieldIssues(socialSignupSchema, valid, field, value)).toEqual(one(field, code));
  });

  it('any 10 digits pass, as the spec asks (no 6-9 rule here)', () => {
    expect(fieldIssues(socialSignupSchema, valid, 'phone', '1234567890')).toEqual([]);
  });

  it('any email domain passes', () => {
    expect(fieldIssues(socialSignupSchema, valid, 'email', 'someone@example.org')).toEqual([]);
  });

  it('reports every field of an empty form', () => {
    expect(
      issues(socialSignupSchema, {
        first_name: '',
        last_name: '',
        email: '',
        phone: '',
        agreeLegal: false,
        agreeRules: false,
        agreeAge: false,
      }),
    ).toEqual([
      ['first_name', 'firstNameRequired'],
      ['last_name', 'lastNameRequired'],
      ['email', 'emailRequired'],
      ['phone', 'phoneRequired'],
      ['agreeLegal', 'mustAgree'],
      ['agreeRules', 'mustAgree'],
      ['agreeAge', 'mustAgree'],
    ]);
  });
});

describe('nameField', () => {
  const first = nameField('firstNameRequired');
  const last = nameField('lastNameRequired');

  it.each(['Rahul', 'R', 'Mary-Jane', "O'Brien", 'Anil Kumar', 'A'.repeat(20), 'राहुल', 'Élodie', '  Rahul  '])(
    'accepts %j',
    (name) => {
      expect(issues(first, name)).toEqual([]);
    },
  );

  it('trims', () => {
    expect(first.parse('  Rahul ')).toBe('Rahul');
  });

  it.each([
    ['', [['', 'firstNameRequired']]],
    ['  ', [['', 'firstNameRequired']]],
    [undefined, [['', 'firstNameRequired']]],
    ['rahul', [['', 'firstLetterCapital']]],
    ['1Rahul', [['', 'firstLetterCapital']]],
    ['Abcdefghijklmnopqrstu', [['', 'nameTooLong']]],
    [
      'abcdefghijklmnopqrstu',
      [
        ['', 'firstLetterCapital'],
        ['', 'nameTooLong'],
      ],
    ],
  ] as const)('%j -> %j', (value, expected) => {
    expect(issues(first, value)).toEqual(expected);
  });

  it('uses the field’s own required code', () => {
    expect(issues(last, '')).toEqual(one('', 'lastNameRequired'));
  });
});

describe('allowedEmailSchema', () => {
  it('is the same schema under its short name', () => {
    expect(allowedEmail).toBe(allowedEmailSchema);
    expect(indianPhone).toBe(indianPhoneSchema);
    expect(password).toBe(passwordSchema);
  });

  it.each(ALLOWED_EMAIL_DOMAINS.flatMap((d) => [`rahul@${d}`, `Rahul.Sharma+ipl@${d.toUpperCase()}`]))(
    'accepts %s',
    (email) => {
      expect(issues(allowedEmailSchema, email)).toEqual([]);
    },
  );

  it.each([
    ['', 'emailRequired'],
    [undefined, 'emailRequired'],
    ['rahul', 'invalidEmail'],
    ['rahul@gmail', 'invalidEmail'],
    ['rahul@@gmail.com', 'invalidEmail'],
    ['rahul@rediffmail.com', 'emailDomainNotAllowed'],
    ['rahul@gmail.co', 'emailDomainNotAllowed'],
    ['rahul@yahoo.co.uk', 'emailDomainNotAllowed'],
    ['rahul@mail.gmail.com', 'emailDomainNotAllowed'],
  ] as const)('%j -> %s', (email, code) => {
    expect(issues(allowedEmailSchema, email)).toEqual(one('', code));
  });

  it('plain emailSchema takes any domain', () => {
    expect(issues(emailSchema, 'a@example.org')).toEqual([]);
    expect(issues(emailSchema, 'nope')).toEqual(one('', 'invalidEmail'));
  });
});

describe('indianPhoneSchema', () => {
  it.each(['9876543210', '6000000000', ' 7000000000 '])('accepts %j', (phone) => {
    expect(issues(indianPhoneSchema, phone)).toEqual([]);
  });

  it.each([
    ['', 'phoneRequired'],
    [undefined, 'phoneRequired'],
    ['5876543210', 'invalidIndianMobile'],
    ['987654321', 'invalidIndianMobile'],
    ['98765432100', 'invalidIndianMobile'],
    ['+919876543210', 'invalidIndianMobile'],
    ['98765 43210', 'invalidIndianMobile'],
  ] as const)('%j -> %s', (phone, code) => {
    expect(issues(indianPhoneSchema, phone)).toEqual(one('', code));
  });
});

describe('passwordSchema', () => {
  it.each([
    'Abcdef1!',
    'Abcdef1@',
    'Abcdef1$',
    'Abcdef1%',
    'Abcdef1*',
    'Abcdef1?',
    'Abcdef1&',
    'Pass word 1# with ! and हिंदी',
    `Aa1!${'x'.repeat(124)}`,
  ])('accepts %j', (pw) => {
    expect(issues(passwordSchema, pw)).toEqual([]);
  });

  it('is not trimmed', () => {
    expect(passwordSchema.parse(' Abcdef1! ')).toBe(' Abcdef1! ');
  });

  it.each([
    ['', 'passwordRequired'],
    [undefined, 'passwordRequired'],
    ['Abcde1!', 'passwordWeak'], // 7 characters
    ['abcdef1!', 'passwordWeak'], // no uppercase
    ['ABCDEF1!', 'passwordWeak'], // no lowercase
    ['Abcdefg!', 'passwordWeak'], // no digit
    ['Abcdefg1', 'passwordWeak'], // no special
    ['Abcdefg1#', 'passwordWeak'], // # is not one of the listed specials
    [`Aa1!${'x'.repeat(125)}`, 'passwordTooLong'],
  ] as const)('%j -> %s', (pw, code) => {
    expect(issues(passwordSchema, pw)).toEqual(one('', code));
  });
});

describe('signupSchema', () => {
  const valid = {
    firstName: 'Rahul',
    lastName: 'Sharma',
    email: 'rahul@gmail.com',
    phone: '9876543210',
    password: 'Abcdef1!',
    confirmPassword: 'Abcdef1!',
    agreeLegal: true,
    agreeRules: true,
    agreeAge: true,
  };

  it('accepts a valid form', () => {
    expect(signupSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['firstName', '', 'firstNameRequired'],
    ['firstName', 'rahul', 'firstLetterCapital'],
    ['firstName', 'R'.repeat(21), 'nameTooLong'],
    ['lastName', '', 'lastNameRequired'],
    ['lastName', 'sharma', 'firstLetterCapital'],
    ['lastName', 'S'.repeat(21), 'nameTooLong'],
    ['email', '', 'emailRequired'],
    ['email', 'rahul', 'invalidEmail'],
    ['email', 'rahul@company.in', 'emailDomainNotAllowed'],
    ['phone', '', 'phoneRequired'],
    ['phone', '1234567890', 'invalidIndianMobile'],
    ['agreeLegal', false, 'mustAgree'],
    ['agreeRules', false, 'mustAgree'],
    ['agreeAge', false, 'mustAgree'],
  ] as const)('%s = %j -> %s', (field, value, code) => {
    expect(fieldIssues(signupSchema, valid, field, value)).toEqual(one(field, code));
  });

  it('puts a mismatch on confirmPassword', () => {
    expect(issues(signupSchema, { ...valid, confirmPassword: 'Abcdef1?' })).toEqual(
      one('confirmPassword', 'passwordsDoNotMatch'),
    );
  });

  it('asks for the confirmation when empty, without also calling it a mismatch', () => {
    expect(issues(signupSchema, { ...valid, confirmPassword: '' })).toEqual(
      one('confirmPassword', 'confirmPasswordRequired'),
    );
  });

  it('reports a weak password and the mismatch together', () => {
    expect(issues(signupSchema, { ...valid, password: 'weak', confirmPassword: 'other' })).toEqual([
      ['password', 'passwordWeak'],
      ['confirmPassword', 'passwordsDoNotMatch'],
    ]);
  });

  it('reports the mismatch while other fields are still empty or missing', () => {
    expect(issues(signupSchema, { ...valid, firstName: '', email: 'x', confirmPassword: 'nope' })).toEqual([
      ['firstName', 'firstNameRequired'],
      ['email', 'invalidEmail'],
      ['confirmPassword', 'passwordsDoNotMatch'],
    ]);
    const { agreeAge: _agreeAge, ...missingAge } = valid;
    expect(issues(signupSchema, { ...missingAge, confirmPassword: 'nope' })).toEqual([
      ['agreeAge', 'mustAgree'],
      ['confirmPassword', 'passwordsDoNotMatch'],
    ]);
  });

  it('reports required on every field of an empty object', () => {
    expect(issues(signupSchema, {})).toEqual([
      ['firstName', 'firstNameRequired'],
      ['lastName', 'lastNameRequired'],
      ['email', 'emailRequired'],
      ['phone', 'phoneRequired'],
      ['password', 'passwordRequired'],
      ['confirmPassword', 'confirmPasswordRequired'],
      ['agreeLegal', 'mustAgree'],
      ['agreeRules', 'mustAgree'],
      ['agreeAge', 'mustAgree'],
    ]);
  });
});

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
