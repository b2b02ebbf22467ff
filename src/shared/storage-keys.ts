/**
 * Every browser storage key the site uses (spec section 3), in one place. None of them holds
 * a secret: the session itself lives in an HttpOnly cookie the page cannot read.
 */
export const STORAGE_KEYS = {
  /** The spec's 'login token': a non-secret marker that a session exists, used for routing. */
  loginMarker: 'loginToken',
  /** Chosen language, written by i18next's language detector. */
  language: 'i18nextLng',
  deviceToken: 'deviceToken',
  appVersion: 'appVersion',
  /** Draft of the social sign-up form for a user the provider knew but we did not. */
  unfoundUserDraft: 'unfoundUser',
  /** Unsubmitted play-screen marks of one contest (no secret): playDraft:<contestId>. */
  playDraftPrefix: 'playDraft:',
  /** The first-time hints of the game screens (tap, zoom, magnifier) were dismissed: '1'. */
  gameHintsSeen: 'gameHintsSeen',
  /** Practice games started on one IST day, so a reload does not reset the limit: JSON { day: 'YYYY-MM-DD', games }. */
  practiceGames: 'practiceGames',
  /** The paid-play announcement was shown to this visitor: '1' (once per visitor, issue 25). */
  announcementSeen: 'announcementSeen',
  /** The cookie notice's answer: JSON { choice: 'all' | 'necessary', at: ISO time, version }. */
  cookieConsent: 'cookieConsent',
  /** When the notifications offer was last declined (ISO time), so it is not asked again soon. */
  notificationsDeclined: 'notificationsDeclined',
} as const;
