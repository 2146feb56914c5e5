import type { ContactListItemView, ContactListView } from '@atende/shared/contact-lists';
import type { ContactListItemRow } from '../../db/schema.ts';

export const toContactListView = (row: { id: number; name: string; companyId: number; contactsCount: number; createdAt: Date; updatedAt: Date }): ContactListView => ({
  id: row.id,
  name: row.name,
  contactsCount: Number(row.contactsCount),
  companyId: row.companyId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toContactListItemView = (row: ContactListItemRow): ContactListItemView => ({
  id: row.id,
  name: row.name,
  number: row.number,
  email: row.email,
  isWhatsappValid: row.isWhatsappValid,
  companyId: row.companyId,
  contactListId: row.contactListId,
});
