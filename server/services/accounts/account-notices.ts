/**
 * What the holder of an account is told, by e-mail and SMS, when it is closed (deactivated or
 * deleted by the player in My account) or restored by support in the console. Sent after the
 * change is committed, to the account's own address and number, in the language stored on the
 * account, as the e-mail and phone change notices are (profile.service.ts).
 */
import type { Kysely } from 'kysely';
import { BRAND } from '../../../domain/brand.ts';
import { istDateTimeFormat } from '../../../domain/schedule.ts';
import { paths } from '../../../domain/site-paths.ts';
import type { Database } from '../../db/schema.ts';
import { inLanguage, isPlayerLanguage, type PlayerLanguage } from '../../integrations/message-language.ts';
import type { MessageSender, OutgoingMessage } from '../../integrations/messages.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const name = BRAND.name;
const support = BRAND.supportEmail;

export type AccountChange = 'deactivated' | 'deleted' | 'restored';

const times: Record<PlayerLanguage, Intl.DateTimeFormat> = {
  en: istDateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
  hi: istDateTimeFormat('hi', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
};
const timeIn = (language: PlayerLanguage, at: number) => `${times[language].format(new Date(at))} IST`;

export interface AccountNoticeInput {
  change: AccountChange;
  language: PlayerLanguage;
  firstName: string;
  email: string;
  phone: string;
  /** When the change was made. */
  at: number;
  /** How long a deleted account can still be restored (ACCOUNT_RETENTION_DAYS). */
  retentionDays: number;
  /** The site's address, for the login link of a restored account. */
  siteUrl: string;
}

interface Words {
  subject: string;
  email: string;
  sms: string;
}

function words(n: AccountNoticeInput): Words {
  const when = timeIn(n.language, n.at);
  const until = timeIn(n.language, n.at + n.retentionDays * DAY_MS);
  const login = `${n.siteUrl}${paths.login}`;
  const texts: Record<AccountChange, Record<PlayerLanguage, Words>> = {
    deactivated: {
      en: {
        subject: `Your ${name} account has been deactivated`,
        email: `Your ${name} account was deactivated on ${when}, as you asked in My account, and you have been logged out everywhere. It cannot be used to log in while it is deactivated.\n\nTo reactivate it, e-mail ${support} from this address.\n\nIf you did not do this, e-mail ${support} at once.`,
        sms: `Your ${name} account was deactivated on ${when}. To reactivate it, e-mail ${support}. If you did not do this, e-mail us at once.`,
      },
      hi: {
        subject: `आपका ${name} खाता निष्क्रिय कर दिया गया है`,
        email: `आपके कहने पर, 'मेरा खाता' से, आपका ${name} खाता ${when} को निष्क्रिय कर दिया गया और आपको हर जगह से लॉग आउट कर दिया गया। निष्क्रिय रहते इससे लॉग इन नहीं किया जा सकता।\n\nइसे फिर से सक्रिय करने के लिए इसी पते से ${support} पर ई-मेल करें।\n\nअगर यह आपने नहीं किया, तो तुरंत ${support} पर ई-मेल करें।`,
        sms: `आपका ${name} खाता ${when} को निष्क्रिय कर दिया गया। इसे फिर से सक्रिय करने के लिए ${support} पर ई-मेल करें। अगर यह आपने नहीं किया, तो तुरंत ई-मेल करें।`,
      },
    },
    deleted: {
      en: {
        subject: `Your ${name} account has been deleted`,
        email: `Your ${name} account was deleted on ${when} and you have been logged out everywhere.\n\nUntil ${until} (${n.retentionDays} days), you can e-mail ${support} from this address to restore it. After that its personal data is erased, except what tax law requires us to keep with payments, and it cannot be restored.\n\nIf you did not ask for this, e-mail ${support} at once.`,
        sms: `Your ${name} account was deleted on ${when}. To restore it, e-mail ${support} before ${until}; after that its personal data is erased.`,
      },
      hi: {
        subject: `आपका ${name} खाता हटा दिया गया है`,
        email: `आपका ${name} खाता ${when} को हटा दिया गया और आपको हर जगह से लॉग आउट कर दिया गया।\n\n${until} तक (${n.retentionDays} दिन) आप इसी पते से ${support} पर ई-मेल करके इसे वापस पा सकते हैं। उसके बाद इसका निजी डेटा मिटा दिया जाता है, सिवाय उसके जो टैक्स कानून के अनुसार भुगतानों के साथ रखना ज़रूरी है, और खाता वापस नहीं मिल सकता।\n\nअगर आपने यह नहीं माँगा, तो तुरंत ${support} पर ई-मेल करें।`,
        sms: `आपका ${name} खाता ${when} को हटा दिया गया। इसे वापस पाने के लिए ${until} से पहले ${support} पर ई-मेल करें; उसके बाद इसका निजी डेटा मिटा दिया जाएगा।`,
      },
    },
    restored: {
      en: {
        subject: `Your ${name} account is active again`,
        email: `Your ${name} account is active again: our support team restored it on ${when}. You can log in now with your mobile number: ${login}\n\nIf you did not ask for this, e-mail ${support} at once.`,
        sms: `Your ${name} account is active again. You can log in now: ${login}`,
      },
      hi: {
        subject: `आपका ${name} खाता फिर से सक्रिय है`,
        email: `आपका ${name} खाता फिर से सक्रिय है: हमारी सपोर्ट टीम ने इसे ${when} को बहाल किया। आप अभी अपने मोबाइल नंबर से लॉग इन कर सकते हैं: ${login}\n\nअगर आपने यह नहीं माँगा, तो तुरंत ${support} पर ई-मेल करें।`,
        sms: `आपका ${name} खाता फिर से सक्रिय है। आप अभी लॉग इन कर सकते हैं: ${login}`,
      },
    },
  };
  return inLanguage(n.language, texts[n.change]);
}

/** The e-mail and the SMS of one account change. */
export function accountNotices(n: AccountNoticeInput): OutgoingMessage[] {
  const w = words(n);
  const hello = inLanguage(n.language, { en: `Hello ${n.firstName},`, hi: `नमस्ते ${n.firstName},` });
  return [
    { channel: 'email', recipient: n.email, subject: w.subject, body: `${hello}\n\n${w.email}\n\n${name}` },
    { channel: 'sms', recipient: n.phone, body: w.sms },
  ];
}

/**
 * Tells the account's holder of a change already committed. Both messages are tried; a failure
 * of either is thrown after the other has been tried, for the caller's log.
 */
export async function sendAccountNotice(
  db: Kysely<Database>,
  messages: MessageSender,
  options: { userId: string; change: AccountChange; at: number; retentionDays: number; siteUrl: string },
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'email', 'phone', 'language', 'erased_at'])
    .where('id', '=', options.userId)
    .executeTakeFirst();
  // An erased account has no address left to write to.
  if (!user || user.erased_at !== null) return;
  const results = await Promise.allSettled(
    accountNotices({
      change: options.change,
      language: isPlayerLanguage(user.language) ? user.language : 'en',
      firstName: user.first_name,
      email: user.email,
      phone: user.phone,
      at: options.at,
      retentionDays: options.retentionDays,
      siteUrl: options.siteUrl,
    }).map((message) => messages.send(message)),
  );
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failures.length) throw new AggregateError(failures, `${failures.length} account notice(s) could not be sent`);
}
