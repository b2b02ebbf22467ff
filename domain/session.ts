/**
 * Session timing shared by the server (which enforces it) and, if it likes, the web app (which
 * warns before it happens). The spec's inactivity time-out is 30 minutes.
 */
export const SESSION_IDLE_MS = 1_800_000;
/** However active, a session ends a week after login and the user logs in again. */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so a busy page does not write on every call. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
