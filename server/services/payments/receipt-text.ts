import { formatInr } from '../../../domain/money.ts';
import { istDateTimeFormat } from '../../../domain/schedule.ts';
import type { NoticeText } from '../judging/notice-delivery.ts';

export type ReceiptLanguage = 'en' | 'hi';

export interface ReceiptFacts {
  firstName: string;
  amountPaise: number;
  tickets: number;
  slot: string;
  showAt: number;
  refNo: string;
  txnId: string | null;
  invoiceNumber: string | null;
  /** The player's payments page on this payment, where the tickets are and the invoice downloads. */
  link: string;
}

const when = {
  en: istDateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }),
  hi: istDateTimeFormat('hi-IN', { dateStyle: 'medium', timeStyle: 'short' }),
};

/** 'en' unless the order was made on the Hindi site. */
export const receiptLanguage = (value: string | null | undefined): ReceiptLanguage => (value === 'hi' ? 'hi' : 'en');

/** The payment receipt's SMS and e-mail, in the player's language, with the link to the invoice. */
export function receiptText(lang: ReceiptLanguage, f: ReceiptFacts): NoticeText {
  const amount = formatInr(f.amountPaise, lang === 'hi' ? 'hi-IN' : 'en-IN');
  const show = `${when[lang].format(new Date(f.showAt))} IST`;
  if (lang === 'hi') {
    const invoice = f.invoiceNumber ? `बीजक ${f.invoiceNumber}` : 'बीजक';
    return {
      sms: `CricSpot: ${amount} का भुगतान मिल गया, प्रतियोगिता ${f.slot} के ${f.tickets} टिकट पक्के। संदर्भ ${f.refNo}। ${invoice}: ${f.link}`,
      subject: `भुगतान मिल गया: ${f.refNo}`,
      email: [
        `नमस्ते ${f.firstName},`,
        '',
        `आपका ${amount} का भुगतान मिल गया है। प्रतियोगिता ${f.slot} में आपके ${f.tickets} टिकट पक्के हो गए हैं।`,
        '',
        `संदर्भ संख्या: ${f.refNo}`,
        `लेनदेन आईडी: ${f.txnId ?? '-'}`,
        ...(f.invoiceNumber ? [`कर बीजक: ${f.invoiceNumber}`] : []),
        '',
        `विजेता शो: ${show}`,
        `अपने टिकट देखें और बीजक डाउनलोड करें: ${f.link}`,
        '',
        'CricSpot',
      ].join('\n'),
    };
  }
  const invoice = f.invoiceNumber ? `invoice ${f.invoiceNumber}` : 'invoice';
  const plural = f.tickets === 1 ? 'ticket' : 'tickets';
  return {
    sms: `CricSpot: payment of ${amount} received, ${f.tickets} ${plural} in Contest ${f.slot} confirmed. Ref ${f.refNo}. Your ${invoice}: ${f.link}`,
    subject: `Payment received: ${f.refNo}`,
    email: [
      `Hello ${f.firstName},`,
      '',
      `We have received your payment of ${amount}. Your ${f.tickets} ${plural} in Contest ${f.slot} ${f.tickets === 1 ? 'is' : 'are'} confirmed.`,
      '',
      `Ref. No: ${f.refNo}`,
      `Txn. Id.: ${f.txnId ?? '-'}`,
      ...(f.invoiceNumber ? [`Tax invoice: ${f.invoiceNumber}`] : []),
      '',
      `Live winner show: ${show}`,
      `See your tickets and download the invoice: ${f.link}`,
      '',
      'CricSpot',
    ].join('\n'),
  };
}
