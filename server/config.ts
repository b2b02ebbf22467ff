import path from 'node:path';
import { z } from 'zod';

const portSchema = z.coerce
  .number({ error: 'must be a whole number between 1 and 65535' })
  .int('must be a whole number between 1 and 65535')
  .min(1, 'must be a whole number between 1 and 65535')
  .max(65535, 'must be a whole number between 1 and 65535');

const envSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('localhost'),
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: "must be 'development', 'production' or 'test'" }).default('development'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\/.+/.test(value), {
      message: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname, or unset for the embedded SQLite database',
    }),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://cricspot.in' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
  GOOGLE_CLIENT_ID: z.string().trim().optional().transform((value) => (value === '' ? undefined : value)),
  OIDC_ISSUER: z.url({ error: 'must be an absolute URL such as https://accounts.google.com' }).optional(),
  /** The built web app to serve; the e2e server points it at the test build (dist-e2e). */
  DIST_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  OIDC_JWKS_URL: z.url({ error: 'must be an absolute URL such as https://www.googleapis.com/oauth2/v3/certs' }).optional(),
  ACCOUNT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days between 1 and 3650' })
    .int('must be a whole number of days between 1 and 3650')
    .min(1, 'must be a whole number of days between 1 and 3650')
    .max(3650, 'must be a whole number of days between 1 and 3650')
    .default(30),
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
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const DEV_GOOGLE_CLIENT_ID = 'cricspot-dev-client';

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nFix the environment variables above and start again.`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const projectRoot = path.resolve(import.meta.dirname, '..');

/** Parses the environment; throws ConfigError with one readable line per wrong variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])] ?? '')})`));
  }
  const e = parsed.data;
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
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    distDir: e.DIST_DIR ? path.resolve(projectRoot, e.DIST_DIR) : path.join(projectRoot, 'dist'),
    localesDir: path.join(projectRoot, 'public', 'locales'),
    googleClientId: e.GOOGLE_CLIENT_ID ?? (isProduction ? undefined : DEV_GOOGLE_CLIENT_ID),
    oidcIssuer: (e.OIDC_ISSUER ?? (isProduction ? GOOGLE_ISSUER : `${sitePublicUrl}/dev-idp`)).replace(/\/$/, ''),
    oidcJwksUrl: e.OIDC_JWKS_URL ?? (isProduction ? GOOGLE_JWKS_URL : `${sitePublicUrl}/dev-idp/jwks.json`),
    accountRetentionDays: e.ACCOUNT_RETENTION_DAYS,
  };
}
