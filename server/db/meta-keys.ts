// The app_meta keys that the demo seed (scripts/demo/) writes and the live server reads. Kept
// apart from the seed so that live code never loads the picture renderer to learn a key name.

/** The version of the demo pictures seeded into this database; absent until they are. */
export const DEMO_SEED_KEY = 'demo_seed_version';
/** The demo contest picture's id, for the contests to use. */
export const DEMO_CONTEST_PICTURE_KEY = 'demo_contest_picture_id';
/** Where the ball is in the demo contest picture, as JSON {"x","y"}, for a demo judging. */
export const DEMO_CONTEST_BALL_KEY = 'demo_contest_ball';
/** The version of the past published demo contests seeded into this database (not in production). */
export const DEMO_RESULTS_KEY = 'demo_results_version';
