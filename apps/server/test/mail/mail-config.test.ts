// issue 38 point 1: the operator's SMTP settings, read strictly at start.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), JWT_REFRESH_SECRET: 'y'.repeat(40), SECRETS_ENCRYPTION_KEY: 'ab'.repeat(32) };
const development = () => ({ NODE_ENV: 'development', DATA_DIR: mkdtempSync(join(tmpdir(), 'atende-mail-config-')) });
const smtp = { SMTP_HOST: 'smtp.example.test', SMTP_FROM: 'Atende <no-reply@example.test>' };

describe('SMTP configuration (issue 38 point 1)', () => {
  it('issue 38 point 1: SMTP_* become the transport, "Name <address>" the sender, 587 or 465 the port', () => {
    const config = loadConfig({ ...production, ...smtp, PUBLIC_URL: 'https://crm.example.test/', SMTP_USER: 'mailer', SMTP_PASSWORD: 'secret' });
    expect(config.mail).toEqual({
      transport: 'smtp',
      smtp: { host: 'smtp.example.test', port: 587, secure: false, requireTls: false, rejectUnauthorized: true, user: 'mailer', password: 'secret', timeoutMs: 20_000 },
      from: { name: 'Atende', address: 'no-reply@example.test' },
      linkBase: 'https://crm.example.test',
    });
    const secure = loadConfig({ ...production, ...smtp, PUBLIC_URL: 'https://crm.example.test', SMTP_SECURE: 'true', SMTP_FROM: 'no-reply@example.test' });
    expect(secure.mail).toMatchObject({ smtp: { port: 465, secure: true }, from: { address: 'no-reply@example.test' } });
  });

  it('issue 38 point 1: a bad sender, a user without a password or production without PUBLIC_URL refuses to start', () => {
    expect(() => loadConfig({ ...production, SMTP_HOST: 'smtp.example.test', PUBLIC_URL: 'https://crm.example.test' })).toThrow(/SMTP_FROM/);
    expect(() => loadConfig({ ...production, ...smtp, SMTP_FROM: 'Atende <not an address>', PUBLIC_URL: 'https://crm.example.test' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, ...smtp, SMTP_USER: 'mailer', PUBLIC_URL: 'https://crm.example.test' })).toThrow(/SMTP_USER and SMTP_PASSWORD/);
    expect(() => loadConfig({ ...production, ...smtp })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...production, ...smtp, PUBLIC_URL: 'https://crm.example.test', SMTP_SECURE: 'yes' })).toThrow(ConfigError);
  });

  it("issue 38 point 1: without SMTP, development prints mails to the log with links to its own port; production and tests send none", () => {
    expect(loadConfig({ ...development(), PORT: '3000' }).mail).toEqual({ transport: 'log', from: { address: 'no-reply@localhost' }, linkBase: 'http://localhost:3000' });
    expect(loadConfig({ ...development(), HOST: '127.0.0.1', PORT: '3000' }).mail).toMatchObject({ linkBase: 'http://127.0.0.1:3000' });
    expect(loadConfig(production).mail).toEqual({ transport: 'off' });
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'atende-mail-config-')) }).mail).toEqual({ transport: 'off' });
  });
});
