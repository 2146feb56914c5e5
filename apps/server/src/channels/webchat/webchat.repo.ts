// The web chat's rows: its visitors (a token's hash tied to the contact it writes as) and the
// visitor's side of a conversation: its messages on one web chat connection since the visitor was
// linked, with the name of the attendant who wrote each of the company's, without private notes.
import { and, desc, eq, gte, inArray, max, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactExtraInfo, contacts, messages, tickets, users, webchatVisitors } from '../../db/schema.ts';
import { RATING_QUESTION_MARK } from '../../modules/tickets/rating.steps.ts';

const HISTORY_LIMIT = 100;
// the extra info names a contact's phone is kept under (the widget writes "Phone")
export const PHONE_INFO_NAMES = ['phone', 'telefone', 'teléfono', 'telefon'];

export const insertVisitor = async (db: DbOrTx, visitor: { companyId: number; connectionId: number; visitorNumber: string; contactId: number }) => {
  const [row] = await db.insert(webchatVisitors).values(visitor).returning();
  return row;
};

// the visitor of a token's number on a connection, with the contact it writes as
export const findVisitor = async (db: DbOrTx, companyId: number, connectionId: number, visitorNumber: string) => {
  const [row] = await db
    .select({ visitor: webchatVisitors, contact: contacts })
    .from(webchatVisitors)
    .innerJoin(contacts, eq(contacts.id, webchatVisitors.contactId))
    .where(and(eq(webchatVisitors.companyId, companyId), eq(webchatVisitors.connectionId, connectionId), eq(webchatVisitors.visitorNumber, visitorNumber)))
    .limit(1);
  return row;
};

// the numbers of every visitor writing as the contact of this number on the connection
export const visitorNumbersOfContact = async (db: DbOrTx, companyId: number, connectionId: number, contactNumber: string) => {
  const rows = await db
    .select({ visitorNumber: webchatVisitors.visitorNumber })
    .from(webchatVisitors)
    .innerJoin(contacts, eq(contacts.id, webchatVisitors.contactId))
    .where(and(eq(webchatVisitors.companyId, companyId), eq(webchatVisitors.connectionId, connectionId), eq(contacts.companyId, companyId), eq(contacts.number, contactNumber)));
  return rows.map((row) => row.visitorNumber);
};

// The company's people (no groups) a pre-chat form names: the email in any case, or the phone's
// digits as the contact's number or as a phone kept in its extra info. At most a few ids: the
// caller only needs to know whether exactly one answers.
export const contactIdsNamedBy = async (db: DbOrTx, companyId: number, named: { email?: string; phoneDigits?: string }) => {
  const conditions = [];
  if (named.email) conditions.push(and(ne(contacts.email, ''), sql`lower(${contacts.email}) = ${named.email.toLowerCase()}`));
  if (named.phoneDigits) {
    const byInfo = db
      .select({ contactId: contactExtraInfo.contactId })
      .from(contactExtraInfo)
      .where(
        and(
          eq(contactExtraInfo.companyId, companyId),
          inArray(sql`lower(${contactExtraInfo.name})`, PHONE_INFO_NAMES),
          sql`regexp_replace(${contactExtraInfo.value}, '[^0-9]', '', 'g') = ${named.phoneDigits}`,
        ),
      );
    conditions.push(eq(contacts.number, named.phoneDigits), inArray(contacts.id, byInfo));
  }
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.isGroup, false), or(...conditions)))
    .limit(2);
  return rows.map((row) => row.id);
};

// the message is its ticket's rating question and the ticket still waits for the answer
const openRatingQuestion = sql<boolean>`coalesce(${messages.dataJson}->>${RATING_QUESTION_MARK} = 'true' and ${tickets.status} = 'nps', false)`;
const ticketOfMessage = and(eq(tickets.companyId, messages.companyId), eq(tickets.id, messages.ticketId));

export const readVisitorHistory = async (db: DbOrTx, companyId: number, connectionId: number, contactId: number, since: Date) => {
  const rows = await db
    .select({
      id: messages.id,
      body: messages.body,
      fromMe: messages.fromMe,
      senderName: users.name,
      mediaUrl: messages.mediaUrl,
      mediaType: messages.mediaType,
      createdAt: messages.createdAt,
      read: messages.read,
      rating: openRatingQuestion,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.userId))
    .leftJoin(tickets, ticketOfMessage)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.contactId, contactId),
        eq(messages.whatsappId, connectionId),
        gte(messages.createdAt, since),
        eq(messages.isPrivate, false),
        eq(messages.isDeleted, false),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(HISTORY_LIMIT);
  return rows.reverse();
};

// what the widget shows with a company message besides its content: the attendant's name, the
// time, and whether it is the rating question still waiting for its answer
export const readOutboundDetails = async (db: DbOrTx, companyId: number, messageId: number) => {
  const [row] = await db
    .select({ name: users.name, createdAt: messages.createdAt, rating: openRatingQuestion })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.userId))
    .leftJoin(tickets, ticketOfMessage)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)))
    .limit(1);
  return row;
};

// the last of the customer's messages on the ticket an attendant has read
export const lastReadInboundId = async (db: DbOrTx, companyId: number, ticketId: number) => {
  const [row] = await db
    .select({ id: max(messages.id) })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, false), eq(messages.read, true)));
  return row?.id ?? null;
};

// the stored file of one of the contact's messages on the connection since the visitor's link
export const findVisitorMediaUrl = async (db: DbOrTx, visitor: { companyId: number; connectionId: number; contactId: number; since: Date }, messageId: number) => {
  const [row] = await db
    .select({ mediaUrl: messages.mediaUrl })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, visitor.companyId),
        eq(messages.id, messageId),
        eq(messages.contactId, visitor.contactId),
        eq(messages.whatsappId, visitor.connectionId),
        gte(messages.createdAt, visitor.since),
        eq(messages.isPrivate, false),
        eq(messages.isDeleted, false),
      ),
    )
    .limit(1);
  return row?.mediaUrl ?? undefined;
};

export const readUserName = async (db: DbOrTx, companyId: number, userId: number) => {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return row?.name;
};
