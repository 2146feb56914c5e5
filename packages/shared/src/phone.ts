// Numbers are stored as digits only (01-core §3 Contact); with lgpdHideNumber on, profile users
// see them masked (01-core §5 Phone display).
export const normalizeNumber = (raw: string) => raw.replace(/\D/g, '');

// Keeps the country/area prefix and the last two digits visible.
export const maskNumber = (digits: string) => {
  if (digits.length <= 6) return '*'.repeat(digits.length);
  return `${digits.slice(0, 4)}${'*'.repeat(digits.length - 6)}${digits.slice(-2)}`;
};
