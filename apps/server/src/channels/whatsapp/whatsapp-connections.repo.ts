import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections } from '../../db/schema.ts';

// The company's WhatsApp connections, or only the named one, the default first.
export const whatsappConnectionIds = (db: DbOrTx, companyId: number, connectionId?: number | null) =>
  db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.channel, 'whatsapp'), connectionId ? eq(connections.id, connectionId) : undefined))
    .orderBy(desc(connections.isDefault), connections.id);
