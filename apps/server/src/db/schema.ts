export * from './schema/plans.ts';
export * from './schema/companies.ts';
export * from './schema/queues.ts';
export * from './schema/connections.ts';
export * from './schema/users.ts';
export * from './schema/sessions.ts';
export * from './schema/settings.ts';
