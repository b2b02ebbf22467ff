import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../domain/brand.ts';
import { currentLanguage } from '../../app/i18n.ts';

export type InfoPageId = 'terms' | 'privacy' | 'rules' | 'cookies' | 'tht' | 'playss' | 'who_we_are' | 'my_account_delete';

interface InfoSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

interface InfoDoc {
  title: string;
  summary: string;
  updated: string;
  sections: InfoSection[];
  faq?: Array<{ question: string; answer: string }>;
}

const slug = (index: number) => `section-${index + 1}`;

/** Terms, privacy, rules and the other information pages: one layout, text from info.json. */
export default function InfoPage({ page }: { page: InfoPageId }) {
  const { t, i18n } = useTranslation('info');
  const doc = t(`pages.${page}`, { returnObjects: true }) as unknown as InfoDoc;
  const lng = currentLanguage(i18n);
  const updated = new Intl.DateTimeFormat(lng === 'hi' ? 'hi-IN' : 'en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(new Date(`${doc.updated}T00:00:00+05:30`));

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
      {doc.sections.length > 3 && (
        <nav className="info-page__toc" aria-label={t('labels.onThisPage')}>
          <h2 className="info-page__toc-title">{t('labels.onThisPage')}</h2>
          <ol>
            {doc.sections.map((section, index) => (
              <li key={slug(index)}>
                <a href={`#${slug(index)}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {doc.sections.map((section, index) => (
        <section key={slug(index)} id={slug(index)} className="info-page__section" aria-labelledby={`${slug(index)}-h`}>
          <h2 id={`${slug(index)}-h`}>{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
          {section.items && (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {doc.faq && doc.faq.length > 0 && (
        <section className="info-page__section faq" aria-labelledby="faq-h">
          <h2 id="faq-h">{t('labels.faq')}</h2>
          {doc.faq.map((entry) => (
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
