import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { BareLayout, MainLayout } from './layouts/layouts.tsx';
import { lazyScreen } from '../shared/lazy-screen.ts';
import { paths, withoutTrailingSlash } from '../shared/paths.ts';
import { RequireLogin } from './RequireLogin.tsx';
import { RouteBoundary } from '../shared/RouteBoundary.tsx';
import { afterNextPaint, nextTask } from '../shared/yield-to-browser.ts';
import { readChallenge } from '../screens/auth/code-challenge.ts';
import { landingOf, returnPathOf } from '../screens/auth/return-to.ts';

const HomePage = lazyScreen(() => import('../screens/home/HomePage.tsx'));
const InfoPage = lazyScreen(() => import('../screens/info/InfoPage.tsx'));
const ContactPage = lazyScreen(() => import('../screens/contact/ContactPage.tsx'));
const PressListPage = lazyScreen(() => import('../screens/press/PressListPage.tsx'));
const PressDetailPage = lazyScreen(() => import('../screens/press/PressDetailPage.tsx'));
const NotFoundPage = lazyScreen(() => import('../screens/not-found/NotFoundPage.tsx'));
const LoginPage = lazyScreen(() => import('../screens/auth/LoginPage.tsx'));
const SignupPage = lazyScreen(() => import('../screens/auth/SignupPage.tsx'));
const OtpPage = lazyScreen(() => import('../screens/auth/OtpPage.tsx'));
const ForgotPage = lazyScreen(() => import('../screens/auth/ForgotPage.tsx'));
const OtpsPage = lazyScreen(() => import('../screens/auth/OtpsPage.tsx'));
const CreatePasswordPage = lazyScreen(() => import('../screens/auth/CreatePasswordPage.tsx'));
const SocialSignupPage = lazyScreen(() => import('../screens/auth/SocialSignupPage.tsx'));
const MyAccountPage = lazyScreen(() => import('../screens/account/MyAccountPage.tsx'));
const MyEntriesPage = lazyScreen(() => import('../screens/entries/MyEntriesPage.tsx'));
const QuickGamePage = lazyScreen(() => import('../screens/trial/QuickGamePage.tsx'));
const QuickGameScreenPage = lazyScreen(() => import('../screens/trial/QuickGameScreenPage.tsx'));
const PlayScreenPage = lazyScreen(() => import('../screens/play/PlayScreenPage.tsx'));
const PlayLoading = lazyScreen(() => import('../screens/play/PlayLoading.tsx'));
const CartPage = lazyScreen(() => import('../screens/cart/CartPage.tsx'));
const CheckoutPage = lazyScreen(() => import('../screens/checkout/CheckoutPage.tsx'));
const PaymentsPage = lazyScreen(() => import('../screens/payments/PaymentsPage.tsx'));
const LiveWeeklyWinnerPage = lazyScreen(() => import('../screens/winners/LiveWeeklyWinnerPage.tsx'));
const WinnersCirclePage = lazyScreen(() => import('../screens/winners/WinnersCirclePage.tsx'));
const ContestVerifyPage = lazyScreen(() => import('../screens/verify/ContestVerifyPage.tsx'));
// The location gate and its screens load with the routes it guards, never on the home page.
const LocationGate = lazyScreen(() => import('./LocationGate.tsx'));
// The console is a section of its own: its chunk (and everything only it uses) loads only here.
const AdminSection = lazyScreen(() => import('../screens/admin/AdminSection.tsx'));

/**
 * The code of each first-paint screen (FIRST_PAINT_SCREENS of domain/site-paths.ts) that its first
 * render needs: main.tsx waits for it before React takes over the painted HTML, else that render
 * would suspend and put the route's spinner over the picture until the chunks came.
 */
export const FIRST_PAINT_CODE: Readonly<Record<string, readonly { load(): Promise<unknown> }[]>> = {
  [paths.quickGameScreen]: [QuickGameScreenPage],
  [paths.playScreen]: [PlayScreenPage, PlayLoading, LocationGate],
  [paths.winnersCircle]: [WinnersCirclePage],
  [paths.liveWeeklyWinner]: [LiveWeeklyWinnerPage],
  [paths.inThePress]: [PressListPage],
};

/**
 * The libraries a game screen's code imports, evaluated one per task before the screens' own
 * chunks (issue 29). Their chunks already arrive with the page (modulepreload); asked for together
 * with the screens, the browser evaluated them all in one long task on a slow phone (XState, axios
 * and, until the game screens stopped importing it, zod's schemas: about 250 ms at 4x CPU
 * slowdown), which a tap then waited for.
 */
const GAME_LIBRARIES = [() => import('@xstate/react'), () => import('../api/http.ts')];
const EVALUATED_FIRST: Readonly<Record<string, readonly (() => Promise<unknown>)[]>> = {
  [paths.quickGameScreen]: GAME_LIBRARIES,
  [paths.playScreen]: GAME_LIBRARIES,
};

/**
 * Loads the code the first-paint screen at this path renders with (nothing to wait for elsewhere),
 * each chunk evaluated in a task of its own; resolves to the screens' modules.
 */
export async function loadFirstPaintCode(pathname: string): Promise<unknown[]> {
  for (const load of EVALUATED_FIRST[pathname] ?? []) {
    await load().catch(() => undefined); // a failed chunk fails the screen's own load, which says so
    await nextTask();
  }
  const modules: unknown[] = [];
  for (const screen of FIRST_PAINT_CODE[pathname] ?? []) {
    modules.push(await screen.load());
    await nextTask();
  }
  return modules;
}

/**
 * Starts loading a screen's code at once, while the location gate in front of it loads and asks
 * the server: the two no longer wait for each other (the play screen's picture is on screen sooner).
 */
function Preload({ screen }: { screen: { preload(): void } }) {
  // In render, not in an effect: the gate beside it suspends, and a suspended tree runs no effects.
  // Starting an import twice is one import.
  screen.preload();
  return null;
}

/**
 * Starts loading the screens a screen's links lead to, once it has painted. A link's navigation is
 * a transition: until the next screen's code arrives, the old screen stays up under the new address
 * and takes what is typed, which the new screen then drops (a mobile number typed into the login's
 * code form after "Create an account" was lost on a slow connection).
 */
const LEADS_TO: Readonly<Record<string, readonly { preload(): void }[]>> = {
  [paths.login]: [SignupPage, ForgotPage],
  [paths.signup]: [OtpPage, LoginPage],
  [paths.forgot]: [OtpsPage],
};

/**
 * The code of the pages a login or a sign-up's code lands on (landingAfterLogin: where the player
 * was going, else the contest), loaded while the player types: after a sign-up's code the play
 * screen's five chunks were asked for only once the code was verified, under the route's spinner.
 */
const LANDING_CODE: Readonly<Record<string, readonly { preload(): void }[]>> = {
  [paths.playScreen]: [PlayScreenPage, PlayLoading, LocationGate],
  [paths.cart]: [CartPage, LocationGate],
  [paths.popupCheckout]: [CheckoutPage, LocationGate],
  [paths.myAccount]: [MyAccountPage],
  [paths.myEntries]: [MyEntriesPage],
};

/** The path of the page the screen at `path` lands the player on once they are in, if it is a login or a sign-up's code. */
function landingFrom(path: string, state: unknown): string | null {
  let returnTo: string | null;
  if (path === paths.login) returnTo = returnPathOf(state);
  else if (path === paths.otp) returnTo = readChallenge('signup')?.returnTo ?? null;
  else return null;
  return withoutTrailingSlash(landingOf(returnTo).split(/[?#]/)[0] ?? '');
}

/** The screen at the address; once it has committed and painted, the screens it leads to load. */
function WithNextScreens() {
  const { pathname, state } = useLocation();
  const path = withoutTrailingSlash(pathname);
  const landing = landingFrom(path, state);
  useEffect(() => {
    const screens = [...(LEADS_TO[path] ?? []), ...((landing !== null && LANDING_CODE[landing]) || [])];
    if (screens.length === 0) return;
    return afterNextPaint(() => {
      for (const screen of screens) screen.preload();
    });
  }, [path, landing]);
  return <Outlet />;
}

/**
 * The route table of spec section 2: public pages with header and footer, the sign-in flows and
 * games without, the protected routes behind the login guard, and the winners' pages
 * (/live_weekly_winner, /the_winners_circle).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.contactUs} element={<ContactPage />} />
        <Route path={paths.terms} element={<InfoPage page="terms" />} />
        <Route path={paths.privacy} element={<InfoPage page="privacy" />} />
        <Route path={paths.rules} element={<InfoPage page="rules" />} />
        <Route path={paths.cookies} element={<InfoPage page="cookies" />} />
        <Route path={paths.howToPlay} element={<InfoPage page="tht" />} />
        <Route path={paths.howItWorks} element={<InfoPage page="playss" />} />
        <Route path={paths.whoWeAre} element={<InfoPage page="who_we_are" />} />
        <Route path={paths.accountDelete} element={<InfoPage page="my_account_delete" />} />
        <Route path={paths.inThePress} element={<PressListPage />} />
        <Route path={paths.pressDetails} element={<PressDetailPage />} />
        <Route
          path={paths.myAccount}
          element={
            <RequireLogin>
              <MyAccountPage />
            </RequireLogin>
          }
        />
        <Route
          path={paths.myEntries}
          element={
            <RequireLogin>
              <MyEntriesPage />
            </RequireLogin>
          }
        />
        <Route
          path={paths.playScreen}
          element={
            <RequireLogin>
              <Preload screen={PlayScreenPage} />
              {/* The contest's picture from the first paint: while the gate's and the screen's code load and the gate asks the server. */}
              <Suspense fallback={<PlayLoading />}>
                <LocationGate pending={<PlayLoading />}>
                  <PlayScreenPage />
                </LocationGate>
              </Suspense>
            </RequireLogin>
          }
        />
        <Route
          path={paths.cart}
          element={
            <RequireLogin>
              <LocationGate>
                <CartPage />
              </LocationGate>
            </RequireLogin>
          }
        />
        <Route
          path={paths.popupCheckout}
          element={
            <RequireLogin>
              <LocationGate>
                <CheckoutPage />
              </LocationGate>
            </RequireLogin>
          }
        />
        <Route path={paths.payments} element={<PaymentsPage />} />
        <Route path={paths.liveWeeklyWinner} element={<LiveWeeklyWinnerPage />} />
        <Route path={paths.winnersCircle} element={<WinnersCirclePage />} />
        <Route path={paths.verifyContest} element={<ContestVerifyPage />} />
        <Route path="/index.html" element={<Navigate to={paths.home} replace />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route
        path={`${paths.admin}/*`}
        element={
          <RouteBoundary>
            <AdminSection />
          </RouteBoundary>
        }
      />
      <Route element={<BareLayout />}>
        <Route element={<WithNextScreens />}>
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.signup} element={<SignupPage />} />
          <Route path={paths.forgot} element={<ForgotPage />} />
          <Route path={paths.otp} element={<OtpPage />} />
        </Route>
        <Route path={paths.otps} element={<OtpsPage />} />
        <Route path={paths.createPassword} element={<CreatePasswordPage />} />
        <Route path={paths.socialSignup} element={<SocialSignupPage />} />
        <Route path={paths.quickGame} element={<QuickGamePage />} />
        <Route path={paths.quickGameScreen} element={<QuickGameScreenPage />} />
      </Route>
    </Routes>
  );
}
