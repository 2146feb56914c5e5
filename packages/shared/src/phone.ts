// Numbers are stored as digits only (01-core §3 Contact); with lgpdHideNumber on, profile users
// see them masked (01-core §5 Phone display).
export const normalizeNumber = (raw: string) => raw.replace(/\D/g, '');

// Keeps the country/area prefix and the last two digits visible.
export const maskNumber = (digits: string) => {
  if (digits.length <= 6) return '*'.repeat(digits.length);
  return `${digits.slice(0, 4)}${'*'.repeat(digits.length - 6)}${digits.slice(-2)}`;
};

// Spreadsheet imports: a national number, written without its country code ("(11) 98888-7777",
// at most 11 digits, a leading trunk 0 dropped), gets the chosen code; a number written with '+' or
// '00', or longer than a national number, already has one and is kept.
export const NATIONAL_NUMBER_MAX_DIGITS = 11;
export const applyCountryCode = (typed: string, code: string) => {
  const digits = normalizeNumber(typed);
  if (!code || !digits) return digits;
  const written = typed.trim();
  if (written.startsWith('+') || digits.startsWith('00')) return digits.replace(/^00/, '');
  if (digits.length > NATIONAL_NUMBER_MAX_DIGITS) return digits;
  return `${code}${digits.replace(/^0+/, '')}`;
};
