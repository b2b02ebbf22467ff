/**
 * Every route of spec section 2, typed, so screens never spell a path by hand; and the pages the
 * build renders to HTML, which the server sends before any JavaScript runs (issue 13).
 */
import { pressPageFrom } from './press-paging.ts';

/** Every route of spec section 2. */
export const paths = {
  home: '/',
  contactUs: '/contact_us',
  terms: '/terms',
  privacy: '/privacy',
  rules: '/rules',
  cookies: '/cookies',
  howToPlay: '/tht',
  howItWorks: '/playss',
  inThePress: '/in_the_press',
  pressDetails: '/press-details/:id/:slug',
  payments: '/payments',
  whoWeAre: '/who_we_are',
  liveWeeklyWinner: '/live_weekly_winner',
  winnersCircle: '/the_winners_circle',
  /** The public check of one published result (issue 12). */
  verifyContest: '/the_winners_circle/:contestId/verify',
  accountDelete: '/my_account_delete',
  login: '/login',
  signup: '/signup',
  forgot: '/forgot',
  otp: '/otp',
  otps: '/otps',
  createPassword: '/createpassword',
  socialSignup: '/socialsignup',
  quickGame: '/quick_game',
  quickGameScreen: '/quick_game_screen',
  myAccount: '/my_account',
  myEntries: '/my_entries',
  playScreen: '/play_screen',
  cart: '/cart',
  popupCheckout: '/popupCheckout',
  /** The operator console (not in the spec; ARCHITECTURE.md): its areas live under it. */
  admin: '/admin',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * The current contest's picture (its small copy, revalidated by ETag): the pre-rendered home
 * page's contest card shows it from the first paint, and the server names it in a preload header.
 */
export const CURRENT_PICTURE_PATH = '/api/v1/contests/current/picture';

/**
 * The first practice game's picture (a redirect to its small copy): the practice screen shows it
 * from its first paint and the server names it in a preload header, so the browser fetches it
 * with the HTML instead of after the app and the practice call.
 */
export const FIRST_PRACTICE_PICTURE_PATH = '/api/v1/practice/pairs/first/picture';

/**
 * The picture of a shared link's preview (og:image, server/services/pictures/share-card.ts): the
 * current contest's picture cropped to the size Facebook and WhatsApp show large, with the mark.
 */
export const SHARE_CARD_PATH = '/api/v1/site/card';
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

/**
 * Where a pre-rendered page's head takes its absolute addresses (canonical, the other language's,
 * og:url, og:image): the build does not know the site's address, so the server writes them from
 * PUBLIC_URL as it sends the page (server/plugins/static-site.ts).
 */
export const ABSOLUTE_LINKS_SLOT = '<!--absolute-links-->';

/**
 * A page's absolute address in a language (canonical, hreflang, the sitemap): Hindi is `?lng=hi`,
 * English and the default (null: the language the visitor's browser picks) the bare path; a page
 * of the press list keeps its number.
 */
export function pageAddress(origin: string, pathname: string, lng: 'en' | 'hi' | null, page = 1): string {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (lng === 'hi') params.set('lng', 'hi');
  const search = params.toString();
  return `${origin}${pathname}${search ? `?${search}` : ''}`;
}

/** A press article's page (paths.pressDetails), as the press list links it. */
export const pressArticlePath = (id: string, slug: string) =>
  paths.pressDetails.replace(':id', encodeURIComponent(id)).replace(':slug', encodeURIComponent(slug));

/** The width of the phone copy the two addresses above offer (`?w=800`); the small copy is 1280 px. */
export const PHONE_PICTURE_WIDTH = 800;

/** The phone copy's address of a picture at `path` (one of the addresses above, or a served display copy). */
export const phoneCopyUrl = (path: string) => `${path}?w=${PHONE_PICTURE_WIDTH}`;

/** An <img>'s addresses: what `src`, `srcset` and `sizes` (or a preload's imagesrcset and imagesizes) say. */
export interface ResponsiveImage {
  src: string;
  srcSet: string;
  sizes: string;
}

/**
 * A page's first picture, offered as the phone copy and the small copy: the browser takes the
 * one its screen needs, so a phone downloads about a third of the bytes.
 */
export function firstPicture(path: string, sizes: string): ResponsiveImage {
  return { src: path, srcSet: `${phoneCopyUrl(path)} ${PHONE_PICTURE_WIDTH}w, ${path} 1280w`, sizes };
}

/** The winners' pages' result pictures: the card's width (the whole phone, a column on a laptop). */
export const RESULT_PICTURE_SIZES = '(min-width: 48rem) 40rem, 100vw';

/**
 * A published result's picture as the cards of /the_winners_circle, /live_weekly_winner and
 * /my_entries show it, and as the server preloads the winners' pages' first: its display copies
 * and the small copy's phone copy (`?w=800`), so a phone downloads about a third of the bytes.
 * Null without a display copy.
 */
export function resultPicture(
  variants: ReadonlyArray<{ name: string; url: string; width: number }>,
): ResponsiveImage | null {
  const small = variants.find((v) => v.name === 'small') ?? variants[0];
  if (!small) return null;
  const copies = [`${phoneCopyUrl(small.url)} ${PHONE_PICTURE_WIDTH}w`, ...variants.map((v) => `${v.url} ${v.width}w`)];
  return { src: small.url, srcSet: copies.join(', '), sizes: RESULT_PICTURE_SIZES };
}

/** The home card's picture: the card's width (the whole phone, a column on a laptop). */
export const CARD_PICTURE = firstPicture(CURRENT_PICTURE_PATH, '(min-width: 56rem) 30rem, calc(100vw - 5rem)');
/** The practice screen's first picture: the stage's width. */
export const PRACTICE_PICTURE = firstPicture(FIRST_PRACTICE_PICTURE_PATH, '(min-width: 56rem) 70vw, 100vw');
/** The play screen's picture before its stage draws: the current contest's, the stage's width. */
export const PLAY_PICTURE = firstPicture(CURRENT_PICTURE_PATH, '(min-width: 56rem) 70vw, 100vw');

/**
 * The pages the build renders to HTML in each language (issue 13): the home shell, the info
 * pages and the not-found page. The server sends these files for their paths (and the not-found
 * one, with status 404, for any path no route knows), the browser paints them before any
 * JavaScript runs, then React hydrates them. `image`: the page's largest picture, which the
 * server names in a preload header so that it loads with the HTML.
 */
export const PRERENDERED_PAGES = [
  {
    name: 'home',
    path: paths.home,
    screen: 'src/screens/home/HomePage.tsx',
    ns: ['home', 'contest'],
    image: CARD_PICTURE,
  },
  { name: 'rules', path: paths.rules, screen: 'src/screens/info/InfoPage.tsx', ns: ['info'] },
  { name: 'terms', path: paths.terms, screen: 'src/screens/info/InfoPage.tsx', ns: ['info'] },
  { name: 'privacy', path: paths.privacy, screen: 'src/screens/info/InfoPage.tsx', ns: ['info'] },
  { name: 'cookies', path: paths.cookies, screen: 'src/screens/info/InfoPage.tsx', ns: ['info'] },
  { name: 'tht', path: paths.howToPlay, screen: 'src/screens/info/InfoPage.tsx', ns: ['info'] },
  { name: 'playss', path: paths.howItWorks, screen: 'src/screens/info/InfoPage.tsx', ns: ['info'] },
  { name: 'who_we_are', path: paths.whoWeAre, screen: 'src/screens/info/InfoPage.tsx', ns: ['info'] },
  { name: 'my_account_delete', path: paths.accountDelete, screen: 'src/screens/info/InfoPage.tsx', ns: ['info'] },
  // The contact form, hydrated: what a visitor types before the app has started is kept
  // (ContactPage reads it as the form's first values) and Send waits for the app.
  { name: 'contact_us', path: paths.contactUs, screen: 'src/screens/contact/ContactPage.tsx', ns: ['contact'] },
  { name: 'not-found', path: '/__not_found__', screen: 'src/screens/not-found/NotFoundPage.tsx', ns: [] },
] as const;

export type PrerenderedPage = (typeof PRERENDERED_PAGES)[number];

/**
 * The stage engine's code (the scene, and the parts of Pixi it starts with), which a game screen
 * evaluates once the page has loaded and is idle (src/stage/scene-loader.ts). Every page's HTML
 * names its files in a meta tag (LATER_CODE_META); a game screen fetches them into the browser's
 * cache as it first renders, and runs them only once they have all arrived (issue 29): the engine's
 * start then waits for no download, and a file a patchy network lost is fetched again (Chromium
 * never fetches again a module whose import failed). Pixi's browser extensions (its
 * environment-browser/browserAll.mjs) are not among them: the stage starts without them in
 * production (SKIP_BROWSER_EXTENSIONS, src/stage/scene/StageCanvas.tsx).
 */
export const STAGE_ENGINE_CODE = ['src/stage/scene/engine-steps.ts', 'src/stage/scene/StageCanvas.tsx'] as const;

/** The meta tag whose content lists the stage engine's files, space-separated. */
export const LATER_CODE_META = 'cricspot:engine-code';

/**
 * The meta tag of a game screen's HTML whose content lists its screen's code (its chunks with the
 * chunks they import), space-separated. The build preloads none of it with the HTML (the picture
 * has the connection first); src/main.tsx asks for all of it at once when it asks for the code
 * (src/shared/preload-modules.ts), instead of file after file as each import in turn finds the next.
 */
export const SCREEN_CODE_META = 'cricspot:screen-code';

/**
 * Game screens, and (issue 29) the public pages whose content is the API's, whose HTML the build
 * writes per language like the pages above (chunks and translations named in its head, the
 * picture preloaded by the server), holding the screen's first render as a first paint that the
 * app renders anew instead of hydrating: what the screen reads from the browser's storage (the
 * day's games, hints seen) or the API can differ from the build's.
 *
 * In FIRST_PAINT_SCREENS, `also` is the code the screen's first paint shows, which the app waits
 * for before it renders over the first paint (FIRST_PAINT_CODE in src/app/routes.tsx); a game
 * screen's `fetchedWith` is code its board asks for as it renders (the stage's DOM part,
 * PictureStage, whose import starts the engine's), named with the screen's code so that it arrives
 * with it, its style sheet inlined, instead of being asked for only once the screen has rendered
 * (issue 29: 0.6-1.3 s after the load at 4x CPU on the two game screens, the engine's start behind it).
 */

export const FIRST_PAINT_SCREENS = [
  {
    name: 'quick_game_screen',
    path: paths.quickGameScreen,
    screen: 'src/screens/trial/QuickGameScreenPage.tsx',
    ns: ['trial'],
    image: PRACTICE_PICTURE,
    loggedIn: false,
    also: [],
    fetchedWith: ['src/stage/PictureStage.tsx'],
  },
  {
    // Only logged-in players reach it: its first paint is the header they see and the contest's
    // picture where the stage will be (PlayLoading, shown too while the location gate asks).
    name: 'play_screen',
    path: paths.playScreen,
    screen: 'src/screens/play/PlayScreenPage.tsx',
    ns: ['contest', 'results'],
    image: PLAY_PICTURE,
    loggedIn: true,
    also: ['src/app/LocationGate.tsx', 'src/screens/play/PlayLoading.tsx'],
    fetchedWith: ['src/stage/PictureStage.tsx'],
  },
  // Issue 29: the public pages whose content is the API's. Their first paint is the header, the
  // page's title and its spinner, with no style sheet to wait for; the app then reads the API.
  // The winners' pages' largest picture, their first result's, is known only from the database:
  // the server names it in the preload header (server/plugins/static-site.ts).
  {
    name: 'the_winners_circle',
    path: paths.winnersCircle,
    screen: 'src/screens/winners/WinnersCirclePage.tsx',
    ns: ['results'],
    image: null,
    loggedIn: false,
    also: [],
  },
  {
    name: 'live_weekly_winner',
    path: paths.liveWeeklyWinner,
    screen: 'src/screens/winners/LiveWeeklyWinnerPage.tsx',
    ns: ['results'],
    image: null,
    loggedIn: false,
    also: [],
  },
  {
    name: 'in_the_press',
    path: paths.inThePress,
    screen: 'src/screens/press/PressListPage.tsx',
    ns: ['press'],
    image: null,
    loggedIn: false,
    also: [],
  },
] as const;

/**
 * The pages a search engine is told of (/sitemap.xml, each in both languages): the public pages
 * the build renders, not the not-found page nor a screen only a logged-in player reaches. The
 * press articles are added from the database.
 */
export const INDEXED_PATHS: readonly string[] = [
  ...PRERENDERED_PAGES.filter((page) => page.name !== 'not-found').map((page) => page.path),
  ...FIRST_PAINT_SCREENS.filter((screen) => !screen.loggedIn).map((screen) => screen.path),
];

/**
 * The API answers a first-paint page reads as it starts, with their URLs as the page's own requests
 * write them (src/api/public-results.ts, src/api/press.ts, src/api/practice.ts; for the play
 * screen src/api/location.ts, src/api/current-contests.ts and src/api/contests.ts): the server
 * preloads them with the HTML (server/plugins/static-site.ts), so the page does not wait for
 * requests the app starts only once it runs. The play screen's (the location check, the open
 * contest, the cart) only for a visitor with a session: they are a player's, and a visitor without
 * one is sent to log in. Empty for a page that reads none.
 */
export function firstAnswerUrls(
  pathname: string,
  lng: 'en' | 'hi',
  search: URLSearchParams,
  signedIn: boolean,
): readonly string[] {
  switch (pathname) {
    case paths.winnersCircle:
      return [`/api/v1/results/winners?lang=${lng}`];
    case paths.liveWeeklyWinner:
      return [`/api/v1/results/live?lang=${lng}`];
    case paths.inThePress:
      return [`/api/v1/press?lang=${lng}&page=${pressPageFrom(search.get('page'))}`];
    case paths.quickGameScreen:
      // The first practice game's pair (src/api/practice.ts asks without `after` on a new page).
      return ['/api/v1/practice/pairs/next'];
    case paths.playScreen:
      return signedIn ? ['/api/v1/location', `/api/v1/contests/current?lang=${lng}`, '/api/v1/cart'] : [];
    default:
      return [];
  }
}

/** An address as the route table names it: '/rules/' is '/rules'; '/' stays '/'. */
export const withoutTrailingSlash = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

/**
 * The translation namespaces the screen at this path needs beyond 'common' (a pre-rendered page,
 * or a first-paint screen): the app asks for them with 'common'
 * when it starts, all at once, instead of one after another as its parts render.
 */
export function namespacesAt(pathname: string): readonly string[] {
  const path = withoutTrailingSlash(pathname);
  const screen = [...PRERENDERED_PAGES, ...FIRST_PAINT_SCREENS].find((s) => s.path === path);
  return screen?.ns ?? [];
}

/**
 * Where the build writes a page: dist/prerendered/{lng}/{name}.html, and {name}.player.html, the
 * page as a logged-in player's first render draws it (the header's tools, the returning player's
 * home), written where it differs from a visitor's. The server sends it for a request with a
 * live session (server/plugins/static-site.ts).
 */
export const prerenderedFile = (lng: string, name: string, player = false) =>
  `prerendered/${lng}/${name}${player ? '.player' : ''}.html`;

/** Every route pattern of the app, so the server can tell a page that exists from one that does not. */
const ROUTE_PATTERNS = Object.values(paths).map((pattern) => {
  if (pattern === paths.admin) return /^\/admin(\/.*)?$/;
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
});

/** Whether a client route answers this path (without its query). */
export function isKnownRoute(pathname: string): boolean {
  return pathname === '/index.html' || ROUTE_PATTERNS.some((pattern) => pattern.test(pathname));
}
