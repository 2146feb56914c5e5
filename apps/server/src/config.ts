// Every environment variable the server reads, parsed once. The README lists them all.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_STREAM_NAME: z.string().min(1).max(100).default('socket.io'),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_REFRESH_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  ADMIN_EMAIL: z.string().email().default('admin@admin.com'),
  ADMIN_PASSWORD: z.string().min(5).optional(),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  META_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v20.0'),
  META_APP_ID: z.string().min(1).max(100).optional(),
  META_APP_SECRET: z.string().min(1).max(200).optional(),
  META_VERIFY_TOKEN: z.string().min(1).max(200).optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // IANA zone in which service hours, vacations and the {{hour}}/{{ms}} placeholders are read
  TIMEZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'unknown time zone')
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  publicDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisStreamName: string;
  jwtSecret: string;
  jwtRefreshSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  adminEmail: string;
  adminPassword?: string;
  loginThrottle: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowSeconds: number };
  webDistDir: string;
  trustProxy: boolean;
  logLevel: string;
  // Meta's Graph API (WhatsApp Cloud API, Messenger, Instagram): one app for the deployment
  meta: { graphUrl: string; appId?: string; appSecret?: string; verifyToken?: string };
  // the address Meta fetches this server's /public files from (Messenger and Instagram attachments)
  publicUrl?: string;
  timeZone: string;
};

type Secrets = { jwtSecret: string; jwtRefreshSecret: string };

// Development keeps generated secrets under the data folder so tokens survive a restart.
const developmentSecrets = (dataDir: string): Secrets => {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const secrets = { jwtSecret: randomBytes(48).toString('hex'), jwtRefreshSecret: randomBytes(48).toString('hex') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
};

export class ConfigError extends Error {}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${fields}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  let secrets: Secrets;
  if (e.JWT_SECRET && e.JWT_REFRESH_SECRET) {
    secrets = { jwtSecret: e.JWT_SECRET, jwtRefreshSecret: e.JWT_REFRESH_SECRET };
  } else if (e.NODE_ENV === 'production') {
    throw new ConfigError('JWT_SECRET and JWT_REFRESH_SECRET (at least 32 characters each) are required in production');
  } else {
    secrets = developmentSecrets(dataDir);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicDir: join(dataDir, 'public'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisStreamName: e.REDIS_STREAM_NAME,
    ...secrets,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    loginThrottle: {
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_THROTTLE_WINDOW_SECONDS,
    },
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    meta: { graphUrl: e.META_GRAPH_URL.replace(/\/+$/, ''), appId: e.META_APP_ID, appSecret: e.META_APP_SECRET, verifyToken: e.META_VERIFY_TOKEN },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    timeZone: e.TIMEZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
};
