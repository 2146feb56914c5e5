// Business constants of 01-core §9 and 03-saas §9.
export const FRONTEND_VERSION = '2.0.4-v3';
export const NEVER_EXPIRES_DUE_DATE = '2999-12-31';
export const PLATFORM_COMPANY_ID = 1;
export const DUE_WARNING_DAYS = 5;

export const TOAST_AUTO_CLOSE_MS = 3000;
export const LOGIN_TOAST_AUTO_CLOSE_MS = 2000;
export const SEARCH_DEBOUNCE_MS = 500;
export const FORM_SUBMIT_DELAY_MS = 400;
export const STATUS_PING_MS = 300_000;
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const FORCED_LOGOUT_RELOAD_MS = 1000;

export const DRAWER_WIDTH = 240;
export const MOBILE_BREAKPOINT = 600;
export const TICKETS_MANAGER_WIDTH = { min: 404, max: 700, default: 550 } as const;

export const VOLUME = { min: 0, max: 1, step: 0.1, default: 1 } as const;
export const AVATAR_MAX_DIMENSION = 240;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

// 01-core §4 Messages, §9: recordings under this size are discarded; WhatsApp gets mp3 at this rate.
export const RECORDING_MIN_BYTES = 10_000;
export const RECORDING_MP3_KBPS = 128;

// 01-core §9 PDF export of a chat.
export const PDF_EXPORT = { format: 'a4', orientation: 'portrait', marginMm: 10, jpegQuality: 0.98, scale: 2, maxPages: 100 } as const;

export const DEFAULT_WORK_HOURS = { startWork: '00:00', endWork: '23:59' } as const;
export const USERS_PAGE_SIZE = 20;

export const NAME_BOUNDS = { min: 2, max: 50 } as const;
export const PASSWORD_BOUNDS = { min: 5, max: 50 } as const;
