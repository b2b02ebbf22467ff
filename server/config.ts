import path from 'node:path';
import type { z } from 'zod';
import { BRAND } from '../domain/brand.ts';
import { envSchema } from './config/env-schema.ts';
import { type Config, DEFAULT_HTTP_LIMITS, SAMPLE_GSTIN } from './config/types.ts';

// The types and defaults live in config/; every caller imports them from here.
export type {
  Config,
  LocationConfig,
  HttpLimits,
  InvoiceConfig,
  PaymentsConfig,
  ContestDefaults,
  BillingConfig,
  Msg91Config,
} from './config/types.ts';
export { DEFAULT_HTTP_LIMITS, SAMPLE_GSTIN } from './config/types.ts';

export type Env = z.input<typeof envSchema>;

const DEFAULT_PRIZE_TITLE = 'Signed cricket bat';
const DEFAULT_PRIZE_TITLE_HI = 'हस्ताक्षरित क्रिकेट बल्ला';

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

/** Every text a user reads, per language and namespace: the site loads them, and the server reads the few it prints (the tax documents' bill lines). */
export const LOCALES_DIR = path.join(projectRoot, 'public', 'locales');

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
  const problems = [...paymentConfigProblems(e), ...exposureProblems(e), ...operationsProblems(e)];
  if (e.NODE_ENV === 'production' && e.LOCATION_CHECK === 'off')
    problems.push(
      'LOCATION_CHECK=off is refused in production: play must stay limited to India and the allowed states',
    );
  if (e.CREDIT_NOTE_PREFIX === e.INVOICE_PREFIX)
    problems.push(
      `CREDIT_NOTE_PREFIX must differ from INVOICE_PREFIX (both are ${e.INVOICE_PREFIX}): credit notes are a series of their own`,
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
    localesDir: LOCALES_DIR,
    googleClientId: e.GOOGLE_CLIENT_ID ?? (isProduction ? undefined : DEV_GOOGLE_CLIENT_ID),
    oidcIssuer: (e.OIDC_ISSUER ?? (isProduction ? GOOGLE_ISSUER : `${sitePublicUrl}/dev-idp`)).replace(/\/$/, ''),
    oidcJwksUrl: e.OIDC_JWKS_URL ?? (isProduction ? GOOGLE_JWKS_URL : `${sitePublicUrl}/dev-idp/jwks.json`),
    accountRetentionDays: e.ACCOUNT_RETENTION_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    smsWebhookToken: e.SMS_WEBHOOK_TOKEN,
    msg91:
      e.SMS_PROVIDER === 'msg91'
        ? {
            authKey: e.MSG91_AUTH_KEY!,
            templateId: e.MSG91_TEMPLATE_ID!,
            senderId: e.MSG91_SENDER_ID!.toUpperCase(),
            apiUrl: (e.MSG91_API_URL ?? 'https://control.msg91.com').replace(/\/$/, ''),
          }
        : null,
    metrics: metricsListener(e),
    shutdown: { unreadyMs: e.SHUTDOWN_UNREADY_SECONDS * 1000, drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000 },
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
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
    // Production takes no money unless someone turns paid play on (here or in the console): the
    // Promotion and Regulation of Online Gaming Act, 2025 bans online money games. Development and
    // tests keep it on with the sandbox, so the paid path stays testable.
    paidPlayDefault: e.PAID_PLAY === undefined ? !isProduction : e.PAID_PLAY === 'on',
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
      creditNotePrefix: e.CREDIT_NOTE_PREFIX,
    },
    redisUrl: e.REDIS_URL,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    trustedProxies: e.TRUSTED_PROXIES ?? (isProduction ? ['127.0.0.1', '::1'] : []),
    devOnNetwork: !isProduction && e.UNSAFE_DEV_ON_NETWORK === 'yes',
    sandboxInProduction: isProduction && e.PAYMENT_GATEWAY === 'sandbox',
    http: {
      ...DEFAULT_HTTP_LIMITS,
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerAddress: Math.min(e.MAX_CONNECTIONS_PER_ADDRESS, e.MAX_CONNECTIONS),
    },
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

/** METRICS_PORT: 9464 by default, off under NODE_ENV=test (many test servers on one machine). */
function metricsListener(e: z.output<typeof envSchema>): Config['metrics'] {
  const port = e.METRICS_PORT ?? (e.NODE_ENV === 'test' ? 'off' : 9464);
  return port === 'off' ? null : { host: e.METRICS_HOST, port };
}

/** The metrics listener never shares the site's port; each SMS provider needs its settings. */
function operationsProblems(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  const metrics = metricsListener(e);
  if (metrics && metrics.port === e.PORT)
    problems.push(
      `METRICS_PORT ${metrics.port} is the site's PORT: metrics are served on a listener of their own (another port, or 'off')`,
    );
  if (e.SMS_PROVIDER === 'msg91') {
    for (const name of ['MSG91_AUTH_KEY', 'MSG91_TEMPLATE_ID', 'MSG91_SENDER_ID'] as const) {
      if (!e[name]) problems.push(`${name} is required when SMS_PROVIDER is 'msg91'`);
    }
  }
  if (e.SMS_PROVIDER === 'relay' && !e.SMS_WEBHOOK_URL)
    problems.push("SMS_WEBHOOK_URL is required when SMS_PROVIDER is 'relay'");
  return problems;
}
