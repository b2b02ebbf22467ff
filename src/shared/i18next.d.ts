import 'i18next';
import type account from '../../public/locales/en/account.json';
import type admin from '../../public/locales/en/admin.json';
import type auth from '../../public/locales/en/auth.json';
import type common from '../../public/locales/en/common.json';
import type contest from '../../public/locales/en/contest.json';
import type contact from '../../public/locales/en/contact.json';
import type home from '../../public/locales/en/home.json';
import type info from '../../public/locales/en/info.json';
import type location from '../../public/locales/en/location.json';
import type payments from '../../public/locales/en/payments.json';
import type press from '../../public/locales/en/press.json';
import type results from '../../public/locales/en/results.json';
import type validation from '../../public/locales/en/validation.json';
import type trial from '../../public/locales/en/trial.json';
import type verify from '../../public/locales/en/verify.json';

// English is the typed source of every key; the locale test keeps Hindi in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      home: typeof home;
      contact: typeof contact;
      info: typeof info;
      press: typeof press;
      validation: typeof validation;
      auth: typeof auth;
      account: typeof account;
      trial: typeof trial;
      contest: typeof contest;
      payments: typeof payments;
      admin: typeof admin;
      results: typeof results;
      location: typeof location;
      verify: typeof verify;
    };
    returnNull: false;
  }
}
