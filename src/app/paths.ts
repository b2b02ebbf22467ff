/** Every route of spec section 2, typed, so screens never spell a path by hand. */
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
  playScreen: '/play_screen',
  cart: '/cart',
  popupCheckout: '/popupCheckout',
  /** The operator console (not in the spec; ARCHITECTURE.md): its areas live under it. */
  admin: '/admin',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
