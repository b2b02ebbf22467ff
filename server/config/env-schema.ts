import { z } from 'zod';
import { isGstStateCode } from '../../domain/india-states.ts';

/** The environment's variables, as zod reads them (server/config.ts turns them into a Config). */
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

export const envSchema = z.object({
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
  /** Unset: off in production (the Promotion and Regulation of Online Gaming Act, 2025), on elsewhere. */
  PAID_PLAY: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).optional(),
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
    .refine(isGstStateCode, 'must be the two-digit GST state code of a state or union territory, e.g. 29 for Karnataka')
    .default('29'),
  // Invoice and credit-note numbers may have at most 16 characters (CGST Rules 46(b) and
  // 53(1A)(b)): 'CS/26-27/000001' is 15, so a prefix has 1 to 3 characters.
  INVOICE_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,3}$/, 'must be 1 to 3 capital letters or digits, e.g. CS')
    .default('CS'),
  CREDIT_NOTE_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,3}$/, 'must be 1 to 3 capital letters or digits, e.g. CN')
    .default('CN'),
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
   * Where play is allowed (server/geo, server/services/contests/location.service.ts). 'off' skips the
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
  /** The metrics listener (Prometheus text at /metrics), never the site's port. */
  METRICS_HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  /** Its port, or 'off'. Unset: 9464, and off under NODE_ENV=test (server/config.ts). */
  METRICS_PORT: z
    .union([z.literal('off'), portSchema], { error: "must be a whole number between 1 and 65535, or 'off'" })
    .optional(),
  /** After SIGTERM: seconds /readyz answers 503 while requests are still taken (a balancer's health checks notice). */
  SHUTDOWN_UNREADY_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds between 0 and 120' })
    .int('must be a whole number of seconds between 0 and 120')
    .min(0, 'must be a whole number of seconds between 0 and 120')
    .max(120, 'must be a whole number of seconds between 0 and 120')
    .default(0),
  /** Then: seconds in-flight requests get to finish before their connections are cut. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds between 1 and 600' })
    .int('must be a whole number of seconds between 1 and 600')
    .min(1, 'must be a whole number of seconds between 1 and 600')
    .max(600, 'must be a whole number of seconds between 1 and 600')
    .default(10),
  /** 'pretty': one coloured line per event (pino-pretty); 'json': JSON lines. Unset: pretty in development only. */
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: "must be 'pretty' or 'json'" }).optional(),
  /** Which SMS sender: the generic relay (SMS_WEBHOOK_URL) or MSG91's API. Unset: the relay when its URL is set. */
  SMS_PROVIDER: z.enum(['relay', 'msg91'], { error: "must be 'relay' or 'msg91'" }).optional(),
  MSG91_AUTH_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  /** The DLT-approved template's id at MSG91 (its text holds the code as ##otp##). */
  MSG91_TEMPLATE_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  /** The DLT-registered sender id (6 letters, e.g. CRCSPT). */
  MSG91_SENDER_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^[A-Za-z]{6}$/.test(value), {
      message: 'must be the 6-letter DLT sender id, e.g. CRCSPT',
    }),
  MSG91_API_URL: z.url({ error: 'must be an absolute URL such as https://control.msg91.com' }).optional(),
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
  /** Open connections in all (server/plugins/connection-caps.ts); kept under the open-file limit. */
  MAX_CONNECTIONS: z.coerce
    .number({ error: 'must be a whole number between 16 and 1000000' })
    .int('must be a whole number between 16 and 1000000')
    .min(16, 'must be a whole number between 16 and 1000000')
    .max(1_000_000, 'must be a whole number between 16 and 1000000')
    .default(4096),
  /** Open connections from one client address (the trusted proxies' are not capped). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number({ error: 'must be a whole number between 2 and 1000000' })
    .int('must be a whole number between 2 and 1000000')
    .min(2, 'must be a whole number between 2 and 1000000')
    .max(1_000_000, 'must be a whole number between 2 and 1000000')
    .default(256),
  /**
   * Multiplies every per-address rate limit (sign-up, forms, codes...): raise it where many
   * players share one address (a carrier-grade NAT, an office network) or for a test run.
   */
  RATE_LIMIT_FACTOR: z.coerce
    .number({ error: 'must be a whole number between 1 and 1000' })
    .int('must be a whole number between 1 and 1000')
    .min(1, 'must be a whole number between 1 and 1000')
    .max(1000, 'must be a whole number between 1 and 1000')
    .default(1),
});
