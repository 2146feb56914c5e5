// What the processes of one cluster test share: a database copied from the run's template, and
// the settings of one deployment (a Redis stream and key prefix of its own, so test files never
// hear each other; its secrets; the super admin the template was seeded with).
import { randomBytes, randomUUID } from 'node:crypto';
import { onServer, SUPER_EMAIL, SUPER_PASSWORD, uniqueDatabaseName, withDatabaseName } from '../../helpers/database-template.ts';

export const databaseFromTemplate = async (template: { serverUrl: string; name: string }, prefix: string) => {
  const name = uniqueDatabaseName(prefix);
  await onServer(template.serverUrl, `create database ${name} template ${template.name}`);
  return { name, url: withDatabaseName(template.serverUrl, name) };
};

export const deploymentEnv = (label: string) => {
  const deployment = randomUUID();
  return {
    REDIS_URL: process.env.TEST_REDIS_URL!,
    REDIS_STREAM_NAME: `socket.io-${label}-${deployment}`,
    REDIS_KEY_PREFIX: `atende-${label}-${deployment}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: SUPER_EMAIL,
    ADMIN_PASSWORD: SUPER_PASSWORD,
    RATE_LIMIT_MAX: '100000',
  };
};
