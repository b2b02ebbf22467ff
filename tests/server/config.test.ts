import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.nodeEnv).toBe('development');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sqlitePath).toBe(path.join(config.dataDir, 'cricspot.sqlite'));
    expect(config.dataDir.endsWith(`${path.sep}data`)).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      PUBLIC_URL: 'https://cricspot.in/',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      isProduction: true,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@db:5432/app',
      publicUrl: 'https://cricspot.in',
      logLevel: 'warn',
    });
  });

  it('keeps paid play off in production unless PAID_PLAY turns it on, and on elsewhere (issue 26)', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).paidPlayDefault).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAID_PLAY: 'on' }).paidPlayDefault).toBe(true);
    expect(loadConfig({}).paidPlayDefault).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).paidPlayDefault).toBe(true);
    expect(loadConfig({ PAID_PLAY: 'off' }).paidPlayDefault).toBe(false);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('stops with one readable line per wrong value', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.problems).toHaveLength(4);
    expect(error.message).toContain('Invalid configuration:');
    expect(error.message).toContain('PORT must be a whole number between 1 and 65535 (got "eighty")');
    expect(error.message).toContain("NODE_ENV must be 'development', 'production' or 'test'");
    expect(error.message).toContain('DATABASE_URL must be a PostgreSQL URL');
    expect(error.message).toContain('PUBLIC_URL must be an absolute URL');
  });

  it('checks the message senders', () => {
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL must be an SMTP URL/);
    expect(() => loadConfig({ SMS_WEBHOOK_URL: 'not a url' })).toThrow(/SMS_WEBHOOK_URL must be an absolute https URL/);
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' })).toMatchObject({
      smtpUrl: 'smtps://u:p@smtp.example.com:465',
      mailFrom: 'CricSpot <no-reply@cricspot.in>',
    });
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a whole number/);
  });
});
