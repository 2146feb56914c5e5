// Issue 34 point 4: the deploy files follow the tested path. No container engine runs here, so the
// files are held to the code and to each other: every variable they set is one the server reads
// (or one of the other images'), the image starts the production build, its healthcheck is a route
// the server serves, the ports agree, and the proxies' examples pass the upgrade and forwarded
// headers and are the only addresses TRUST_PROXY believes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, environmentVariableNames, loadConfig } from '../../src/config.ts';

const root = resolve(import.meta.dirname, '../../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const PRODUCTION_START = 'node apps/server/dist/main.js';
const APP_IMAGE = 'atende:latest';

type Service = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  expose?: string[];
  ports?: string[];
  healthcheck?: unknown;
  networks?: Record<string, { ipv4_address?: string } | null>;
};
type Compose = { services: Record<string, Service> };

const compose = parse(read('docker-compose.yml'), { merge: true }) as Compose;
const composeText = read('docker-compose.yml');
const dockerfile = read('Dockerfile');
const caddyfile = read('deploy/Caddyfile');
const nginx = read('deploy/nginx.conf');
const envExample = read('.env.example');
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
const serverVariables = new Set(environmentVariableNames);

// what the other images read, per service: a variable outside these is a typo or a leftover
const imageVariables: Record<string, string[]> = {
  postgres: ['POSTGRES_USER', 'POSTGRES_PASSWORD', 'POSTGRES_DB'],
  redis: [],
  minio: ['MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD'],
  // mc reads an alias's address and keys from MC_HOST_<alias>
  'minio-bucket': ['MC_HOST_atende'],
  // Caddy reads what its Caddyfile names as {$NAME}
  caddy: [...caddyfile.matchAll(/\{\$([A-Z0-9_]+)\}/g)].map((match) => match[1]),
};

const appServices = Object.entries(compose.services).filter(([, service]) => service.image === APP_IMAGE);
const otherServices = Object.entries(compose.services).filter(([, service]) => service.image !== APP_IMAGE);

// KEY=value lines of .env.example, those left commented out for the operator to fill in as well
const envExampleKeys = [...envExample.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
const envExampleSet = [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => ({ key: match[1], value: match[2] }));
// ${NAME} that compose fills in from .env
const interpolated = new Set([...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)(?::?-[^}]*)?\}/g)].map((match) => match[1]));

// the production secrets a config needs to load: only the setting under test varies
const productionConfig = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'a'.repeat(48),
    JWT_REFRESH_SECRET: 'b'.repeat(48),
    SECRETS_ENCRYPTION_KEY: 'c'.repeat(64),
    ...env,
  });

const dockerInstruction = (name: string) => {
  const lines = dockerfile.replace(/\\\n\s*/g, ' ').split('\n').filter((line) => line.startsWith(`${name} `));
  return lines.map((line) => line.slice(name.length + 1).trim());
};

describe('issue 34 point 4: deploy files that follow the tested path', () => {
  it('every variable docker-compose.yml sets is one the server reads (app services) or one of its image (others)', () => {
    expect(appServices.map(([name]) => name).sort()).toEqual(['migrate', 'web', 'worker']);
    for (const [name, service] of appServices) {
      const unread = Object.keys(service.environment ?? {}).filter((key) => !serverVariables.has(key));
      expect(unread, `${name} sets variables the server does not read`).toEqual([]);
    }
    for (const [name, service] of otherServices) {
      expect(Object.keys(imageVariables), `${name} is a service the test does not know`).toContain(name);
      expect(Object.keys(service.environment ?? {}).filter((key) => !imageVariables[name].includes(key)), name).toEqual([]);
    }
    // and every variable the Caddyfile names is given to Caddy
    expect(Object.keys(compose.services.caddy.environment ?? {}).sort()).toEqual([...imageVariables.caddy].sort());
  });

  it("each app service's settings (.env.example's lines, then the service's own, compose's ${NAME} filled in from .env.example) load as a production configuration", () => {
    const example = Object.fromEntries(envExampleSet.map(({ key, value }) => [key, value]));
    const realSecrets = { JWT_SECRET: 'a'.repeat(48), JWT_REFRESH_SECRET: 'b'.repeat(48), SECRETS_ENCRYPTION_KEY: 'c'.repeat(64) };
    for (const [name, service] of appServices) {
      const own = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value).replace(/\$\{([A-Z0-9_]+)\}/g, (_, variable: string) => example[variable] ?? '')]),
      );
      const config = productionConfig({ ...example, ...realSecrets, ...own });
      expect(config.trustProxy, name).toEqual([compose.services.caddy.networks?.default?.ipv4_address]);
      expect(config.storage.driver, name).toBe('s3');
      expect(config.databaseUrl, name).toMatch(/^postgres:\/\/atende:[^@]+@postgres:5432\/atende$/);
    }
  });

  it('every variable in .env.example is one the server reads or one compose passes to a service; everything compose fills in is there', () => {
    const unknown = envExampleKeys.filter((key) => !serverVariables.has(key) && !interpolated.has(key));
    expect(unknown).toEqual([]);
    const setKeys = new Set(envExampleSet.map(({ key }) => key));
    expect([...interpolated].filter((key) => !setKeys.has(key))).toEqual([]);
    // the placeholders of the secrets are refused, so no deployment runs on a published secret;
    // with real secrets in their place the values given load (a known zone, a valid level, …)
    const serverValues = Object.fromEntries(envExampleSet.filter(({ key }) => serverVariables.has(key)).map(({ key, value }) => [key, value]));
    const secrets = ['JWT_SECRET', 'JWT_REFRESH_SECRET', 'SECRETS_ENCRYPTION_KEY'];
    for (const secret of secrets) {
      expect(() => productionConfig({ [secret]: serverValues[secret] }), secret).toThrow(ConfigError);
    }
    const withoutSecrets = Object.fromEntries(Object.entries(serverValues).filter(([key]) => !secrets.includes(key)));
    expect(() => productionConfig(withoutSecrets)).not.toThrow();
  });

  it("the image runs the production start as a non-root user, from the build's file that package.json's scripts name", () => {
    const [cmd] = dockerInstruction('CMD').slice(-1);
    expect((JSON.parse(cmd) as string[]).join(' ')).toBe(PRODUCTION_START);
    expect(dockerInstruction('USER').at(-1)).not.toBe('root');
    expect(dockerInstruction('USER')).toHaveLength(1);
    expect(dockerInstruction('RUN')).toContain('npm run build');
    expect(dockerInstruction('RUN').some((line) => line.includes('npm ci --omit=dev'))).toBe(true);
    expect(Object.values(packageJson.scripts).some((script) => script.includes('apps/server/dist/main.js'))).toBe(true);
    // the compose's other commands run built entries too, each the build of a source entry
    for (const [name, service] of appServices) {
      const command = service.command?.join(' ') ?? PRODUCTION_START;
      const built = /^node (apps\/server)\/dist\/([a-z-]+)\.js$/.exec(command);
      expect(built, name).not.toBeNull();
      expect(existsSync(join(root, `${built?.[1]}/src/${built?.[2]}.ts`)), name).toBe(true);
    }
  });

  it("the other services' images are pinned: a release tag or a major version, never latest or none", () => {
    for (const [name, service] of otherServices) {
      const tag = /^[^:]+:(.+)$/.exec(service.image ?? '')?.[1];
      expect(tag, name).toBeDefined();
      expect(tag, name).not.toBe('latest');
    }
  });

  it('the healthcheck asks /ready, a route the server serves, on the port the server listens on', () => {
    const [healthcheck] = dockerInstruction('HEALTHCHECK');
    expect(healthcheck).toContain('/ready');
    expect(healthcheck).toContain('process.env.PORT');
    const routes = readdirSync(join(root, 'apps/server/src'), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.routes.ts'))
      .map((path) => read(join('apps/server/src', path)));
    expect(routes.some((source) => /app\.get\(\s*'\/ready'/.test(source))).toBe(true);
  });

  it("the ports agree: the server's default, the image's, compose's, Caddy's and nginx's upstreams", () => {
    const port = String(productionConfig({}).port);
    expect(dockerInstruction('EXPOSE')).toEqual([port]);
    expect(dockerfile).toMatch(new RegExp(`PORT=${port}\\b`));
    expect(compose.services.web.expose).toEqual([port]);
    expect(caddyfile).toMatch(new RegExp(`dynamic a web ${port}\\b`));
    expect(nginx).toMatch(new RegExp(`server 127\\.0\\.0\\.1:${port};`));
    // only Caddy is published
    expect(otherServices.filter(([, service]) => service.ports).map(([name]) => name)).toEqual(['caddy']);
    expect(appServices.filter(([, service]) => service.ports)).toEqual([]);
  });

  it('the systemd unit starts the same production start', () => {
    const unit = read('deploy/atende.service');
    const [execStart] = [...unit.matchAll(/^ExecStart=(.*)$/gm)].map((match) => match[1]);
    expect(execStart).toMatch(new RegExp(`^/usr/bin/${PRODUCTION_START.replace(/\./g, '\\.')}$`));
    expect(unit).toMatch(/^User=(?!root)\w+$/m);
  });

  it('nginx passes the WebSocket upgrade on /socket.io/, the X-Forwarded-* headers and bodies of the largest upload', () => {
    const socketBlock = /location \/socket\.io\/ \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(socketBlock).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(socketBlock).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    // a location's own proxy_set_header drops the server's: each block sets the forwarded ones
    for (const block of [nginx, socketBlock]) {
      expect(block).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
      expect(block).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
      expect(block).toMatch(/proxy_set_header X-Forwarded-Host \$host;/);
    }
    expect(nginx).toMatch(/client_max_body_size 2\d\dm;/);
  });

  it("TRUST_PROXY in the examples names the proxies' own addresses, never true or a hop count", () => {
    const caddyAddress = compose.services.caddy.networks?.default?.ipv4_address;
    for (const [name, service] of appServices) expect(service.environment?.TRUST_PROXY, name).toBe(caddyAddress);
    const examples = ['.env.example', 'docker-compose.yml', 'deploy/nginx.conf', 'deploy/atende.service', 'docs/deploy.md'].map(read).join('\n');
    const values = [...examples.matchAll(/TRUST_PROXY[=:] ?([^\s`'"]+)/g)].map((match) => match[1]);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(productionConfig({ TRUST_PROXY: value }).trustProxy, value).toBeInstanceOf(Array);
  });

  it('the backup and restore commands are scripts of package.json, run from sources the image carries, with the PostgreSQL client installed', () => {
    for (const script of ['backup', 'restore']) {
      const entry = /tsx (\S+)/.exec(packageJson.scripts[script])?.[1];
      expect(entry && existsSync(join(root, entry)), script).toBe(true);
      expect(entry).toMatch(/^apps\/server\/src\//);
    }
    expect(dockerInstruction('COPY')).toContain('apps/server/src apps/server/src');
    expect(dockerfile).toMatch(/apt-get install[^\n]* postgresql-client/);
    const ignored = read('.dockerignore').split('\n');
    for (const path of ['.env', '**/node_modules', 'data', '.git']) expect(ignored).toContain(path);
  });
});
