import type { ConnectionView } from '@atende/shared/connections';

// The buttons of the session column (02-operations §4 Connection status table). Only WhatsApp
// Web sessions have a QR code and session commands; a Meta connection that lost its access can
// only be reconnected from the add menu.
export type SessionButton = 'qrcode' | 'tryAgain' | 'newQr' | 'connecting' | 'disconnect' | 'reconnectHint';

export const sessionButtonsFor = (connection: Pick<ConnectionView, 'channel' | 'status'> & Partial<Pick<ConnectionView, 'statusReason'>>): SessionButton[] => {
  if (connection.channel !== 'whatsapp') {
    return connection.channel !== 'sandbox' && connection.status === 'DISCONNECTED' ? ['reconnectHint'] : [];
  }
  switch (connection.status) {
    case 'qrcode':
      return ['qrcode'];
    case 'DISCONNECTED':
      return ['tryAgain', 'newQr'];
    case 'OPENING':
      // a linked session that keeps failing retries alone, slowly: try again does it now
      return connection.statusReason ? ['connecting', 'tryAgain'] : ['connecting'];
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    default:
      return [];
  }
};

// 02-operations §4 Message import: statusImportMessages holds the import's start (epoch ms) while
// it runs, and renderButtonCloseTickets once it ended with the imported tickets left open.
export const CLOSE_IMPORTED_STATUS = 'renderButtonCloseTickets';
export const IMPORT_PREPARING_MS = 35_000;

export type ImportState = 'closeTickets' | 'preparing' | 'running' | 'none';

export const importStateOf = (statusImportMessages: string | null, now: number): ImportState => {
  if (!statusImportMessages) return 'none';
  if (statusImportMessages === CLOSE_IMPORTED_STATUS) return 'closeTickets';
  const startedAt = Number(statusImportMessages);
  if (!Number.isFinite(startedAt)) return 'none';
  return now - startedAt < IMPORT_PREPARING_MS ? 'preparing' : 'running';
};

export type ImportProgress = { this: number; all: number; date: string };

// "processed of total" with the date reached and the percent; null while the import prepares
export const importProgressParts = (progress: ImportProgress) => {
  if (progress.this < 0 || progress.all <= 0) return null;
  const date = new Date(progress.date);
  return {
    processed: progress.this,
    total: progress.all,
    percent: Math.min(100, Math.round((progress.this / progress.all) * 100)),
    date: Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(),
  };
};
