/**
 * The prize claim's messages to the winner (issue 26): one at each step (received, verified,
 * sent), by SMS and e-mail, in the language the winner claimed in. Each status is told once: the
 * claim's told_status is moved to the status before sending (a guarded update, so two senders
 * never both send it) and moved back when the send fails, for the notices job's next run.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { formatInr } from '../../../domain/money.ts';
import { paths } from '../../../domain/site-paths.ts';
import { istParts } from '../../../domain/schedule.ts';
import type { ClaimStatus, Database } from '../../db/schema.ts';
import type { MessageSender } from '../../integrations/messages.ts';

type Lang = 'en' | 'hi';

const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  hi: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
} as const;

/** 'Contest A of 23 Nov 2026' / 'प्रतियोगिता A (23 नवंबर 2026)'. */
export function contestLabelIn(lang: Lang, contest: { slot: 'A' | 'B'; opens_at: number }): string {
  const p = istParts(new Date(Number(contest.opens_at)));
  const date = `${p.day} ${MONTHS[lang][p.month - 1]} ${p.year}`;
  return lang === 'hi' ? `प्रतियोगिता ${contest.slot} (${date})` : `Contest ${contest.slot} of ${date}`;
}

export interface ClaimNotice {
  status: ClaimStatus;
  lang: Lang;
  firstName: string;
  label: string;
  prizeKind: 'merchandise' | 'cash';
  tdsPayer: 'winner' | 'company' | null;
  tdsPaise: number;
  netPaise: number;
  /** The operator's note given with this step (never an earlier step's). */
  note: string | null;
  siteUrl: string;
}

/** What the winner is told at a step of the claim. */
export function claimMessage(n: ClaimNotice): { sms: string; subject: string; email: string } {
  const inr = (paise: number) => formatInr(paise, n.lang === 'hi' ? 'hi-IN' : 'en-IN');
  // The claim lives on My entries, beside the contest it was won in.
  const where = `${n.siteUrl}${paths.myEntries}`;
  const note = n.note ? (n.lang === 'hi' ? `\n\nहमारा संदेश: ${n.note}` : `\n\nOur note: ${n.note}`) : '';
  if (n.lang === 'hi') {
    const tds =
      n.prizeKind === 'cash'
        ? ''
        : n.tdsPayer === 'winner' && n.tdsPaise > 0
          ? ` भेजने से पहले आपको ${inr(n.tdsPaise)} टीडीएस (धारा 194B) देना होगा; हम बताएँगे कैसे।`
          : n.tdsPaise > 0
            ? ` इसका टीडीएस (${inr(n.tdsPaise)}, धारा 194B) CricSpot भरेगा।`
            : '';
    const steps: Record<ClaimStatus, { sms: string; subject: string; body: string }> = {
      submitted: {
        sms: `CricSpot: ${n.label} के इनाम का आपका दावा मिल गया है। हम इसकी जाँच करके बताएँगे।${tds}`,
        subject: `${n.label}: आपका इनाम का दावा मिल गया`,
        body: `हमें ${n.label} के इनाम का आपका दावा मिल गया है। हम आपके विवरण की जाँच करके आपको बताएँगे।${tds}`,
      },
      verified: {
        sms: `CricSpot: ${n.label} के इनाम का आपका दावा जाँच लिया गया है।${n.prizeKind === 'cash' ? ` ${inr(n.netPaise)} जल्द भेजे जाएँगे।` : ' इनाम जल्द आपके पते पर भेजा जाएगा।'}${tds}`,
        subject: `${n.label}: आपका इनाम का दावा जाँच लिया गया`,
        body: `${n.label} के इनाम का आपका दावा जाँच लिया गया है।${n.prizeKind === 'cash' ? ` ${inr(n.netPaise)} (टीडीएस काटकर) जल्द आपके खाते में भेजे जाएँगे।` : ' इनाम जल्द आपके दिए पते पर भेजा जाएगा।'}${tds}`,
      },
      sent: {
        sms: `CricSpot: ${n.label} का आपका इनाम भेज दिया गया है।${n.prizeKind === 'cash' ? ` ${inr(n.netPaise)} आपके खाते में भेजे गए।` : ''}`,
        subject: `${n.label}: आपका इनाम भेज दिया गया`,
        body: `${n.label} का आपका इनाम भेज दिया गया है।${n.prizeKind === 'cash' ? ` ${inr(n.netPaise)} (टीडीएस काटकर) आपके दिए खाते या UPI पर भेजे गए।` : ' यह आपके दिए पते पर आ रहा है।'}`,
      },
    };
    const step = steps[n.status];
    return {
      sms: step.sms,
      subject: step.subject,
      email: `नमस्ते ${n.firstName},\n\n${step.body}${note}\n\nअपना दावा 'मेरी प्रविष्टियाँ' में देखें: ${where}\n\nCricSpot`,
    };
  }
  const tds =
    n.prizeKind === 'cash'
      ? ''
      : n.tdsPayer === 'winner' && n.tdsPaise > 0
        ? ` Before dispatch you pay ${inr(n.tdsPaise)} TDS (section 194B); we will tell you how.`
        : n.tdsPaise > 0
          ? ` CricSpot pays its TDS (${inr(n.tdsPaise)}, section 194B).`
          : '';
  const steps: Record<ClaimStatus, { sms: string; subject: string; body: string }> = {
    submitted: {
      sms: `CricSpot: we have received your prize claim for ${n.label}. We will check it and tell you.${tds}`,
      subject: `${n.label}: your prize claim is received`,
      body: `We have received your prize claim for ${n.label}. We will check your details and tell you.${tds}`,
    },
    verified: {
      sms: `CricSpot: your prize claim for ${n.label} is verified.${n.prizeKind === 'cash' ? ` ${inr(n.netPaise)} will be paid soon.` : ' The prize will be sent to your address soon.'}${tds}`,
      subject: `${n.label}: your prize claim is verified`,
      body: `Your prize claim for ${n.label} is verified.${n.prizeKind === 'cash' ? ` ${inr(n.netPaise)} (after TDS) will be paid to your account soon.` : ' The prize will be sent to the address you gave soon.'}${tds}`,
    },
    sent: {
      sms: `CricSpot: your prize for ${n.label} has been sent.${n.prizeKind === 'cash' ? ` ${inr(n.netPaise)} was paid to your account.` : ''}`,
      subject: `${n.label}: your prize has been sent`,
      body: `Your prize for ${n.label} has been sent.${n.prizeKind === 'cash' ? ` ${inr(n.netPaise)} (after TDS) was paid to the account or UPI ID you gave.` : ' It is on its way to the address you gave.'}`,
    },
  };
  const step = steps[n.status];
  return {
    sms: step.sms,
    subject: step.subject,
    email: `Hello ${n.firstName},\n\n${step.body}${note}\n\nSee your claim in My entries: ${where}\n\nCricSpot`,
  };
}

/**
 * Tells the winner of one contest's claim (or of every claim not told its current status) once per
 * status. Returns how many were told and how many failed (left for the next run).
 */
export async function tellClaimStatus(
  db: Kysely<Database>,
  messages: MessageSender,
  siteUrl: string,
  contestId?: string,
): Promise<{ told: number; failed: number }> {
  let q = db
    .selectFrom('prize_claims as pc')
    .innerJoin('users as u', 'u.id', 'pc.user_id')
    .innerJoin('contests as c', 'c.id', 'pc.contest_id')
    .select([
      'pc.id',
      'pc.status',
      'pc.told_status',
      'pc.language',
      'pc.prize_kind',
      'pc.tds_payer',
      'pc.tds_paise',
      'pc.net_paise',
      'pc.note',
      'u.first_name',
      'u.email',
      'u.phone',
      'u.status as account',
      'c.slot',
      'c.opens_at',
    ])
    .where((eb) => eb.or([eb('pc.told_status', 'is', null), eb('pc.told_status', '!=', eb.ref('pc.status'))]));
  if (contestId) q = q.where('pc.contest_id', '=', contestId);
  const due = await q.orderBy('pc.submitted_at').limit(200).execute();
  let told = 0;
  let failed = 0;
  for (const claim of due) {
    const taken = await db
      .updateTable('prize_claims')
      .set({ told_status: claim.status })
      .where('id', '=', claim.id)
      .where('status', '=', claim.status)
      .where((eb) =>
        claim.told_status === null ? eb('told_status', 'is', null) : eb('told_status', '=', claim.told_status),
      )
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    if (claim.account !== 'active' && claim.account !== 'suspended') continue;
    const lang: Lang = claim.language === 'hi' ? 'hi' : 'en';
    const text = claimMessage({
      status: claim.status,
      lang,
      firstName: claim.first_name,
      label: contestLabelIn(lang, { slot: claim.slot, opens_at: Number(claim.opens_at) }),
      prizeKind: claim.prize_kind,
      tdsPayer: claim.tds_payer,
      tdsPaise: Number(claim.tds_paise),
      netPaise: Number(claim.net_paise),
      note: claim.note,
      siteUrl,
    });
    try {
      if (claim.phone) await messages.send({ channel: 'sms', recipient: claim.phone, body: text.sms });
      if (claim.email)
        await messages.send({ channel: 'email', recipient: claim.email, subject: text.subject, body: text.email });
      told += 1;
    } catch {
      failed += 1;
      await db
        .updateTable('prize_claims')
        .set({ told_status: claim.told_status })
        .where('id', '=', claim.id)
        .where('told_status', '=', claim.status)
        .execute()
        .catch(() => undefined);
    }
  }
  return { told, failed };
}

/** After the answer: a slow SMS relay must not hold the screen; what fails, the notices job retries. */
export function tellAfterAnswer(app: FastifyInstance, contestId: string): void {
  app.afterAnswer(
    () => tellClaimStatus(app.db, app.messages, app.config.publicUrl, contestId),
    'prize claim message failed; the notices job will retry',
  );
}
