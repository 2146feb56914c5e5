import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const secret = 'x'.repeat(40);
const encryptionKey = 'ab'.repeat(32);

describe('configuration (ARCHITECTURE §4 Configuration)', () => {
  it('production refuses to start without both JWT secrets and the encryption key of stored keys', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(/JWT_REFRESH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', JWT_REFRESH_SECRET: secret })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, JWT_REFRESH_SECRET: secret })).toThrow(/SECRETS_ENCRYPTION_KEY/);
    const production = { NODE_ENV: 'production', JWT_SECRET: secret, JWT_REFRESH_SECRET: secret.replace(/x/g, 'y') };
    expect(() => loadConfig({ ...production, SECRETS_ENCRYPTION_KEY: 'z'.repeat(40) })).toThrow(/32 bytes/);
    const config = loadConfig({ ...production, SECRETS_ENCRYPTION_KEY: encryptionKey });
    expect(config.jwtSecret).toBe(secret);
    expect(config.secretsKey).toEqual(Buffer.from(encryptionKey, 'hex'));
  });

  it('production refuses one secret for both JWT_SECRET and JWT_REFRESH_SECRET; development lets it be (issue 34 point 6)', () => {
    const same = { JWT_SECRET: secret, JWT_REFRESH_SECRET: secret, SECRETS_ENCRYPTION_KEY: encryptionKey };
    expect(() => loadConfig({ NODE_ENV: 'production', ...same })).toThrow(new ConfigError('JWT_SECRET and JWT_REFRESH_SECRET must be different secrets in production'));
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: mkdtempSync(join(tmpdir(), 'atende-config-')), ...same }).jwtRefreshSecret).toBe(secret);
  });

  it('development generates secrets once and keeps them under the data folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atende-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toHaveLength(96);
    expect(first.jwtSecret).not.toBe(first.jwtRefreshSecret);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).jwtSecret).toBe(first.jwtSecret);
    expect(first.secretsKey).toHaveLength(32);
    expect(second.secretsKey).toEqual(first.secretsKey);
  });

  it('defaults to port 8080 and PGlite (no DATABASE_URL); rejects a bad PORT', () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'atende-config-')) });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('TRUST_PROXY is false, true (one hop), a number of hops, or proxy addresses and CIDRs; anything else is refused (issue 12)', () => {
    const trust = (value?: string) => loadConfig({ JWT_SECRET: secret, JWT_REFRESH_SECRET: secret, SECRETS_ENCRYPTION_KEY: encryptionKey, TRUST_PROXY: value }).trustProxy;
    expect(trust(undefined)).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.7')).toEqual(['10.0.0.7']);
    expect(trust(' 10.0.0.0/8, 192.168.1.1 ,::1,fd00::/8,loopback')).toEqual(['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['yes', '-1', '1.5', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.1,,10.0.0.2', 'proxy.example']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads the request limits, the sign-in slowdown and METRICS_TOKEN, with their defaults; a short token is refused (issue 12)', () => {
    const DATA_DIR = mkdtempSync(join(tmpdir(), 'atende-config-'));
    const defaults = loadConfig({ DATA_DIR });
    expect(defaults.rateLimit).toEqual({ windowSeconds: 60, maxPerIp: 1000, refreshMaxPerIp: 60, messagesApiMaxPerToken: 120, signupMaxPerIp: 10, apiKeyMax: 600 });
    expect(defaults.signupTrialDays).toBe(7);
    expect(defaults.loginThrottle).toEqual({ maxFailuresPerEmail: 5, maxFailuresPerIpAndEmail: 10, maxAccountsPerIp: 30, windowSeconds: 900, maxDelaySeconds: 60 });
    expect(defaults.redisKeyPrefix).toBe('atende:');
    expect(defaults.metricsToken).toBeUndefined();
    const set = loadConfig({
      DATA_DIR,
      RATE_LIMIT_WINDOW_SECONDS: '30',
      RATE_LIMIT_MAX: '50',
      RATE_LIMIT_REFRESH_MAX: '5',
      RATE_LIMIT_MESSAGES_API_MAX: '7',
      RATE_LIMIT_SIGNUP_MAX: '3',
      RATE_LIMIT_API_KEY_MAX: '40',
      SIGNUP_TRIAL_DAYS: '14',
      LOGIN_MAX_DELAY_SECONDS: '20',
      LOGIN_MAX_FAILURES_PER_IP_AND_EMAIL: '4',
      LOGIN_MAX_ACCOUNTS_PER_IP: '6',
      METRICS_TOKEN: 'm'.repeat(16),
    });
    expect(set.rateLimit).toEqual({ windowSeconds: 30, maxPerIp: 50, refreshMaxPerIp: 5, messagesApiMaxPerToken: 7, signupMaxPerIp: 3, apiKeyMax: 40 });
    expect(set.signupTrialDays).toBe(14);
    expect(set.loginThrottle).toMatchObject({ maxDelaySeconds: 20, maxFailuresPerIpAndEmail: 4, maxAccountsPerIp: 6 });
    expect(set.metricsToken).toBe('m'.repeat(16));
    expect(() => loadConfig({ DATA_DIR, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ DATA_DIR, RATE_LIMIT_MAX: '0' })).toThrow(/RATE_LIMIT_MAX/);
  });

  it('OUTBOUND_ALLOWED_HOSTS: none by default, else hostnames, addresses and CIDRs; anything else is refused (issue 33)', () => {
    const DATA_DIR = mkdtempSync(join(tmpdir(), 'atende-config-'));
    expect(loadConfig({ DATA_DIR }).outbound).toEqual({ allowedHosts: [] });
    expect(loadConfig({ DATA_DIR, OUTBOUND_ALLOWED_HOSTS: ' n8n.internal, 10.20.0.0/16,fd12::/16 ,192.168.1.5,' }).outbound).toEqual({
      allowedHosts: ['n8n.internal', '10.20.0.0/16', 'fd12::/16', '192.168.1.5'],
    });
    expect(() => loadConfig({ DATA_DIR, OUTBOUND_ALLOWED_HOSTS: 'http://n8n.internal' })).toThrow(/OUTBOUND_ALLOWED_HOSTS/);
    expect(() => loadConfig({ DATA_DIR, OUTBOUND_ALLOWED_HOSTS: '10.0.0.0/40' })).toThrow(/OUTBOUND_ALLOWED_HOSTS/);
  });
});
