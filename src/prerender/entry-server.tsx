// The build's pre-render (issue 13): renders a page of the app to HTML in one language, with
// every lazy screen loaded and the translations given inline, exactly as the browser's first
// render will produce it, so React can hydrate it instead of replacing it.
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { type ReactNode, StrictMode, Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router-dom';
import { AppShell } from '../app/App.tsx';
import { i18nOptions } from '../shared/i18n.ts';
import { AssumedLogin } from '../shared/use-logged-in.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { renderToStaticMarkup } from 'react-dom/server';
import { AnnouncementBody } from '../app/watchers/AnnouncementBar.tsx';
import { CookieNoticeBody } from '../app/watchers/CookieNotice.tsx';
import { FIRST_POPUP_END_ID } from '../app/watchers/first-paint-popup.ts';
import { firstPopupScriptText } from '../app/watchers/first-paint-script.ts';
import { PopupBarSection } from '../app/watchers/PopupBar.tsx';
import { firstHintsScriptText } from '../ui/game-hints-first-paint.ts';

async function i18nIn(lng: 'en' | 'hi', resources: Resource): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nOptions,
    lng,
    resources,
    ns: Object.keys(resources[lng] ?? {}),
    saveMissing: false,
    initAsync: false,
  });
  return i18n;
}

export async function renderPage(
  url: string,
  lng: 'en' | 'hi',
  resources: Resource,
  loggedIn = false,
): Promise<string> {
  const i18n = await i18nIn(lng, resources);
  // The same tree as src/main.tsx renders, inside a static router. Rendered until nothing
  // suspends: a pass loads the lazy screens it meets, so the next renders without suspending and
  // its HTML needs none of React's inline streaming scripts (the site's CSP allows only the
  // build's own inline script, by its hash: server/plugins/security.ts).
  for (let pass = 1; pass <= 3; pass++) {
    const html = await collect(tree(i18n, url, loggedIn));
    if (!html.includes('<script')) return html;
  }
  throw new Error(`${url} (${lng}) still suspends after 3 passes of pre-rendering: its HTML would need inline scripts`);
}

function tree(i18n: I18n, url: string, loggedIn: boolean) {
  return (
    <StrictMode>
      <Suspense fallback={<Spinner />}>
        <I18nextProvider i18n={i18n}>
          <AssumedLogin value={loggedIn}>
            <StaticRouter location={url}>
              <AppShell />
            </StaticRouter>
          </AssumedLogin>
        </I18nextProvider>
      </Suspense>
    </StrictMode>
  );
}

async function collect(element: ReactNode): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerenderToNodeStream(element, {
    // Never move a large part of the page out of place to be revealed by a script later.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    // A page that cannot render fully here must fail the build, not ship half-rendered.
    onError(error) {
      failure ??= error;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The popup bars of a page's first paint, in `lng` (app/watchers/first-paint-popup.ts): the cookie
 * notice and the paid-play announcement as the app's bars draw them, hidden until the page's head
 * script shows the one due. Written after the app's root, where the app's own bar comes.
 */
export async function renderFirstPopups(lng: 'en' | 'hi', resources: Resource): Promise<string> {
  const i18n = await i18nIn(lng, resources);
  const t = i18n.getFixedT(lng);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <StaticRouter location="/">
        <PopupBarSection first popup="cookies" label={t('cookieNotice.title')}>
          <CookieNoticeBody />
        </PopupBarSection>
        <PopupBarSection first popup="announcement" label={t('announcement.title')}>
          <AnnouncementBody />
        </PopupBarSection>
        {/* The end of the bars: the head script's page is drawn once this is parsed. */}
        <template id={FIRST_POPUP_END_ID} />
      </StaticRouter>
    </I18nextProvider>,
  );
}

export { firstHintsScriptText, firstPopupScriptText };
