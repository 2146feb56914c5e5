// Every environment variable the server reads, parsed once. The README lists them all.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { LoginLimits } from './platform/login-attempts.ts';
import type { MailAddress, MailConfig } from './platform/mail/mailer.ts';
import type { PasswordResetLimits } from './modules/auth/password-reset.service.ts';
import type { PdfLimits } from './modules/knowledge/knowledge-documents.ts';
import { isAllowanceEntry } from './platform/outbound-http.ts';
import type { StorageConfig } from './platform/storage.ts';

// Which proxies' X-Forwarded-For Fastify believes: none, a number of hops (counted from this
// server), or the proxies' addresses. Trusting every hop would let a client pick its own address.
export type TrustProxy = false | number | string[];

// Fastify takes addresses as they are; it ignores a bare hop count (it cannot tell the proxy from
// a client that reached this server directly), so hops become a function of the hop index: the
// peer is hop 0, then X-Forwarded-For from its last entry. A hop count is only safe when nothing
// but the proxy can reach this server; the README says so.
export const fastifyTrustProxy = (setting: TrustProxy) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

// an origin as a browser sends it: scheme, host and port, nothing after
const isOrigin = (entry: string) => URL.canParse(entry) && new URL(entry).origin === entry;

// proxy-addr's names for address ranges, accepted as Fastify accepts them
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string) => {
  if (namedRanges.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

const trustProxySetting = z
  .string()
  .trim()
  .default('false')
  .transform((value, context): TrustProxy => {
    if (value === 'false' || value === '' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({ code: 'custom', message: 'expected false, true, a number of hops, or comma-separated proxy addresses or CIDRs' });
    return z.NEVER;
  });

// "Name <address>" or a bare address: the sender of every mail
const mailSender = z
  .string()
  .trim()
  .transform((value, context): MailAddress => {
    const named = /^(.*?)\s*<([^<>]+)>$/.exec(value);
    const [name, address] = named ? [named[1].replace(/^"|"$/g, '').trim(), named[2].trim()] : ['', value];
    if (z.email().safeParse(address).success) return name ? { address, name } : { address };
    context.addIssue({ code: 'custom', message: 'expected an email address, or a name and an address as "Name <address>"' });
    return z.NEVER;
  });
const flag = (fallback: 'true' | 'false') => z.enum(['true', 'false']).default(fallback).transform((value) => value === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_STREAM_NAME: z.string().min(1).max(100).default('socket.io'),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('atende:'),
  // what this process does: web (HTTP and sockets), worker (jobs and WhatsApp sessions) or both
  PROCESS_ROLE: z.enum(['web', 'worker', 'both']).default('both'),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_REFRESH_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  ADMIN_EMAIL: z.string().email().default('admin@admin.com'),
  ADMIN_PASSWORD: z.string().min(5).optional(),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP_AND_EMAIL: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_ACCOUNTS_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1000),
  RATE_LIMIT_REFRESH_MAX: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_MESSAGES_API_MAX: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_SIGNUP_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_API_KEY_MAX: z.coerce.number().int().positive().default(600),
  // issue 37 point 3: the origins whose pages may call the API with a key; none by default
  API_CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((entry) => entry.trim().replace(/\/+$/, '')).filter(Boolean))
    .refine((origins) => origins.every(isOrigin), 'expected comma-separated origins such as https://crm.example.com'),
  SIGNUP_TRIAL_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  METRICS_TOKEN: z.string().min(16).max(200).optional(),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: trustProxySetting,
  META_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v20.0'),
  META_APP_ID: z.string().min(1).max(100).optional(),
  META_APP_SECRET: z.string().min(1).max(200).optional(),
  META_VERIFY_TOKEN: z.string().min(1).max(200).optional(),
  // the Telegram Bot API (issue 41 point 3); tests point it at a fake server
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  // the email channel's inbound SMTP receiver (issue 41 point 2, docs/email.md): unset port, off
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().trim().min(1).max(255).default('0.0.0.0'),
  INBOUND_EMAIL_DOMAIN: z.string().trim().toLowerCase().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/).optional(),
  INBOUND_EMAIL_MAX_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(25 * 1024 * 1024),
  PUBLIC_URL: z.string().url().optional(),
  // transactional email (issue 38 point 1, docs/security.md "Email"): unset SMTP_HOST, email is off
  SMTP_HOST: z.string().trim().min(1).max(255).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_SECURE: flag('false'),
  SMTP_REQUIRE_TLS: flag('false'),
  SMTP_TLS_REJECT_UNAUTHORIZED: flag('true'),
  SMTP_USER: z.string().min(1).max(500).optional(),
  SMTP_PASSWORD: z.string().min(1).max(500).optional(),
  SMTP_FROM: mailSender.optional(),
  SMTP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  PASSWORD_RESET_MAX_PER_EMAIL: z.coerce.number().int().positive().default(3),
  PASSWORD_RESET_MAX_PER_IP: z.coerce.number().int().positive().default(10),
  PASSWORD_RESET_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  INBOUND_LANES: z.coerce.number().int().min(1).max(20).default(1),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(8),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  JOBS_RETENTION_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(72),
  JOBS_SHUTDOWN_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
  WHATSAPP_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(20),
  FFMPEG_PATH: z.string().min(1).optional(),
  // where uploaded files are kept: the local DATA_DIR/public folder, or an S3-compatible bucket
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).max(100).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(500).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  PIX_BASE_URL: z.string().url().default('https://pix.api.efipay.com.br'),
  PIX_CLIENT_ID: z.string().min(1).max(500).optional(),
  PIX_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  PIX_KEY: z.string().min(1).max(100).optional(),
  PIX_WEBHOOK_SECRET: z.string().min(16).max(200).optional(),
  PIX_CHARGE_EXPIRATION_SECONDS: z.coerce.number().int().min(60).max(30 * 24 * 3600).default(3600),
  PIX_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  INVOICE_DAYS_BEFORE_DUE: z.coerce.number().int().min(0).max(60).default(10),
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  AUDIT_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  // whole months, the current one included; 13 keeps the current month and the twelve before
  AI_CALLS_RETENTION_MONTHS: z.coerce.number().int().min(13).max(1200).default(13),
  // 32 bytes, hex or base64: encrypts the keys companies store (AI prompts' apiKey and voiceKey)
  SECRETS_ENCRYPTION_KEY: z.string().min(32).optional(),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().min(1).max(100).default('gpt-4o-mini'),
  OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).max(100).default('whisper-1'),
  OPENAI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  // how long reading one PDF for the knowledge may take, and the heap its reader may grow to
  KNOWLEDGE_PDF_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  KNOWLEDGE_PDF_MEMORY_MB: z.coerce.number().int().min(64).max(8192).default(256),
  // {region} is replaced by the prompt's voiceRegion
  AZURE_SPEECH_URL: z.string().min(1).default('https://{region}.tts.speech.microsoft.com'),
  // Dialogflow ES's REST API, reached by dialogflow queue integrations
  DIALOGFLOW_URL: z.string().url().default('https://dialogflow.googleapis.com'),
  // how long one call to a queue integration (typebot, n8n, webhook, Dialogflow) may take
  INTEGRATIONS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  // hostnames, addresses and CIDRs on the operator's network that company-typed URLs may reach
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
    .refine((entries) => entries.every(isAllowanceEntry), 'expected comma-separated hostnames, IP addresses or CIDRs'),
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

// The names of the variables above: the deploy files (docker-compose.yml, .env.example) may set
// only these, and a test holds them to it.
export const environmentVariableNames = Object.keys(envSchema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  publicDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisStreamName: string;
  // prefix of the keys this server keeps in Redis (shared request and sign-in counters)
  redisKeyPrefix: string;
  // web: HTTP and Socket.IO, no job handlers, no WhatsApp sessions; worker: the job runner and the
  // WhatsApp sessions, and only /health, /ready and /metrics over HTTP; both (docs/operations.md)
  processRole: ProcessRole;
  jwtSecret: string;
  jwtRefreshSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  adminEmail: string;
  adminPassword?: string;
  // failed sign-ins (platform/login-attempts.ts): past maxFailuresPerEmail each failure delays the
  // email's next attempt longer (up to maxDelaySeconds); past maxFailuresPerIpAndEmail failures of
  // one email, or maxAccountsPerIp emails failed, from one address, that address waits for the
  // window's end unless its browser signed that email in before
  loginThrottle: LoginLimits;
  // requests per window: per client address by default and on the token refresh, per connection
  // token on the external messages API, per client address on the public sign-up, per API key on
  // the calls made with one (besides its address's)
  rateLimit: { windowSeconds: number; maxPerIp: number; refreshMaxPerIp: number; messagesApiMaxPerToken: number; signupMaxPerIp: number; apiKeyMax: number };
  // the origins whose pages may call the API with a key (issue 37 point 3); empty: no CORS
  apiCorsOrigins: string[];
  // a signed-up company's due date is this many days after the sign-up (03-saas §2 Sign-up page)
  signupTrialDays: number;
  // bearer token that opens /metrics to addresses other than loopback
  metricsToken?: string;
  webDistDir: string;
  trustProxy: TrustProxy;
  logLevel: string;
  // Meta's Graph API (WhatsApp Cloud API, Messenger, Instagram): one app for the deployment
  meta: { graphUrl: string; appId?: string; appSecret?: string; verifyToken?: string };
  // the Telegram Bot API that telegram connections call (bots' methods and files)
  telegram: { apiUrl: string };
  // the email channel's SMTP receiver of forwarded mail; domain: the forwarding addresses' domain
  inboundEmail: { port?: number; host: string; domain?: string; maxBytes: number };
  // the address Meta fetches this server's /public files from (Messenger and Instagram attachments)
  publicUrl?: string;
  // how mail leaves (platform/mail/mailer.ts): SMTP, the log (development without SMTP) or not at all
  mail: MailConfig;
  // "forgot password" requests per window per email and per client address, and the reset links
  // that may fail per address (issue 38 point 2)
  passwordReset: PasswordResetLimits;
  timeZone: string;
  // transactions of the inbound group commit that run at once on a PostgreSQL server (PGlite: one)
  inboundLanes: number;
  // the background job runner (platform/jobs)
  // (leaseSeconds: how long a claimed job stays another process's after its process died)
  jobs: { concurrency: number; pollMs: number; retentionHours: number; shutdownMs: number; leaseSeconds: number };
  // how long a WhatsApp session stays a dead process's before another adopts it
  whatsappLeaseSeconds: number;
  // the ffmpeg that converts voice notes; unset, the system's or the bundled one (platform/ffmpeg.ts)
  ffmpegPath?: string;
  // where uploaded files are kept (platform/storage.ts)
  storage: StorageConfig;
  // the Pix provider (Efí) the checkout charges through, and the secret its webhook URL carries
  pix: {
    baseUrl: string;
    clientId?: string;
    clientSecret?: string;
    key?: string;
    webhookSecret?: string;
    chargeExpirationSeconds: number;
    timeoutMs: number;
  };
  // how many days before a company's due date its invoice is generated
  invoiceDaysBeforeDue: number;
  // delivered and failed webhook deliveries are deleted this many days after they were made
  webhookDeliveryRetentionDays: number;
  // audit log entries are deleted this many days after they were recorded (issue 38 point 6)
  auditLogRetentionDays: number;
  // the copilot's calls are kept this many whole UTC months, the current one included (at least 13)
  aiCallsRetentionMonths: number;
  // the AES-256-GCM key of the keys companies store (platform/secret-box.ts)
  secretsKey: Buffer;
  // the OpenAI-compatible API of AI prompts (chat completions, transcriptions) and Azure Speech
  ai: { baseUrl: string; model: string; transcriptionModel: string; timeoutMs: number; speechUrl: string };
  // the limits of the process that reads a PDF taken into the knowledge (modules/knowledge)
  knowledgePdf: PdfLimits;
  // the services queue integrations call (typebot, n8n and webhook URLs are each integration's own)
  integrations: { dialogflowUrl: string; timeoutMs: number };
  // what addresses a company typed may reach besides the public internet (platform/outbound-http.ts)
  outbound: { allowedHosts: string[] };
};

type Secrets = { jwtSecret: string; jwtRefreshSecret: string; secretsKey: string };

// Development keeps generated secrets under the data folder so tokens survive a restart and stored
// keys stay readable; a file written before a secret existed gets it added.
const developmentSecrets = (dataDir: string): Secrets => {
  const file = join(dataDir, 'secrets.json');
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>) : {};
  const secrets = {
    jwtSecret: kept.jwtSecret ?? randomBytes(48).toString('hex'),
    jwtRefreshSecret: kept.jwtRefreshSecret ?? randomBytes(48).toString('hex'),
    secretsKey: kept.secretsKey ?? randomBytes(32).toString('hex'),
  };
  if (kept.jwtSecret && kept.jwtRefreshSecret && kept.secretsKey) return secrets;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
};

// 64 hex digits or the base64 of 32 bytes
const encryptionKeyOf = (text: string) => {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new ConfigError('SECRETS_ENCRYPTION_KEY must be 32 bytes, written as 64 hex digits or base64');
  return key;
};

export class ConfigError extends Error {}

// The links of a mail lead to PUBLIC_URL. Without it, development and tests link to this server's
// own port; production refuses to start, since a link built from a request's Host header would let
// whoever asks for a reset choose where its token goes.
const mailConfigOf = (e: z.infer<typeof envSchema>): MailConfig => {
  const host = ['0.0.0.0', '::', ''].includes(e.HOST) ? 'localhost' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  const linkBase = e.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://${host}:${e.PORT}`;
  if (!e.SMTP_HOST) {
    return e.NODE_ENV === 'development' ? { transport: 'log', from: e.SMTP_FROM ?? { address: 'no-reply@localhost' }, linkBase } : { transport: 'off' };
  }
  if (!e.SMTP_FROM) throw new ConfigError('SMTP_FROM (the sender address of every mail) is required when SMTP_HOST is set');
  if (Boolean(e.SMTP_USER) !== Boolean(e.SMTP_PASSWORD)) throw new ConfigError('SMTP_USER and SMTP_PASSWORD go together');
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) throw new ConfigError('PUBLIC_URL (the address of the links in mails) is required when SMTP_HOST is set in production');
  return {
    transport: 'smtp',
    smtp: {
      host: e.SMTP_HOST,
      port: e.SMTP_PORT ?? (e.SMTP_SECURE ? 465 : 587),
      secure: e.SMTP_SECURE,
      requireTls: e.SMTP_REQUIRE_TLS,
      rejectUnauthorized: e.SMTP_TLS_REJECT_UNAUTHORIZED,
      user: e.SMTP_USER,
      password: e.SMTP_PASSWORD,
      timeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
    },
    from: e.SMTP_FROM,
    linkBase,
  };
};

export type ProcessRole = 'web' | 'worker' | 'both';

// What the migrate command (src/migrate.ts) needs: the database, and nothing that a start needs
// (secrets, the admin), so it can run as a deployment step of its own.
export const loadDatabaseSettings = (env: NodeJS.ProcessEnv = process.env) => {
  const parsed = envSchema.pick({ DATABASE_URL: true, DATA_DIR: true }).safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  return { databaseUrl: parsed.data.DATABASE_URL, dataDir: resolve(parsed.data.DATA_DIR) };
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${fields}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  // a process of one role needs the others: they meet in the database (jobs, leases) and in Redis
  // (a worker's events reach the web processes' sockets through the Socket.IO adapter)
  if (e.PROCESS_ROLE !== 'both' && !(e.DATABASE_URL && e.REDIS_URL)) {
    throw new ConfigError(`PROCESS_ROLE=${e.PROCESS_ROLE} needs DATABASE_URL (a PostgreSQL server) and REDIS_URL, which the web and worker processes share`);
  }
  let secrets: Secrets;
  if (e.JWT_SECRET && e.JWT_REFRESH_SECRET && e.SECRETS_ENCRYPTION_KEY) {
    secrets = { jwtSecret: e.JWT_SECRET, jwtRefreshSecret: e.JWT_REFRESH_SECRET, secretsKey: e.SECRETS_ENCRYPTION_KEY };
  } else if (e.NODE_ENV === 'production') {
    throw new ConfigError('JWT_SECRET, JWT_REFRESH_SECRET (at least 32 characters each) and SECRETS_ENCRYPTION_KEY are required in production');
  } else {
    const generated = developmentSecrets(dataDir);
    secrets = {
      jwtSecret: e.JWT_SECRET ?? generated.jwtSecret,
      jwtRefreshSecret: e.JWT_REFRESH_SECRET ?? generated.jwtRefreshSecret,
      secretsKey: e.SECRETS_ENCRYPTION_KEY ?? generated.secretsKey,
    };
  }
  // one leaked secret must not sign both the short-lived access tokens and the long-lived refresh tokens
  if (e.NODE_ENV === 'production' && secrets.jwtSecret === secrets.jwtRefreshSecret) {
    throw new ConfigError('JWT_SECRET and JWT_REFRESH_SECRET must be different secrets in production');
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) throw new ConfigError('S3_BUCKET is required when STORAGE_DRIVER is s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const storage: StorageConfig =
    e.STORAGE_DRIVER === 's3' && e.S3_BUCKET
      ? {
          driver: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : { driver: 'local' };
  const { secretsKey, ...jwtSecrets } = secrets;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicDir: join(dataDir, 'public'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisStreamName: e.REDIS_STREAM_NAME,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    processRole: e.PROCESS_ROLE,
    ...jwtSecrets,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    loginThrottle: {
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIpAndEmail: e.LOGIN_MAX_FAILURES_PER_IP_AND_EMAIL,
      maxAccountsPerIp: e.LOGIN_MAX_ACCOUNTS_PER_IP,
      windowSeconds: e.LOGIN_THROTTLE_WINDOW_SECONDS,
      maxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
    },
    rateLimit: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      maxPerIp: e.RATE_LIMIT_MAX,
      refreshMaxPerIp: e.RATE_LIMIT_REFRESH_MAX,
      messagesApiMaxPerToken: e.RATE_LIMIT_MESSAGES_API_MAX,
      signupMaxPerIp: e.RATE_LIMIT_SIGNUP_MAX,
      apiKeyMax: e.RATE_LIMIT_API_KEY_MAX,
    },
    apiCorsOrigins: e.API_CORS_ORIGINS,
    signupTrialDays: e.SIGNUP_TRIAL_DAYS,
    metricsToken: e.METRICS_TOKEN,
    // from src/config.ts and from the built dist/main.js alike (both one folder under apps/server)
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    meta: { graphUrl: e.META_GRAPH_URL.replace(/\/+$/, ''), appId: e.META_APP_ID, appSecret: e.META_APP_SECRET, verifyToken: e.META_VERIFY_TOKEN },
    telegram: { apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, '') },
    inboundEmail: { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST, domain: e.INBOUND_EMAIL_DOMAIN, maxBytes: e.INBOUND_EMAIL_MAX_BYTES },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    mail: mailConfigOf(e),
    passwordReset: { maxPerEmail: e.PASSWORD_RESET_MAX_PER_EMAIL, maxPerIp: e.PASSWORD_RESET_MAX_PER_IP, windowSeconds: e.PASSWORD_RESET_WINDOW_SECONDS },
    pix: {
      baseUrl: e.PIX_BASE_URL.replace(/\/+$/, ''),
      clientId: e.PIX_CLIENT_ID,
      clientSecret: e.PIX_CLIENT_SECRET,
      key: e.PIX_KEY,
      webhookSecret: e.PIX_WEBHOOK_SECRET,
      chargeExpirationSeconds: e.PIX_CHARGE_EXPIRATION_SECONDS,
      timeoutMs: e.PIX_TIMEOUT_MS,
    },
    invoiceDaysBeforeDue: e.INVOICE_DAYS_BEFORE_DUE,
    webhookDeliveryRetentionDays: e.WEBHOOK_DELIVERY_RETENTION_DAYS,
    auditLogRetentionDays: e.AUDIT_LOG_RETENTION_DAYS,
    aiCallsRetentionMonths: e.AI_CALLS_RETENTION_MONTHS,
    timeZone: e.TIMEZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    inboundLanes: e.INBOUND_LANES,
    jobs: {
      concurrency: e.JOBS_CONCURRENCY,
      pollMs: e.JOBS_POLL_MS,
      retentionHours: e.JOBS_RETENTION_HOURS,
      shutdownMs: e.JOBS_SHUTDOWN_SECONDS * 1000,
      leaseSeconds: e.JOBS_LEASE_SECONDS,
    },
    whatsappLeaseSeconds: e.WHATSAPP_LEASE_SECONDS,
    ffmpegPath: e.FFMPEG_PATH,
    storage,
    secretsKey: encryptionKeyOf(secretsKey),
    ai: {
      baseUrl: e.OPENAI_BASE_URL.replace(/\/+$/, ''),
      model: e.OPENAI_MODEL,
      transcriptionModel: e.OPENAI_TRANSCRIPTION_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_SECONDS * 1000,
      speechUrl: e.AZURE_SPEECH_URL.replace(/\/+$/, ''),
    },
    knowledgePdf: { timeoutMs: e.KNOWLEDGE_PDF_TIMEOUT_SECONDS * 1000, memoryMb: e.KNOWLEDGE_PDF_MEMORY_MB },
    integrations: { dialogflowUrl: e.DIALOGFLOW_URL.replace(/\/+$/, ''), timeoutMs: e.INTEGRATIONS_TIMEOUT_SECONDS * 1000 },
    outbound: { allowedHosts: e.OUTBOUND_ALLOWED_HOSTS },
  };
};
