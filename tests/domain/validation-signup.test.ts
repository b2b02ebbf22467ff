import { describe, expect, it } from 'vitest';
import {
  allowedEmail,
  allowedEmailSchema,
  emailSchema,
  indianPhone,
  indianPhoneSchema,
  nameField,
  password,
  passwordSchema,
  signupRequestSchema,
  signupSchema,
  socialSignupSchema,
} from '../../domain/validation.ts';
import { ALLOWED_EMAIL_DOMAINS, withCapitalWords } from '../../domain/form-rules.ts';
import { fieldIssues, issues, one } from '../support/validation.ts';

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

describe('signupSchema: the code-first form, no password (issue 25)', () => {
  const valid = {
    phone: '9876543210',
    firstName: 'Rahul',
    lastName: 'Sharma',
    email: 'rahul@gmail.com',
    agreeLegal: true,
    agreeRules: true,
    agreeAge: true,
  };

  it('accepts a valid form, and drops a password it does not ask for', () => {
    expect(signupSchema.parse(valid)).toEqual(valid);
    expect(signupSchema.parse({ ...valid, password: 'Abcdef1!' })).toEqual(valid);
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

  it('reports required on every field of an empty object, the mobile number first', () => {
    expect(issues(signupSchema, {})).toEqual([
      ['phone', 'phoneRequired'],
      ['firstName', 'firstNameRequired'],
      ['lastName', 'lastNameRequired'],
      ['email', 'emailRequired'],
      ['agreeLegal', 'mustAgree'],
      ['agreeRules', 'mustAgree'],
      ['agreeAge', 'mustAgree'],
    ]);
  });
});

describe('signupRequestSchema: a password is optional, and held to the rules when sent', () => {
  const form = {
    phone: '9876543210',
    firstName: 'Rahul',
    lastName: 'Sharma',
    email: 'rahul@gmail.com',
    agreeLegal: true,
    agreeRules: true,
    agreeAge: true,
  };
  const valid = { ...form, password: 'Abcdef1!', confirmPassword: 'Abcdef1!' };

  it('accepts the form without a password, and with a confirmed one', () => {
    expect(signupRequestSchema.parse(form)).toEqual(form);
    expect(signupRequestSchema.parse(valid)).toEqual(valid);
  });

  it('puts a mismatch on confirmPassword', () => {
    expect(issues(signupRequestSchema, { ...valid, confirmPassword: 'Abcdef1?' })).toEqual(
      one('confirmPassword', 'passwordsDoNotMatch'),
    );
  });

  it('asks for the confirmation when empty or missing, without also calling it a mismatch', () => {
    expect(issues(signupRequestSchema, { ...valid, confirmPassword: '' })).toEqual(
      one('confirmPassword', 'confirmPasswordRequired'),
    );
    const { confirmPassword: _c, ...noConfirm } = valid;
    expect(issues(signupRequestSchema, noConfirm)).toEqual(one('confirmPassword', 'confirmPasswordRequired'));
    const { password: _p, ...noPassword } = valid;
    expect(issues(signupRequestSchema, noPassword)).toEqual(one('password', 'passwordRequired'));
  });

  it('reports a weak password and the mismatch together', () => {
    expect(issues(signupRequestSchema, { ...valid, password: 'weak', confirmPassword: 'other' })).toEqual([
      ['password', 'passwordWeak'],
      ['confirmPassword', 'passwordsDoNotMatch'],
    ]);
  });

  it('reports the mismatch while other fields are still empty or missing', () => {
    expect(issues(signupRequestSchema, { ...valid, firstName: '', email: 'x', confirmPassword: 'nope' })).toEqual([
      ['firstName', 'firstNameRequired'],
      ['email', 'invalidEmail'],
      ['confirmPassword', 'passwordsDoNotMatch'],
    ]);
  });
});

describe('withCapitalWords: names as typed', () => {
  it.each([
    ['ravi kumar', 'Ravi Kumar'],
    ['rao-sharma', 'Rao-Sharma'],
    ['  asha  rao', '  Asha  Rao'],
    ['McDonald', 'McDonald'],
    ['रवि kumar', 'रवि Kumar'],
    ["d'souza", "D'souza"],
    ['ßtraße x', 'ßtraße X'],
    ['', ''],
  ])('%j -> %j', (typed, shown) => {
    expect(withCapitalWords(typed)).toBe(shown);
    expect(withCapitalWords(typed)).toHaveLength(typed.length);
  });
});
