// Dates in the API are 'YYYY-MM-DD'; read them as local calendar dates, not UTC instants.
const parseDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, (month ?? 1) - 1, date ?? 1);
};

export const formatDay = (day: string | null | undefined) => {
  if (!day) return '';
  const [year, month, date] = day.slice(0, 10).split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export const daysUntil = (day: string, now = new Date()) => {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((parseDay(day.slice(0, 10)).getTime() - today.getTime()) / DAY_MS);
};

const CIRCLED_ONE = 0x2460;

// 01-core §2: ①..⑳ for 1 to 20, beyond that the number in parentheses.
export const unreadPrefix = (count: number) => {
  if (count <= 0) return '';
  if (count <= 20) return String.fromCodePoint(CIRCLED_ONE + count - 1);
  return `(${count})`;
};

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

// 03-saas §9: R$ in Brazilian format with two decimals, whatever the interface language.
export const formatCurrency = (value: number | string) => brl.format(Number(value));

const FILE_SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

// A file's size in the reader's language ("1,5 MB" in pt, "1.5 MB" in en).
export const formatFileSize = (bytes: number, language: string) => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: FILE_SIZE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
};

// 01-core §9: names cut at 60 and last messages at 40 in rows; time HH:mm today else dd/MM/yyyy.
export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}...` : text);

const pad = (value: number) => String(value).padStart(2, '0');

export const formatClock = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;
export const formatDate = (date: Date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;

export const isSameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

export const formatTicketTime = (iso: string, now = new Date()) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return isSameDay(date, now) ? formatClock(date) : formatDate(date);
};
