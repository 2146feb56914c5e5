// 01-core §5 New ticket: contact search starts at 3 characters, and a typed name without a number
// that matches no contact found can start a new-contact dialog.
export const CONTACT_SEARCH_MIN_CHARS = 3;

export const newContactName = (typed: string, found: readonly { name: string }[]): string | null => {
  const name = typed.trim();
  if (name.length < CONTACT_SEARCH_MIN_CHARS || /\d/.test(name)) return null;
  const lower = name.toLocaleLowerCase();
  return found.some((contact) => contact.name.trim().toLocaleLowerCase() === lower) ? null : name;
};
