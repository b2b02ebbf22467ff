import { BRAND } from '../../domain/brand.ts';
import { SERVER_ERROR_MESSAGES } from '../../domain/api-errors.ts';
import { inLanguage, type PlayerLanguage } from './message-language.ts';
import type { OutgoingMessage } from './messages.ts';

/**
 * The words of every SMS and e-mail the accounts, results and cancellation code send to a player,
 * in English and Hindi side by side (issue 25); which language a message goes in is
 * message-language.ts's business. Other areas word their messages with `inLanguage` the same way.
 */

/**
 * Why a one-time code went out: 'set' is a reset code for an account that has no password yet;
 * 'phone', a code to a new number asked for in My account.
 */
export type CodePurpose = 'signup' | 'reset' | 'set' | 'login' | 'phone';

const name = BRAND.name;

export function codeSms(language: PlayerLanguage, phone: string, code: string, purpose: CodePurpose): OutgoingMessage {
  const bodies: Record<CodePurpose, Record<PlayerLanguage, string>> = {
    signup: {
      en: `${code} is your ${name} sign-up code. It expires in 10 minutes. Never share it with anyone.`,
      hi: `${code} आपका ${name} साइन-अप कोड है। यह 10 मिनट में समाप्त हो जाएगा। इसे कभी किसी को न बताएँ।`,
    },
    reset: {
      en: `${code} is your ${name} password reset code. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
      hi: `${code} आपका ${name} पासवर्ड बदलने का कोड है। यह 10 मिनट में समाप्त हो जाएगा। अगर आपने यह नहीं माँगा, तो इस संदेश को अनदेखा करें।`,
    },
    set: {
      en: `${code} is your ${name} code to set a password. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
      hi: `${code} आपका ${name} पासवर्ड बनाने का कोड है। यह 10 मिनट में समाप्त हो जाएगा। अगर आपने यह नहीं माँगा, तो इस संदेश को अनदेखा करें।`,
    },
    login: {
      en: `${code} is your ${name} login code. It expires in 10 minutes. Never share it with anyone. If you did not ask for it, ignore this message.`,
      hi: `${code} आपका ${name} लॉगिन कोड है। यह 10 मिनट में समाप्त हो जाएगा। इसे कभी किसी को न बताएँ। अगर आपने यह नहीं माँगा, तो इस संदेश को अनदेखा करें।`,
    },
    phone: {
      en: `${code} is your ${name} code to make this your account's mobile number. It expires in 10 minutes. Never share it with anyone. If you did not ask for it, ignore this message.`,
      hi: `${code} आपका ${name} कोड है, इस नंबर को अपने खाते का मोबाइल नंबर बनाने के लिए। यह 10 मिनट में समाप्त हो जाएगा। इसे कभी किसी को न बताएँ। अगर आपने यह नहीं माँगा, तो इस संदेश को अनदेखा करें।`,
    },
  };
  return { channel: 'sms', recipient: phone, body: inLanguage(language, bodies[purpose]) };
}

/** To the owner of a number someone tried to sign up with. */
export function signupAttemptSms(language: PlayerLanguage, phone: string): OutgoingMessage {
  return {
    channel: 'sms',
    recipient: phone,
    body: inLanguage(language, {
      en: `Someone tried to sign up to ${name} with your number. If it was you, log in with a code by SMS instead. If not, ignore this message.`,
      hi: `किसी ने आपके नंबर से ${name} पर साइन अप करने की कोशिश की। अगर यह आप थे, तो SMS कोड से लॉग इन करें। अगर नहीं, तो इस संदेश को अनदेखा करें।`,
    }),
  };
}

/** To the owner of an e-mail address someone tried to sign up with. */
export function signupAttemptEmail(language: PlayerLanguage, email: string): OutgoingMessage {
  return {
    channel: 'email',
    recipient: email,
    ...inLanguage(language, {
      en: {
        subject: `A sign-up attempt with your e-mail address on ${name}`,
        body: `Someone tried to sign up to ${name} with this e-mail address. If it was you, log in with a code by SMS to your mobile number instead. If not, ignore this message.`,
      },
      hi: {
        subject: `${name} पर आपके ई-मेल पते से साइन-अप की कोशिश`,
        body: `किसी ने इस ई-मेल पते से ${name} पर साइन अप करने की कोशिश की। अगर यह आप थे, तो अपने मोबाइल नंबर पर SMS कोड से लॉग इन करें। अगर नहीं, तो इस संदेश को अनदेखा करें।`,
      },
    }),
  };
}

/** To a deactivated or deleted account's number that asked for a login code: how to get it back, no code. */
export function loginRefusedSms(
  language: PlayerLanguage,
  phone: string,
  status: 'suspended' | 'deleted',
): OutgoingMessage {
  const english =
    status === 'suspended' ? SERVER_ERROR_MESSAGES.accountSuspended : SERVER_ERROR_MESSAGES.accountDeleted;
  const hindi =
    status === 'suspended'
      ? `यह खाता निष्क्रिय है। इसे फिर से चालू कराने के लिए ${BRAND.supportEmail} पर ई-मेल करें।`
      : `यह खाता हटा दिया गया था। इसे वापस पाने के लिए ${BRAND.supportEmail} पर ई-मेल करें।`;
  return {
    channel: 'sms',
    recipient: phone,
    body: inLanguage(language, {
      en: `Someone asked for a ${name} login code for your number. ${english}`,
      hi: `किसी ने आपके नंबर के लिए ${name} लॉगिन कोड माँगा। ${hindi}`,
    }),
  };
}

/** To the old address or number of an account whose e-mail or mobile number was changed. */
export function contactChangedNotice(
  language: PlayerLanguage,
  what: 'email' | 'phone',
  recipient: string,
): OutgoingMessage {
  if (what === 'email') {
    return {
      channel: 'email',
      recipient,
      ...inLanguage(language, {
        en: {
          subject: `Your ${name} e-mail address was changed`,
          body: `The e-mail address of your ${name} account was changed to another one. If you did not do this, e-mail ${BRAND.supportEmail} at once.`,
        },
        hi: {
          subject: `आपका ${name} ई-मेल पता बदल दिया गया`,
          body: `आपके ${name} खाते का ई-मेल पता किसी दूसरे पते में बदल दिया गया। अगर यह आपने नहीं किया, तो तुरंत ${BRAND.supportEmail} पर ई-मेल करें।`,
        },
      }),
    };
  }
  return {
    channel: 'sms',
    recipient,
    body: inLanguage(language, {
      en: `The mobile number of your ${name} account was changed. If you did not do this, e-mail ${BRAND.supportEmail} at once.`,
      hi: `आपके ${name} खाते का मोबाइल नंबर बदल दिया गया। अगर यह आपने नहीं किया, तो तुरंत ${BRAND.supportEmail} पर ई-मेल करें।`,
    }),
  };
}

/** A notice sent by SMS and by e-mail (result and cancellation notices). */
export interface NoticeWords {
  sms: string;
  subject: string;
  email: string;
}

/** The result notice: the winner, or an entrant with their best ticket's rank. */
export function resultNotice(
  language: PlayerLanguage,
  notice: { kind: 'winner' | 'entrant'; bestRank: number; label: string; firstName: string; siteUrl: string },
): NoticeWords {
  const { bestRank, label, firstName, siteUrl } = notice;
  if (notice.kind === 'winner') {
    return inLanguage(language, {
      en: {
        sms: `${name}: congratulations ${firstName}, you won ${label}! Claim your prize in My entries: ${siteUrl}/my_entries`,
        subject: `You won ${label} on ${name}`,
        email: `Hello ${firstName},\n\nCongratulations: your mark was the closest to the judged ball position in ${label}. You won!\n\nClaim your prize in My entries: ${siteUrl}/my_entries\nSee the result: ${siteUrl}/live_weekly_winner\n\n${name}`,
      },
      hi: {
        sms: `${name}: बधाई हो ${firstName}, आपने ${label} जीत ली! अपना इनाम 'मेरी प्रविष्टियाँ' में क्लेम करें: ${siteUrl}/my_entries`,
        subject: `आपने ${name} पर ${label} जीत ली`,
        email: `नमस्ते ${firstName},\n\nबधाई हो: ${label} में आपका निशान तय की गई गेंद की जगह के सबसे पास था। आप जीत गए!\n\nअपना इनाम 'मेरी प्रविष्टियाँ' में क्लेम करें: ${siteUrl}/my_entries\nपरिणाम देखें: ${siteUrl}/live_weekly_winner\n\n${name}`,
      },
    });
  }
  return inLanguage(language, {
    en: {
      sms: `${name}: the results of ${label} are out. Your best ticket ranked #${bestRank}. See them at ${siteUrl}/my_entries`,
      subject: `The results of ${label} are out`,
      email: `Hello ${firstName},\n\nThe results of ${label} are out. Your best ticket ranked #${bestRank}.\n\nSee your entries: ${siteUrl}/my_entries\nSee the winner: ${siteUrl}/the_winners_circle\n\n${name}`,
    },
    hi: {
      sms: `${name}: ${label} के परिणाम आ गए हैं। आपका सबसे अच्छा टिकट #${bestRank} स्थान पर रहा। देखें: ${siteUrl}/my_entries`,
      subject: `${label} के परिणाम आ गए हैं`,
      email: `नमस्ते ${firstName},\n\n${label} के परिणाम आ गए हैं। आपका सबसे अच्छा टिकट #${bestRank} स्थान पर रहा।\n\nअपनी प्रविष्टियाँ देखें: ${siteUrl}/my_entries\nविजेता देखें: ${siteUrl}/the_winners_circle\n\n${name}`,
    },
  });
}

/**
 * The cancellation notice. The operator's reason is shown as they wrote it (the console takes one
 * language); the words around it are the player's.
 */
export function cancelNotice(
  language: PlayerLanguage,
  notice: { label: string; firstName: string; tickets: number; reason: string; paid: boolean; siteUrl: string },
): NoticeWords {
  const { label, firstName, tickets, reason, paid, siteUrl } = notice;
  if (language === 'hi') {
    const refund = paid ? ' आपका भुगतान उसी तरीके से लौटाया जा रहा है जिससे आपने भुगतान किया था; बैंक 5-7 कार्यदिवस लेते हैं।' : '';
    return {
      sms: `${name}: ${label} रद्द कर दी गई है (कारण: ${reason.slice(0, 80)})। आपके ${tickets} टिकट का निर्णय नहीं होगा।${refund}`,
      subject: `${label} रद्द कर दी गई है`,
      email: `नमस्ते ${firstName},\n\nहमें खेद है: ${label} रद्द कर दी गई है।\nकारण: ${reason}\n\nइस प्रतियोगिता में आपके ${tickets} टिकट का निर्णय नहीं होगा।${refund}\n\nअपने भुगतान 'मेरा खाता' में देखें: ${siteUrl}/my_account\n\n${name}`,
    };
  }
  const refund = paid ? ' Your payment is being refunded to the way you paid; banks take 5-7 working days.' : '';
  const plural = tickets === 1 ? 'ticket' : 'tickets';
  return {
    sms: `${name}: ${label} has been cancelled (${reason.slice(0, 80)}). Your ${tickets} ${plural} will not be judged.${refund}`,
    subject: `${label} has been cancelled`,
    email: `Hello ${firstName},\n\nWe are sorry: ${label} has been cancelled.\nReason: ${reason}\n\nYour ${tickets} ${plural} in this contest will not be judged.${refund}\n\nSee your payments in My Account: ${siteUrl}/my_account\n\n${name}`,
  };
}
