import path from 'node:path';
import { z } from 'zod';
import { BRAND } from '../domain/brand.ts';
import type { PictureStorageKind } from './storage/picture-store.ts';

const portSchema = z.coerce
  .number({ error: 'must be a whole number between 1 and 65535' })
  .int('must be a whole number between 1 and 65535')
  .min(1, 'must be a whole number between 1 and 65535')
  .max(65535, 'must be a whole number between 1 and 65535');

const paiseSchema = z.coerce
  .number({ error: 'must be a whole number of paise (100 paise = 1 rupee), 0 or more' })
  .int('must be a whole number of paise (100 paise = 1 rupee), 0 or more')
  .min(0, 'must be a whole number of paise (100 paise = 1 rupee), 0 or more')
  .max(Number.MAX_SAFE_INTEGER, 'is too large');
const countSchema = z.coerce
  .number({ error: 'must be a whole number between 1 and 10000000' })
  .int('must be a whole number between 1 and 10000000')
  .min(1, 'must be a whole number between 1 and 10000000')
  .max(10_000_000, 'must be a whole number between 1 and 10000000');
const basisPointsSchema = z.coerce
  .number({ error: 'must be a whole number of basis points between 0 and 10000 (1800 = 18%)' })
  .int('must be a whole number of basis points between 0 and 10000 (1800 = 18%)')
  .min(0, 'must be a whole number of basis points between 0 and 10000 (1800 = 18%)')
  .max(10_000, 'must be a whole number of basis points between 0 and 10000 (1800 = 18%)');

const envSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('localhost'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: "must be 'development', 'production' or 'test'" })
    .default('development'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\/.+/.test(value), {
      message:
        'must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname, or unset for the embedded SQLite database',
    }),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://cricspot.in' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  GOOGLE_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  OIDC_ISSUER: z.url({ error: 'must be an absolute URL such as https://accounts.google.com' }).optional(),
  /** The built web app to serve; the e2e server points it at the test build (dist-e2e). */
  DIST_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  OIDC_JWKS_URL: z
    .url({ error: 'must be an absolute URL such as https://www.googleapis.com/oauth2/v3/certs' })
    .optional(),
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^smtps?:\/\/.+/.test(value), {
      message: 'must be an SMTP URL such as smtps://user:password@smtp.example.com:465',
    }),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, 'must be an address such as CricSpot <no-reply@cricspot.in>')
    .default('CricSpot <no-reply@cricspot.in>'),
  SMS_WEBHOOK_URL: z.url({ error: 'must be an absolute https URL of your SMS provider relay' }).optional(),
  SMS_WEBHOOK_TOKEN: z.string().trim().optional(),
  ACCOUNT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days between 1 and 3650' })
    .int('must be a whole number of days between 1 and 3650')
    .min(1, 'must be a whole number of days between 1 and 3650')
    .max(3650, 'must be a whole number of days between 1 and 3650')
    .default(30),
  CONTEST_TICKET_PRICE_PAISE: paiseSchema.default(4900),
  CONTEST_MAX_TICKETS: countSchema.default(75),
  CONTEST_TOTAL_TICKETS: countSchema.default(10000),
  CONTEST_PRIZE_TITLE: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .default('Signed cricket bat'),
  CONTEST_PRIZE_TITLE_HI: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  CONTEST_PRIZE_KIND: z
    .enum(['merchandise', 'cash'], { error: "must be 'merchandise' or 'cash'" })
    .default('merchandise'),
  CONTEST_PRIZE_VALUE_PAISE: paiseSchema.default(1500000),
  PLATFORM_FEE_PAISE_PER_TICKET: paiseSchema.default(200),
  /**
   * GST included in the entry price. 40% on online money gaming since 22 September 2025 (the GST
   * Council's 56th meeting moved it from 28%, notified with effect from that date).
   */
  ENTRY_GST_BASIS_POINTS: basisPointsSchema.default(4000),
  /** The day the entry GST rate took effect, as the rules pages state it (YYYY-MM-DD, IST). */
  ENTRY_GST_SINCE: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD, e.g. 2025-09-22')
    .refine(
      (value) => {
        const day = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
      },
      { message: 'must be a real date as YYYY-MM-DD, e.g. 2025-09-22' },
    )
    .default('2025-09-22'),
  FEE_GST_BASIS_POINTS: basisPointsSchema.default(1800),
  RESERVATION_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes between 1 and 1440' })
    .int('must be a whole number of minutes between 1 and 1440')
    .min(1, 'must be a whole number of minutes between 1 and 1440')
    .max(1440, 'must be a whole number of minutes between 1 and 1440')
    .default(15),
  PAID_PLAY: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'razorpay'], { error: "must be 'sandbox' or 'razorpay'" }).optional(),
  RAZORPAY_KEY_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  RAZORPAY_KEY_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  RAZORPAY_WEBHOOK_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  RAZORPAY_API_URL: z.url({ error: 'must be an absolute URL such as https://api.razorpay.com' }).optional(),
  SELLER_LEGAL_NAME: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  SELLER_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^\d{2}[A-Z0-9]{13}$/.test(value), {
      message: 'must be a 15-character GSTIN such as 29ABCDE1234F1Z5',
    }),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(300, 'must be at most 300 characters')
    .default('Bengaluru, Karnataka, India'),
  SELLER_STATE_CODE: z
    .string()
    .trim()
    .regex(/^\d{2}$/, 'must be the two-digit GST state code, e.g. 29 for Karnataka')
    .default('29'),
  INVOICE_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,6}$/, 'must be 1 to 6 capital letters or digits, e.g. CS')
    .default('CS'),
  /**
   * Where picture files live: 'disk' under DATA_DIR/uploads (the embedded default, one instance),
   * or 'database' (PostgreSQL bytea, or the SQLite file) so several instances share them.
   */
  PICTURE_STORAGE: z.enum(['disk', 'database'], { error: "must be 'disk' or 'database'" }).default('disk'),
  /** Shared rate-limit counters for several instances, e.g. redis://127.0.0.1:6379; unset: in memory. */
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^rediss?:\/\/.+/.test(value), {
      message: 'must be a Redis URL such as redis://127.0.0.1:6379, or unset for in-memory counters',
    }),
  /**
   * Where play is allowed (server/geo, server/services/location.service.ts). 'off' skips the
   * country and state checks: only outside production (tests, benchmarks on this machine).
   */
  LOCATION_CHECK: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  /** How long a device's location check holds for its session. */
  LOCATION_TTL_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes between 5 and 1440' })
    .int('must be a whole number of minutes between 5 and 1440')
    .min(5, 'must be a whole number of minutes between 5 and 1440')
    .max(1440, 'must be a whole number of minutes between 5 and 1440')
    .default(60),
  /**
   * The country loopback and private addresses count as: a two-letter code, or 'none' (not
   * known, so refused). Default: IN outside production, none in production, where every player
   * comes from a public address (set TRUSTED_PROXIES behind a proxy).
   */
  GEO_LOCAL_COUNTRY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value === 'none' || /^[A-Za-z]{2}$/.test(value), {
      message: "must be a two-letter country code such as IN, or 'none'",
    }),
  /** The restricted states' default (the console overrides it): comma-separated codes such as IN-TG,IN-AP; 'none' for none. */
  RESTRICTED_STATES: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine(
      (value) =>
        value === undefined || value === 'none' || value.split(',').every((code) => /^IN-[A-Z]{2}$/.test(code.trim())),
      { message: "must be comma-separated state codes such as IN-TG,IN-AP, or 'none'" },
    ),
  /** The loud opt-in to listen beyond this machine outside production (the demo conveniences still answer only to loopback). */
  UNSAFE_DEV_ON_NETWORK: z.enum(['yes'], { error: "must be 'yes' or unset" }).optional(),
  /** The loud opt-in to run the sandbox gateway (no real money) under NODE_ENV=production. */
  UNSAFE_SANDBOX_IN_PRODUCTION: z.enum(['yes'], { error: "must be 'yes' or unset" }).optional(),
  /**
   * The reverse proxies whose X-Forwarded-For is believed: comma-separated addresses or CIDR
   * ranges. Unset: loopback only in production (a proxy on the same machine), none otherwise.
   */
  TRUSTED_PROXIES: z
    .string()
    .trim()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : undefined,
    )
    .refine((value) => value === undefined || value.every((part) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part)), {
      message: 'must be comma-separated IP addresses or CIDR ranges, e.g. 10.0.0.0/8,127.0.0.1',
    }),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  dataDir: string;
  /** Absolute path of the embedded SQLite file, used when databaseUrl is unset. */
  sqlitePath: string;
  uploadsDir: string;
  /** Where picture files live (PICTURE_STORAGE); uploads arrive under uploadsDir either way. */
  pictureStorage: PictureStorageKind;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  /** Where the built web app lives (vite build output). */
  distDir: string;
  /** The locale files; the source of truth for /locales/{lng}/{ns}.json. */
  localesDir: string;
  /** The OAuth client id (the ID token's audience); unset in production means Google sign-in is off. */
  googleClientId: string | undefined;
  /** Who issues ID tokens: Google in production, the development identity provider otherwise. */
  oidcIssuer: string;
  /** Where the issuer publishes its signing keys. */
  oidcJwksUrl: string;
  /** Days a deleted account keeps its personal data (support can restore it) before erasure. */
  accountRetentionDays: number;
  /** E-mail goes through SMTP when set; otherwise to the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS goes as JSON { to, body } to this relay when set; otherwise to the outbox. */
  smsWebhookUrl: string | undefined;
  smsWebhookToken: string | undefined;
  /** What the contests made from the weekly schedule get until admins set them. */
  contestDefaults: ContestDefaults;
  /** The bill's fee and GST rates. */
  billing: BillingConfig;
  /** How long reserved tickets wait for their payment. */
  reservationMinutes: number;
  /** The default of the paid-play switch; the settings table overrides it at run time. */
  paidPlayDefault: boolean;
  /** Which payment gateway takes the money: the embedded sandbox, or Razorpay with its keys. */
  payments: PaymentsConfig;
  /** Who issues the tax invoices. */
  invoices: InvoiceConfig;
  /** Where rate-limit counters live when several instances share them; undefined: in memory. */
  redisUrl: string | undefined;
  /** The proxies whose X-Forwarded-For is believed (Fastify's trustProxy); [] trusts none. */
  trustedProxies: string[];
  /** Outside production, listening beyond loopback was explicitly accepted (UNSAFE_DEV_ON_NETWORK=yes). */
  devOnNetwork: boolean;
  /** Production runs the sandbox gateway by explicit choice (UNSAFE_SANDBOX_IN_PRODUCTION=yes). */
  sandboxInProduction: boolean;
  /** How long a slow or silent client may hold a connection (a flood of them must not starve the rest). */
  http: HttpLimits;
  /** Where play is allowed. */
  location: LocationConfig;
}

export interface LocationConfig {
  /** false only outside production (LOCATION_CHECK=off). */
  enforced: boolean;
  ttlMinutes: number;
  /** What loopback and private addresses count as; null: not known (refused). */
  localCountry: string | null;
  /** Codes of the states refused until the console sets its own list. */
  restrictedStatesDefault: string[];
}

export interface HttpLimits {
  /** A socket with no traffic at all for this long is closed. */
  idleTimeoutMs: number;
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included (a 25 MB photo on a slow phone), must arrive within this. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** The request line and headers together, in bytes. */
  maxHeaderBytes: number;
  /** How often the server looks for requests past their header or request time (Node's default is 30 s). */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  idleTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
  checkIntervalMs: 1_000,
};

export interface InvoiceConfig {
  sellerLegalName: string;
  /** null: production without SELLER_GSTIN, so no invoices (the route answers 503). */
  gstin: string | null;
  /** true when gstin is the built-in sample (outside production only): the PDF says it is not a real tax invoice. */
  sampleGstin: boolean;
  address: string;
  stateCode: string;
  prefix: string;
}

/** A syntactically valid but made-up GSTIN for development and tests; never used in production. */
export const SAMPLE_GSTIN = '29AAAAA0000A1Z5';

export interface PaymentsConfig {
  /** null: payments are off (production without PAYMENT_GATEWAY). */
  gateway: 'sandbox' | 'razorpay' | null;
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string } | null;
}

export interface ContestDefaults {
  ticketPricePaise: number;
  maxTicketsPerPerson: number;
  totalTickets: number;
  prizeKind: 'merchandise' | 'cash';
  prizeTitleEn: string;
  prizeTitleHi: string;
  prizeValuePaise: number;
}

export interface BillingConfig {
  platformFeePaisePerTicket: number;
  entryGstBasisPoints: number;
  feeGstBasisPoints: number;
  /** When the entry GST rate took effect (YYYY-MM-DD), for the texts that state it. */
  entryGstSince: string;
}

const DEFAULT_PRIZE_TITLE = 'Signed cricket bat';
const DEFAULT_PRIZE_TITLE_HI = 'हस्ताक्षरित क्रिकेट बैट';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const DEV_GOOGLE_CLIENT_ID = 'cricspot-dev-client';

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nFix the environment variables above and start again.`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * States where the site offers no contests by default (the console can change the list). Each
 * has a state law on online games played for stakes; the nationwide Promotion and Regulation of
 * Online Gaming Act, 2025 is followed with the paid-play switch, not here.
 * - IN-AP Andhra Pradesh: Andhra Pradesh Gaming (Amendment) Act, 2020, bans online gaming for stakes.
 * - IN-AS Assam: Assam Game and Betting Act, 1970, as amended in 2022, bars online games of skill for stakes.
 * - IN-NL Nagaland: Nagaland Prohibition of Gambling and Promotion and Regulation of Online Games of Skill Act, 2016: skill games need a state licence.
 * - IN-OR Odisha: Odisha Prevention of Gambling Act, 1955, makes no exception for games of skill.
 * - IN-SK Sikkim: Sikkim Online Gaming (Regulation) Act, 2008: online games need a state licence.
 * - IN-TG Telangana: Telangana Gaming (Amendment) Act, 2017, bans online gaming for stakes, skill or chance.
 */
export const DEFAULT_RESTRICTED_STATES = ['IN-AP', 'IN-AS', 'IN-NL', 'IN-OR', 'IN-SK', 'IN-TG'] as const;

const projectRoot = path.resolve(import.meta.dirname, '..');

/** Parses the environment; throws ConfigError with one readable line per wrong variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) =>
          `${issue.path.join('.') || 'environment'} ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])] ?? '')})`,
      ),
    );
  }
  const e = parsed.data;
  const problems = [...paymentConfigProblems(e), ...exposureProblems(e)];
  if (e.NODE_ENV === 'production' && e.LOCATION_CHECK === 'off')
    problems.push(
      'LOCATION_CHECK=off is refused in production: play must stay limited to India and the allowed states',
    );
  if (problems.length) throw new ConfigError(problems);
  const dataDir = path.resolve(projectRoot, e.DATA_DIR);
  const isProduction = e.NODE_ENV === 'production';
  const sitePublicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    dataDir,
    sqlitePath: path.join(dataDir, 'cricspot.sqlite'),
    uploadsDir: path.join(dataDir, 'uploads'),
    pictureStorage: e.PICTURE_STORAGE,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    distDir: e.DIST_DIR ? path.resolve(projectRoot, e.DIST_DIR) : path.join(projectRoot, 'dist'),
    localesDir: path.join(projectRoot, 'public', 'locales'),
    googleClientId: e.GOOGLE_CLIENT_ID ?? (isProduction ? undefined : DEV_GOOGLE_CLIENT_ID),
    oidcIssuer: (e.OIDC_ISSUER ?? (isProduction ? GOOGLE_ISSUER : `${sitePublicUrl}/dev-idp`)).replace(/\/$/, ''),
    oidcJwksUrl: e.OIDC_JWKS_URL ?? (isProduction ? GOOGLE_JWKS_URL : `${sitePublicUrl}/dev-idp/jwks.json`),
    accountRetentionDays: e.ACCOUNT_RETENTION_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    smsWebhookToken: e.SMS_WEBHOOK_TOKEN,
    contestDefaults: {
      ticketPricePaise: e.CONTEST_TICKET_PRICE_PAISE,
      maxTicketsPerPerson: e.CONTEST_MAX_TICKETS,
      totalTickets: e.CONTEST_TOTAL_TICKETS,
      prizeKind: e.CONTEST_PRIZE_KIND,
      prizeTitleEn: e.CONTEST_PRIZE_TITLE,
      // A Hindi title only goes with the default English one; a custom prize shows its own title.
      prizeTitleHi:
        e.CONTEST_PRIZE_TITLE_HI ||
        (e.CONTEST_PRIZE_TITLE === DEFAULT_PRIZE_TITLE ? DEFAULT_PRIZE_TITLE_HI : e.CONTEST_PRIZE_TITLE),
      prizeValuePaise: e.CONTEST_PRIZE_VALUE_PAISE,
    },
    billing: {
      platformFeePaisePerTicket: e.PLATFORM_FEE_PAISE_PER_TICKET,
      entryGstBasisPoints: e.ENTRY_GST_BASIS_POINTS,
      feeGstBasisPoints: e.FEE_GST_BASIS_POINTS,
      entryGstSince: e.ENTRY_GST_SINCE,
    },
    reservationMinutes: e.RESERVATION_MINUTES,
    paidPlayDefault: e.PAID_PLAY === 'on',
    payments: {
      // Production never falls back to the sandbox: unset there means no payment orders (main.ts warns).
      gateway: e.PAYMENT_GATEWAY ?? (isProduction ? null : 'sandbox'),
      razorpay:
        e.PAYMENT_GATEWAY === 'razorpay'
          ? {
              keyId: e.RAZORPAY_KEY_ID!,
              keySecret: e.RAZORPAY_KEY_SECRET!,
              webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!,
              apiUrl: (e.RAZORPAY_API_URL ?? 'https://api.razorpay.com').replace(/\/$/, ''),
            }
          : null,
    },
    invoices: {
      sellerLegalName: e.SELLER_LEGAL_NAME ?? BRAND.company,
      gstin: e.SELLER_GSTIN ?? (isProduction ? null : SAMPLE_GSTIN),
      sampleGstin: e.SELLER_GSTIN === undefined && !isProduction,
      address: e.SELLER_ADDRESS,
      stateCode: e.SELLER_STATE_CODE,
      prefix: e.INVOICE_PREFIX,
    },
    redisUrl: e.REDIS_URL,
    trustedProxies: e.TRUSTED_PROXIES ?? (isProduction ? ['127.0.0.1', '::1'] : []),
    devOnNetwork: !isProduction && e.UNSAFE_DEV_ON_NETWORK === 'yes',
    sandboxInProduction: isProduction && e.PAYMENT_GATEWAY === 'sandbox',
    http: DEFAULT_HTTP_LIMITS,
    location: {
      enforced: e.LOCATION_CHECK === 'on',
      ttlMinutes: e.LOCATION_TTL_MINUTES,
      localCountry:
        e.GEO_LOCAL_COUNTRY === 'none' ? null : (e.GEO_LOCAL_COUNTRY?.toUpperCase() ?? (isProduction ? null : 'IN')),
      restrictedStatesDefault:
        e.RESTRICTED_STATES === 'none'
          ? []
          : e.RESTRICTED_STATES
            ? [...new Set(e.RESTRICTED_STATES.split(',').map((code) => code.trim()))]
            : [...DEFAULT_RESTRICTED_STATES],
    },
  };
}

/** Hostnames and addresses that only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * The one-command demo shows every sign-up and reset code (/api/v1/dev/outbox), signs in as
 * anyone (the development Google page) and confirms tickets without money (the sandbox). It must
 * never reach a network by accident: outside production the server listens on loopback unless
 * the operator says, loudly, that they accept it; production never runs the sandbox unless asked.
 */
function exposureProblems(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (e.NODE_ENV !== 'production' && !isLoopbackHost(e.HOST) && e.UNSAFE_DEV_ON_NETWORK !== 'yes') {
    problems.push(
      `HOST ${e.HOST} would put the ${e.NODE_ENV} demo on the network (every login code at /api/v1/dev/outbox, a sign-in page that logs in as anyone, a payment page that confirms tickets without money). ` +
        'Run a real site with NODE_ENV=production, or keep HOST=localhost; to accept the risk on a private test network set UNSAFE_DEV_ON_NETWORK=yes',
    );
  }
  if (e.NODE_ENV === 'production' && e.PAYMENT_GATEWAY === 'sandbox' && e.UNSAFE_SANDBOX_IN_PRODUCTION !== 'yes') {
    problems.push(
      "PAYMENT_GATEWAY 'sandbox' confirms tickets without money and must not run in production: use 'razorpay' with its keys, or set UNSAFE_SANDBOX_IN_PRODUCTION=yes for a test deployment",
    );
  }
  return problems;
}

/** Razorpay needs its three secrets. */
function paymentConfigProblems(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (e.PAYMENT_GATEWAY === 'razorpay') {
    for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
      if (!e[name]) problems.push(`${name} is required when PAYMENT_GATEWAY is 'razorpay'`);
    }
  }
  return problems;
}
