// How a spreadsheet row becomes a contact-list entry (02-operations §5 Contact list item): a
// header row names the columns (name/nome, number/numero/telefone/whatsapp, email); without one
// the columns are name, number, email. A row whose number is not 8 to 50 digits is refused with
// its line number; an empty row is skipped; a name left empty takes the number.
import { normalizeNumber } from '@atende/shared/phone';

export type ImportColumns = { name: number; number: number; email: number };
export type ImportedRow = { name: string; number: string; email: string };
export type RowOutcome = { row: ImportedRow } | { error: string } | { skip: true };

const headerNames: Record<keyof ImportColumns, string[]> = {
  name: ['name', 'nome', 'nombre', 'ad', 'isim'],
  number: ['number', 'numero', 'número', 'telefone', 'phone', 'celular', 'whatsapp', 'teléfono', 'telefono', 'numara'],
  email: ['email', 'e-mail', 'correo', 'e-posta'],
};

const plain = (text: string) => text.trim().toLowerCase();

// The columns named by a header row, or undefined when the row is data.
export const headerColumns = (cells: string[]): ImportColumns | undefined => {
  const find = (key: keyof ImportColumns) => cells.findIndex((cell) => headerNames[key].includes(plain(cell)));
  const columns = { name: find('name'), number: find('number'), email: find('email') };
  return columns.number >= 0 ? columns : undefined;
};

export const defaultColumns: ImportColumns = { name: 0, number: 1, email: 2 };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const rowOutcome = (cells: string[], columns: ImportColumns): RowOutcome => {
  const at = (index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
  if (cells.every((cell) => !cell.trim())) return { skip: true };
  const number = normalizeNumber(at(columns.number));
  if (number.length < 8) return { error: 'validation.tooShort' };
  if (number.length > 50) return { error: 'validation.tooLong' };
  const email = at(columns.email);
  return { row: { name: (at(columns.name) || number).slice(0, 50), number, email: EMAIL.test(email) ? email.slice(0, 254) : '' } };
};
