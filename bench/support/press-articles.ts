// Published press articles in a bench server's database (issue 29): a production database starts
// with none, so the press list measured an empty list and no article page was measured at all. A
// few weeks of coverage instead, as the console publishes it (admin-press.service.ts: English and
// Hindi, paragraphs split by blank lines). Written straight into the SQLite file, beside the
// running server, as bench/support/lighthouse-site.ts writes its published results.
import { randomUUID } from 'node:crypto';
import { pressArticlePath } from '../../domain/site-paths.ts';
import { withBenchSqlite } from './bench-sqlite.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const ARTICLES = [
  {
    slug: 'spot-the-ball-returns-for-cricket-fans',
    outlet: 'The Cricket Daily',
    titleEn: 'Spot-the-ball returns, this time for cricket fans on their phones',
    titleHi: 'स्पॉट-द-बॉल की वापसी, इस बार फ़ोन पर क्रिकेट प्रशंसकों के लिए',
    summaryEn:
      'A Bengaluru start-up brings the newspaper classic online: mark where the hidden ball is in a match photo, and the closest mark wins.',
    summaryHi:
      'बेंगलुरु की एक स्टार्ट-अप अख़बार के इस पुराने खेल को ऑनलाइन ला रही है: मैच की तस्वीर में छिपी गेंद की जगह पर निशान लगाइए, सबसे नज़दीकी निशान जीतता है।',
  },
  {
    slug: 'free-entry-after-the-gaming-act',
    outlet: 'Business Morning',
    titleEn: 'After the gaming act, a skill contest that stays free to enter',
    titleHi: 'गेमिंग क़ानून के बाद, एक कौशल प्रतियोगिता जिसमें प्रवेश मुफ़्त रहता है',
    summaryEn:
      'With paid play suspended under the 2025 act, every contest is free to enter and sponsors put up the prizes.',
    summaryHi: '2025 के क़ानून के तहत भुगतान वाला खेल निलंबित होने पर हर प्रतियोगिता में प्रवेश मुफ़्त है और पुरस्कार प्रायोजक देते हैं।',
  },
  {
    slug: 'how-the-judges-place-the-ball',
    outlet: 'Sportstar Weekly',
    titleEn: 'How the judges decide where the ball really was',
    titleHi: 'निर्णायक कैसे तय करते हैं कि गेंद असल में कहाँ थी',
    summaryEn:
      'Three judges, the original photo and a measured distance for every ticket: a look behind the weekly result.',
    summaryHi: 'तीन निर्णायक, मूल तस्वीर और हर टिकट की मापी गई दूरी: हर हफ़्ते के नतीजे के पीछे की प्रक्रिया।',
  },
];

/** A body of `n` paragraphs (the summary, numbered): an article's length, for its bytes and layout. */
const paragraphs = (lead: string, n: number) => Array.from({ length: n }, (_, i) => `${lead} (${i + 1})`).join('\n\n');

/** Publishes the articles above, a week apart, the newest yesterday; the newest article's page path first. */
export function publishPressArticles(env: Record<string, string>, now = Date.now()): string[] {
  return withBenchSqlite(env, (db) => {
    const insert = db.prepare(
      `INSERT INTO press_articles (id, slug, outlet, title_en, title_hi, summary_en, summary_hi, body_en, body_hi,
         source_url, published_at, is_published, created_at, updated_at)
       VALUES (@id, @slug, @outlet, @titleEn, @titleHi, @summaryEn, @summaryHi, @bodyEn, @bodyHi,
         @sourceUrl, @publishedAt, 1, @now, @now)`,
    );
    return ARTICLES.map((article, index) => {
      const id = randomUUID();
      insert.run({
        ...article,
        id,
        bodyEn: paragraphs(article.summaryEn, 6),
        bodyHi: paragraphs(article.summaryHi, 6),
        sourceUrl: `https://news.example/${article.slug}`,
        publishedAt: now - (1 + 7 * index) * DAY_MS,
        now,
      });
      return pressArticlePath(id, article.slug);
    });
  });
}
