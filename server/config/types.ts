import type { PictureStorageKind } from '../storage/picture-store.ts';

/** The configuration the app runs with, parsed from the environment by loadConfig (server/config.ts). */
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
  /** SMS through MSG91's Flow API (SMS_PROVIDER=msg91); null: the relay above, or the outbox. */
  msg91: Msg91Config | null;
  /** The Prometheus listener (METRICS_HOST:METRICS_PORT); null: off. Never the site's port. */
  metrics: { host: string; port: number } | null;
  /** SIGTERM: /readyz unready for unreadyMs, then in-flight requests get drainMs to finish. */
  shutdown: { unreadyMs: number; drainMs: number };
  /** 'pretty' (pino-pretty, one line per event) or 'json' (JSON lines). */
  logFormat: 'pretty' | 'json';
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
  /** Every per-address rate limit's allowance is multiplied by this (RATE_LIMIT_FACTOR, default 1). */
  rateLimitFactor: number;
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

export interface Msg91Config {
  authKey: string;
  /** The DLT-approved template (flow) id at MSG91. */
  templateId: string;
  /** The DLT-registered 6-letter sender id. */
  senderId: string;
  /** https://control.msg91.com; another address only for tests. */
  apiUrl: string;
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
  /** Open connections in all (MAX_CONNECTIONS). */
  maxConnections: number;
  /** Open connections from one client address, trusted proxies excepted (MAX_CONNECTIONS_PER_ADDRESS). */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  idleTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
  checkIntervalMs: 1_000,
  maxConnections: 4096,
  maxConnectionsPerAddress: 256,
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
