// Customers seen on a channel (inbound messages, the external API, a campaign's numbers): their
// contacts, created on first sight (contacts.repo.ts upsertContactsByNumber), and contact.created
// for each one created, in the sighting's transaction (issue 37 point 1).
import type { DbOrTx } from '../../db/client.ts';
import { recordContactsEvent } from './contact-webhooks.steps.ts';
import { upsertContactsByNumber, type ContactRow, type ContactSighting } from './contacts.repo.ts';

export const sightContacts = async (tx: DbOrTx, companyId: number, sightings: ContactSighting[]): Promise<ContactRow[]> => {
  const sighted = await upsertContactsByNumber(tx, companyId, sightings);
  await recordContactsEvent(tx, companyId, 'contact.created', sighted.filter((seen) => seen.created).map((seen) => seen.contact));
  return sighted.map((seen) => seen.contact);
};

export const sightContact = async (tx: DbOrTx, companyId: number, sighting: Omit<ContactSighting, 'lid'> & { lid?: string | null }) =>
  (await sightContacts(tx, companyId, [{ ...sighting, lid: sighting.lid ?? null }]))[0];
