import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
import {
  campaigns,
  campaignSettings,
  campaignShipping,
  connections,
  contactListItems,
  contactLists,
  contacts,
  contactTags,
  type CampaignRow,
  type CampaignShippingRow,
} from '../../db/schema.ts';

export type NewCampaign = Omit<typeof campaigns.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;
export type CampaignChanges = Partial<NewCampaign>;

const byCompany = (companyId: number, campaignId: number) => and(eq(campaigns.companyId, companyId), eq(campaigns.id, campaignId));

export const insertCampaign = async (db: DbOrTx, companyId: number, values: NewCampaign) => {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values, companyId })
    .returning();
  return row;
};

export const findCampaign = async (db: DbOrTx, companyId: number, campaignId: number) => {
  const [row] = await db.select().from(campaigns).where(byCompany(companyId, campaignId)).limit(1);
  return row;
};

// Every change of a campaign and each of its sending steps take this lock first, so a cancel and
// a step never cross.
export const lockCampaign = async (db: DbOrTx, companyId: number, campaignId: number) => {
  const [row] = await db.select().from(campaigns).where(byCompany(companyId, campaignId)).for('update');
  return row;
};

export const updateCampaign = async (db: DbOrTx, companyId: number, campaignId: number, changes: CampaignChanges) => {
  const [row] = await db
    .update(campaigns)
    .set({ ...changes, updatedAt: new Date() })
    .where(byCompany(companyId, campaignId))
    .returning();
  return row;
};

export const deleteCampaign = async (db: DbOrTx, companyId: number, campaignId: number) => {
  const [row] = await db.delete(campaigns).where(byCompany(companyId, campaignId)).returning();
  return row;
};

export const listCampaigns = async (db: DbOrTx, companyId: number, filter: { search: string; limit: number; offset: number }) => {
  const search = filter.search.trim();
  const where = and(eq(campaigns.companyId, companyId), search ? ilike(campaigns.name, containsPattern(search)) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(campaigns).where(where).orderBy(desc(campaigns.id)).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(campaigns).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

// The contact list and connection names, and the shipping counts, that a list of campaigns shows.
export const campaignRelations = async (db: DbOrTx, companyId: number, rows: CampaignRow[]) => {
  const ids = rows.map((row) => row.id);
  const listIds = [...new Set(rows.flatMap((row) => (row.contactListId ? [row.contactListId] : [])))];
  const connectionIds = [...new Set(rows.flatMap((row) => (row.whatsappId ? [row.whatsappId] : [])))];
  const [listRows, connectionRows, countRows] = await Promise.all([
    listIds.length
      ? db
          .select({ id: contactLists.id, name: contactLists.name })
          .from(contactLists)
          .where(and(eq(contactLists.companyId, companyId), inArray(contactLists.id, listIds)))
      : [],
    connectionIds.length
      ? db
          .select({ id: connections.id, name: connections.name })
          .from(connections)
          .where(and(eq(connections.companyId, companyId), inArray(connections.id, connectionIds)))
      : [],
    ids.length
      ? db
          .select({
            campaignId: campaignShipping.campaignId,
            contacts: count(),
            delivered: count(campaignShipping.deliveredAt),
            confirmationRequested: count(campaignShipping.confirmationRequestedAt),
            confirmed: count(campaignShipping.confirmedAt),
            failed: count(campaignShipping.failedAt),
          })
          .from(campaignShipping)
          .where(and(eq(campaignShipping.companyId, companyId), inArray(campaignShipping.campaignId, ids)))
          .groupBy(campaignShipping.campaignId)
      : [],
  ]);
  return {
    contactLists: new Map(listRows.map((row) => [row.id, row])),
    connections: new Map(connectionRows.map((row) => [row.id, row])),
    counts: new Map(countRows.map(({ campaignId, ...counts }) => [campaignId, counts])),
  };
};

export const listShipping = (db: DbOrTx, companyId: number, campaignId: number) =>
  db
    .select()
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.campaignId, campaignId)))
    .orderBy(asc(campaignShipping.id));

// One shipping row per member of the audience; members already there (a restart) are kept as
// they are. A contact list gives its items; a tag its tagged contacts (groups left out).
export const expandAudience = async (db: DbOrTx, campaign: Pick<CampaignRow, 'companyId' | 'id' | 'contactListId' | 'tagListId'>) => {
  const { companyId, id: campaignId } = campaign;
  const members = campaign.contactListId
    ? sql`select ${companyId}::int, ${campaignId}::int, ${contactListItems.number}, ${contactListItems.name}, ${contactListItems.email}, null::int
            from ${contactListItems}
           where ${contactListItems.companyId} = ${companyId} and ${contactListItems.contactListId} = ${campaign.contactListId}
           order by ${contactListItems.id}`
    : campaign.tagListId
      ? sql`select ${companyId}::int, ${campaignId}::int, ${contacts.number}, ${contacts.name}, ${contacts.email}, ${contacts.id}
              from ${contactTags} join ${contacts} on ${contacts.id} = ${contactTags.contactId} and ${contacts.companyId} = ${contactTags.companyId}
             where ${contactTags.companyId} = ${companyId} and ${contactTags.tagId} = ${campaign.tagListId} and not ${contacts.isGroup}
             order by ${contacts.id}`
      : undefined;
  if (!members) return;
  await db.execute(sql`insert into ${campaignShipping} (company_id, campaign_id, number, name, email, contact_id) ${members}
                       on conflict (campaign_id, number) do nothing`);
};

// The members still to be sent to: for a confirmation campaign those not asked yet, for the
// others those not delivered; failed ones are not tried again.
const pendingOf = (campaign: Pick<CampaignRow, 'companyId' | 'id' | 'confirmation'>) =>
  and(
    eq(campaignShipping.companyId, campaign.companyId),
    eq(campaignShipping.campaignId, campaign.id),
    isNull(campaignShipping.failedAt),
    campaign.confirmation ? isNull(campaignShipping.confirmationRequestedAt) : isNull(campaignShipping.deliveredAt),
  );

export const nextPendingShipping = (db: DbOrTx, campaign: Pick<CampaignRow, 'companyId' | 'id' | 'confirmation'>, limit: number) =>
  db
    .select()
    .from(campaignShipping)
    .where(pendingOf(campaign))
    .orderBy(asc(campaignShipping.id))
    .limit(limit)
    .for('update', { skipLocked: true });

// Every member still to be sent to fails with `reason` at once (a campaign that cannot run at all).
export const failPendingShipping = async (db: DbOrTx, campaign: Pick<CampaignRow, 'companyId' | 'id' | 'confirmation'>, at: Date, reason: string) => {
  const failed = await db
    .update(campaignShipping)
    .set({ failedAt: at, failureReason: reason })
    .where(pendingOf(campaign))
    .returning({ id: campaignShipping.id });
  return failed.length;
};

// How many messages of the campaign went so far (the pacing counts them).
export const countSends = async (db: DbOrTx, campaign: Pick<CampaignRow, 'companyId' | 'id' | 'confirmation'>) => {
  const sentColumn = campaign.confirmation ? campaignShipping.confirmationRequestedAt : campaignShipping.deliveredAt;
  const [row] = await db
    .select({ value: count() })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, campaign.companyId), eq(campaignShipping.campaignId, campaign.id), isNotNull(sentColumn)));
  return row?.value ?? 0;
};

export const lockShipping = async (db: DbOrTx, companyId: number, shippingId: number) => {
  const [row] = await db
    .select()
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.id, shippingId)))
    .for('update');
  return row;
};

export const updateShipping = async (
  db: DbOrTx,
  companyId: number,
  shippingId: number,
  changes: Partial<Pick<CampaignShippingRow, 'contactId' | 'deliveredAt' | 'confirmationRequestedAt' | 'confirmedAt' | 'failedAt' | 'failureReason'>>,
) => {
  await db
    .update(campaignShipping)
    .set(changes)
    .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.id, shippingId)));
};

// A contact's message answers the confirmations it was asked for by campaigns still alive
// (running or finished, not cancelled): they are marked confirmed, once.
const shippingConfirmation = preparedStatement('campaign_shipping_confirm', { id: campaignShipping.id, campaignId: campaignShipping.campaignId }, (db) =>
  db
    .update(campaignShipping)
    .set({ confirmedAt: sql`${sql.placeholder('at')}` })
    .from(campaigns)
    .where(
      and(
        eq(campaignShipping.companyId, sql.placeholder('companyId')),
        eq(campaignShipping.contactId, sql.placeholder('contactId')),
        isNotNull(campaignShipping.confirmationRequestedAt),
        isNull(campaignShipping.confirmedAt),
        eq(campaigns.id, campaignShipping.campaignId),
        inArray(campaigns.status, ['EM_ANDAMENTO', 'FINALIZADA']),
      ),
    )
    .returning({ id: campaignShipping.id, campaignId: campaignShipping.campaignId }),
);

// Every inbound message runs it: the confirmations it answers.
export const confirmShippingOf = (db: DbOrTx, companyId: number, contactId: number, at: Date) => shippingConfirmation(db, { companyId, contactId, at });

const contactsAwaiting = preparedStatement('campaign_shipping_contacts_awaiting', { contactId: campaignShipping.contactId }, (db) =>
  db
    .selectDistinct({ contactId: campaignShipping.contactId })
    .from(campaignShipping)
    .where(
      and(
        eq(campaignShipping.companyId, sql.placeholder('companyId')),
        sql`${campaignShipping.contactId} = any(${sql.placeholder('contactIds')}::integer[])`,
        isNotNull(campaignShipping.confirmationRequestedAt),
        isNull(campaignShipping.confirmedAt),
      ),
    ),
);

// Which of these contacts were asked for a confirmation they have not given: the others' messages
// answer none, and need not look.
export const contactsAwaitingConfirmation = async (db: DbOrTx, companyId: number, contactIds: number[]) =>
  contactIds.length === 0 ? [] : (await contactsAwaiting(db, { companyId, contactIds })).flatMap((row) => (row.contactId === null ? [] : [row.contactId]));

export const readCampaignSettings = (db: DbOrTx, companyId: number) =>
  db.select({ key: campaignSettings.key, value: campaignSettings.value }).from(campaignSettings).where(eq(campaignSettings.companyId, companyId));

export const saveCampaignSettings = async (db: DbOrTx, companyId: number, entries: { key: string; value: string }[]) => {
  if (!entries.length) return;
  await db
    .insert(campaignSettings)
    .values(entries.map((entry) => ({ ...entry, companyId })))
    .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value: sql`excluded.value`, updatedAt: new Date() } });
};

