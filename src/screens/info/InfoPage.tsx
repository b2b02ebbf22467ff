import { Fragment, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../domain/brand.ts';
import type { SiteSettings } from '../../../domain/site.ts';
import { fetchSiteSettings } from '../../api/site.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { useLoad } from '../../shared/use-load.ts';
import { formatIstLongDate, formatList, formatRupees } from '../../ui/format.ts';

export type InfoPageId =
  'terms' | 'privacy' | 'rules' | 'cookies' | 'tht' | 'playss' | 'who_we_are' | 'my_account_delete';

/**
 * A part of a page that depends on the site's current settings: shown only when paid play is on,
 * only while it is suspended, only while paid entries wait for a payment gateway ('paidPlaySoon'), or (with 'settings') once the figures it quotes (GST rates) are known.
 * Until the settings arrive, and if they cannot be had, such parts are left out: the page never
 * states something the site may not be doing.
 */
type When = 'paidPlayOn' | 'paidPlayOff' | 'paidPlaySoon' | 'settings';

type Text = string | { text: string; when: When };

interface InfoSection {
  heading: string;
  when?: When;
  paragraphs?: Text[];
  items?: Text[];
}

interface InfoDoc {
  title: string;
  summary: string;
  updated: string;
  sections: InfoSection[];
  faq?: Array<{ question: string; answer: string; when?: When }>;
}

function applies(when: When | undefined, settings: SiteSettings | null): boolean {
  if (!when) return true;
  if (!settings) return false;
  // 'paidPlayOff' states the law's suspension; 'paidPlaySoon' that no payment gateway is set up yet.
  const soon = !settings.paidPlay && settings.paidPlayReason === 'noGateway';
  if (when === 'paidPlaySoon') return soon;
  if (when === 'paidPlayOff') return !settings.paidPlay && !soon;
  return when === 'settings' || settings.paidPlay;
}

const textsFor = (texts: Text[] | undefined, settings: SiteSettings | null): string[] =>
  (texts ?? []).flatMap((text) =>
    typeof text === 'string' ? [text] : applies(text.when, settings) ? [text.text] : [],
  );

/** The site's current settings (null while they load or when they cannot be had), and whether they are still loading. */
function useSiteSettings(): { settings: SiteSettings | null; loading: boolean } {
  const { state } = useLoad(() => fetchSiteSettings(), 'settings');
  return {
    settings: state.status === 'ready' ? state.value : null,
    // Its key never changes, so it is never idle: loading until answered or failed.
    loading: state.status === 'loading',
  };
}

const slug = (index: number) => `section-${index + 1}`;

/**
 * A line of the list of sections kept for one still to come: as tall as a one-line entry, with its
 * number and a loading bar where its words will be (unseen, the line left a gap in the numbers).
 */
const TocSlot = () => (
  <li className="info-page__toc-slot" aria-hidden="true">
    <span>
      {'\u00a0'}
      <span className="skeleton info-page__toc-bar" />
    </span>
  </li>
);

/** 4000 -> '40', 1850 -> '18.5': a rate in basis points as the texts print it. */
const percentOf = (basisPoints: number): string => String(basisPoints / 100);

/** Terms, privacy, rules and the other information pages: one layout, text from info.json. */
export default function InfoPage({ page }: { page: InfoPageId }) {
  const { t, i18n } = useTranslation('info');
  const { settings, loading } = useSiteSettings();
  const lng = currentLanguage(i18n);
  const longDate = (day: string) => formatIstLongDate(new Date(`${day}T00:00:00+05:30`), lng);
  const figures = settings
    ? {
        entryGst: percentOf(settings.billing.entryGstBasisPoints),
        feeGst: percentOf(settings.billing.feeGstBasisPoints),
        // The all-in price per ticket as the contests show it (domain/money.ts allInTicketPrice).
        platformFee: formatRupees(settings.billing.platformFeePaisePerTicket, lng),
        examplePrice: formatRupees(settings.billing.examplePricePaise, lng),
        allInPrice: formatRupees(settings.billing.exampleAllInPaise, lng),
        entryGstSince: longDate(settings.billing.entryGstSince),
        restrictedStates: settings.location.restrictedStates.length
          ? formatList(
              settings.location.restrictedStates.map((state) => (lng === 'hi' ? state.nameHi : state.nameEn)),
              lng,
            )
          : t('labels.noRestrictedStates'),
        checkMinutes: settings.location.checkMinutes,
      }
    : {};
  const doc = t(`pages.${page}`, { returnObjects: true, ...figures }) as unknown as InfoDoc;
  const updated = longDate(doc.updated);
  // Each shown section keeps its place in the document (`at`): React keys it by that, so a section
  // that comes or goes with the settings is one element added or taken away, and the others keep
  // theirs (keyed by their place in the list, each element after a new section took the text of the
  // one before it, and the browser counted them all as moved: a layout shift).
  const sections = doc.sections.flatMap((section, at) => (applies(section.when, settings) ? [{ ...section, at }] : []));
  // While the settings load, the list of sections keeps an empty line where the first section that
  // depends on them comes (the paid-play one: one of its versions applies under every setting but
  // one), so the list does not grow under the reader when they arrive: the sections below it moved
  // down by a line on the information pages' first screen (CLS 0.009 on /rules at 360 px). It is
  // the first section with a `when`, and while the settings load every section before it is shown,
  // so its place in the document is also the kept line's place in the list.
  const waitingAt = loading ? doc.sections.findIndex((section) => section.when !== undefined) : -1;
  const faq = (doc.faq ?? []).filter((entry) => applies(entry.when, settings));

  useEffect(() => {
    document.title = `${doc.title} | ${BRAND.name}`;
  }, [doc.title]);

  return (
    <article className="container page info-page">
      <header className="info-page__header">
        <h1>{doc.title}</h1>
        <p className="lead">{doc.summary}</p>
        <p className="muted">{t('labels.updated', { date: updated })}</p>
      </header>
      {sections.length > 3 && (
        <nav className="info-page__toc" aria-label={t('labels.onThisPage')}>
          <h2 className="info-page__toc-title">{t('labels.onThisPage')}</h2>
          <ol>
            {sections.map((section, index) => (
              <Fragment key={section.at}>
                {index === waitingAt && <TocSlot />}
                <li>
                  <a href={`#${slug(index)}`}>{section.heading}</a>
                </li>
              </Fragment>
            ))}
            {waitingAt === sections.length && <TocSlot />}
          </ol>
        </nav>
      )}
      {sections.map((section, index) => {
        const items = textsFor(section.items, settings);
        return (
          <section
            key={section.at}
            id={slug(index)}
            className="info-page__section"
            aria-labelledby={`${slug(index)}-h`}
          >
            <h2 id={`${slug(index)}-h`}>{section.heading}</h2>
            {textsFor(section.paragraphs, settings).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {items.length > 0 && (
              <ul>
                {items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {faq.length > 0 && (
        <section className="info-page__section faq" aria-labelledby="faq-h">
          <h2 id="faq-h">{t('labels.faq')}</h2>
          {faq.map((entry) => (
            <details key={entry.question} className="faq__item">
              <summary>{entry.question}</summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </section>
      )}
      <p className="muted">{t('labels.contactUs')}</p>
    </article>
  );
}
