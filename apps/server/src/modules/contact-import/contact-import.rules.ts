// How a row becomes a contact (01-core §3 Contact, §5 Contact form; 01-core §2 /contacts/import):
// the wizard's mapping names the column of each field. A number outside 8 to 50 digits refuses the
// row with its line; an empty row is skipped; an empty name takes the number; an invalid email is
// left out; tags are names separated by ',' or ';'; an empty extra-info cell adds nothing.
import type { ImportColumn } from '@atende/shared/contact-imports';
import { applyCountryCode } from '@atende/shared/phone';
import { z } from 'zod';

export type ImportedContact = {
  name: string;
  // the name was in the sheet (an empty one takes the number and keeps an existing contact's name)
  named: boolean;
  number: string;
  email: string;
  tags: string[];
  extraInfo: { name: string; value: string }[];
};
export type ContactOutcome = { contact: ImportedContact } | { error: string };
export type RowOutcome = ContactOutcome | { skip: true };

const NAME_MAX = 250;
const isEmail = (text: string) => z.email().safeParse(text).success;

export const contactOutcome = (fields: { name: string; number: string; email: string; tags?: string[]; extraInfo?: ImportedContact['extraInfo'] }, countryCode: string): ContactOutcome => {
  const number = applyCountryCode(fields.number, countryCode);
  if (number.length < 8) return { error: 'validation.tooShort' };
  if (number.length > 50) return { error: 'validation.tooLong' };
  const name = fields.name.trim().slice(0, NAME_MAX);
  const email = fields.email.trim();
  return {
    contact: {
      name: name || number,
      named: name !== '',
      number,
      email: email.length <= 254 && isEmail(email) ? email : '',
      tags: fields.tags ?? [],
      extraInfo: fields.extraInfo ?? [],
    },
  };
};

export const rowOutcome = (cells: string[], columns: ImportColumn[], countryCode: string): RowOutcome => {
  if (cells.every((cell) => !cell.trim())) return { skip: true };
  const cellOf = (field: ImportColumn['field']) => {
    const index = columns.findIndex((column) => column.field === field);
    return index >= 0 ? (cells[index] ?? '').trim() : '';
  };
  const tags = cellOf('tags')
    .split(/[,;]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
  const extraInfo = columns.flatMap((column, index) =>
    column.field === 'extraInfo' && cells[index]?.trim() ? [{ name: column.extraInfoName, value: cells[index].trim().slice(0, 1000) }] : [],
  );
  return contactOutcome({ name: cellOf('name'), number: cellOf('number'), email: cellOf('email'), tags, extraInfo }, countryCode);
};

// Two rows with one number are one contact: the later row's fields win, tags and extra info add up.
export const mergeContact = (earlier: ImportedContact | undefined, later: ImportedContact): ImportedContact => {
  if (!earlier) return later;
  const extraInfo = new Map([...earlier.extraInfo, ...later.extraInfo].map((entry) => [entry.name, entry]));
  return {
    name: later.named ? later.name : earlier.name,
    named: later.named || earlier.named,
    number: later.number,
    email: later.email || earlier.email,
    tags: [...new Set([...earlier.tags, ...later.tags])],
    extraInfo: [...extraInfo.values()],
  };
};
