import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const secret = 'x'.repeat(40);

describe('configuration (ARCHITECTURE §4 Configuration)', () => {
  it('production refuses to start without both JWT secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(/JWT_REFRESH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', JWT_REFRESH_SECRET: secret })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, JWT_REFRESH_SECRET: secret.replace(/x/g, 'y') }).jwtSecret).toBe(secret);
  });

  it('development generates secrets once and keeps them under the data folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atende-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toHaveLength(96);
    expect(first.jwtSecret).not.toBe(first.jwtRefreshSecret);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).jwtSecret).toBe(first.jwtSecret);
  });

  it('defaults to port 8080 and PGlite (no DATABASE_URL); rejects a bad PORT', () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'atende-config-')) });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
