// Connection rows as the API answers them and events carry them: with their queues, without
// provider credentials, and with the external API token only for those who manage connections.
import type { AllConnectionsAnswer, CompanyConnectionsRow } from '@atende/shared/companies';
import type { ConnectionView } from '@atende/shared/connections';
import { can, type Actor } from '@atende/shared/permissions';
import type { ConnectionRow, listConnectionsOfEveryCompany, queuesOfConnections } from './connections.repo.ts';

// The token lets POST /api/messages/send act as the company (any user, any ticket), and whoever
// scans the QR code links their phone as the connection, so both go only to users who may manage
// connections.
export const TOKEN_READERS = 'connections:view';

export const withoutToken = ({ token: _token, ...view }: ConnectionView): ConnectionView => ({ ...view, qrcode: '' });

export const forViewer = (actor: Actor, view: ConnectionView) => (can(actor, TOKEN_READERS) ? view : withoutToken(view));

// Import dates are whole days (02-operations §5 Import dates), kept as UTC instants: the old day
// from its first moment, the recent day up to its last, so that day's messages are imported too.
export const importInstant = (day: string | null, end: 'start' | 'end') =>
  day ? new Date(`${day.slice(0, 10)}T${end === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`) : null;

export const dayOfImport = (instant: Date | null) => instant?.toISOString().slice(0, 10) ?? null;

export const toConnectionViews = (rows: ConnectionRow[], queueRows: Awaited<ReturnType<typeof queuesOfConnections>>): ConnectionView[] =>
  rows.map(({ channelConfig: _secret, externalId: _account, createdAt: _created, ...row }) => ({
    ...row,
    importOldMessages: dayOfImport(row.importOldMessages),
    importRecentMessages: dayOfImport(row.importRecentMessages),
    updatedAt: row.updatedAt.toISOString(),
    queues: queueRows.filter((queue) => queue.connectionId === row.id).map(({ id, name, color }) => ({ id, name, color })),
  }));

// 02-operations §2 /allConnections: per company its connections, connected and not, and the totals.
// Every status but CONNECTED (a QR code waiting, a session opening) counts as disconnected, so the
// two counts add up to the total.
export const toAllConnections = (rows: Awaited<ReturnType<typeof listConnectionsOfEveryCompany>>): AllConnectionsAnswer => {
  const byCompany = new Map<number, CompanyConnectionsRow>();
  for (const row of rows) {
    let company = byCompany.get(row.companyId);
    if (!company) {
      company = { id: row.companyId, name: row.companyName, connected: 0, disconnected: 0, total: 0, whatsapps: [] };
      byCompany.set(row.companyId, company);
    }
    if (row.id === null) continue;
    company.total += 1;
    if (row.status === 'CONNECTED') company.connected += 1;
    else company.disconnected += 1;
    company.whatsapps.push({ id: row.id, name: row.name ?? '', channel: row.channel ?? '', status: row.status ?? '', updatedAt: row.updatedAt?.toISOString() ?? '' });
  }
  const companies = [...byCompany.values()];
  const sum = (field: 'connected' | 'disconnected' | 'total') => companies.reduce((total, company) => total + company[field], 0);
  return { companies, totals: { connected: sum('connected'), disconnected: sum('disconnected'), total: sum('total') } };
};
