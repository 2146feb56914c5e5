// Contact lists and their items (02-operations §3, §5, §7 Contact lists), with live updates on
// company-{id}-ContactList and company-{id}-ContactListItem.
import {
  CONTACT_LIST_ITEMS_PAGE_SIZE,
  CONTACT_LISTS_PAGE_SIZE,
  type ContactListBody,
  type ContactListItemBody,
  type ContactListItemsPage,
  type ContactListItemsQuery,
  type ContactListItemUpdateBody,
  type ContactListsPage,
  type ContactListsQuery,
  type ContactListUploadAnswer,
  type ContactListView,
} from '@atende/shared/contact-lists';
import { normalizeNumber } from '@atende/shared/phone';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { spreadsheetKindOf } from '../../platform/spreadsheet.ts';
import { openUpload, type Upload } from '../../platform/uploads.ts';
import type { Storage } from '../../platform/storage.ts';
import * as repo from './contact-lists.repo.ts';
import { contactListImportJob, enqueueNumberCheck, IMPORT_FOLDER } from './contact-lists.jobs.ts';
import { toContactListItemView, toContactListView } from './contact-lists.view.ts';

type Deps = { db: Db; bus: EventBus; storage: Storage };

const listNotFound = () => notFound('ERR_NO_CONTACT_LIST_FOUND');
const itemNotFound = () => notFound('ERR_NO_CONTACT_LIST_ITEM_FOUND');

const duplicatedNumber = (error: unknown): never => {
  if (isUniqueViolation(error, 'contact_list_items_list_number_key')) throw invalidField('body.number', 'validation.duplicated');
  throw error;
};

export const createContactListsService = ({ db, bus, storage }: Deps) => {
  const listView = async (tx: DbOrTx, companyId: number, id: number) => {
    const row = await repo.findContactList(tx, companyId, id);
    if (!row) throw listNotFound();
    return toContactListView(row);
  };
  const publishList = (companyId: number, record: ContactListView, action: 'create' | 'update') =>
    bus.publish({ companyId, event: 'ContactList', payload: { action, record } });
  // an item's change changes its list's count
  const publishListOf = async (companyId: number, contactListId: number) => {
    const row = await repo.findContactList(db, companyId, contactListId);
    if (row) publishList(companyId, toContactListView(row), 'update');
  };

  return {
    list: async (tenant: TenantContext, query: ContactListsQuery): Promise<ContactListsPage> => {
      const offset = (query.pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE;
      const page = await repo.listContactLists(db, tenant.companyId, { search: query.searchParam, limit: CONTACT_LISTS_PAGE_SIZE, offset });
      return { records: page.rows.map(toContactListView), count: page.count, hasMore: offset + page.rows.length < page.count };
    },

    // every list, for the campaign dialog's picker (02-operations §7 GET /contact-lists/list)
    all: async (tenant: TenantContext) => (await repo.listContactLists(db, tenant.companyId, { search: '' })).rows.map(toContactListView),

    show: (tenant: TenantContext, id: number) => listView(db, tenant.companyId, id),

    create: async (tenant: TenantContext, body: ContactListBody) => {
      const { id } = await repo.insertContactList(db, tenant.companyId, body.name);
      const view = await listView(db, tenant.companyId, id);
      publishList(tenant.companyId, view, 'create');
      return view;
    },

    update: async (tenant: TenantContext, id: number, body: ContactListBody) => {
      if (!(await repo.updateContactList(db, tenant.companyId, id, body.name))) throw listNotFound();
      const view = await listView(db, tenant.companyId, id);
      publishList(tenant.companyId, view, 'update');
      return view;
    },

    remove: async (tenant: TenantContext, id: number) => {
      if (!(await repo.deleteContactList(db, tenant.companyId, id))) throw listNotFound();
      bus.publish({ companyId: tenant.companyId, event: 'ContactList', payload: { action: 'delete', id } });
    },

    // The sheet is kept on disk and read by a job, which reports its progress live.
    upload: async (tenant: TenantContext, contactListId: number, upload: Upload): Promise<ContactListUploadAnswer> => {
      await listView(db, tenant.companyId, contactListId);
      const kind = await spreadsheetKindOf(upload, upload.fileName);
      const file = await storage.save(tenant.companyId, IMPORT_FOLDER, openUpload(upload), kind);
      await withTransaction(db, (tx) => enqueueJob(tx, contactListImportJob, { companyId: tenant.companyId, contactListId, file, kind }));
      return { contactListId, queued: true };
    },

    items: async (tenant: TenantContext, query: ContactListItemsQuery): Promise<ContactListItemsPage> => {
      await listView(db, tenant.companyId, query.contactListId);
      const offset = (query.pageNumber - 1) * CONTACT_LIST_ITEMS_PAGE_SIZE;
      const page = await repo.listContactListItems(db, tenant.companyId, {
        contactListId: query.contactListId,
        search: query.searchParam,
        limit: CONTACT_LIST_ITEMS_PAGE_SIZE,
        offset,
      });
      return { contacts: page.rows.map(toContactListItemView), count: page.count, hasMore: offset + page.rows.length < page.count };
    },

    showItem: async (tenant: TenantContext, id: number) => {
      const row = await repo.findContactListItem(db, tenant.companyId, id);
      if (!row) throw itemNotFound();
      return toContactListItemView(row);
    },

    createItem: async (tenant: TenantContext, body: ContactListItemBody) => {
      const row = await withTransaction(db, async (tx) => {
        if (!(await repo.findContactList(tx, tenant.companyId, body.contactListId))) throw listNotFound();
        const inserted = await withTransaction(tx, (inner) =>
          repo.insertContactListItem(inner, tenant.companyId, { name: body.name, number: normalizeNumber(body.number), email: body.email, contactListId: body.contactListId }),
        ).catch(duplicatedNumber);
        await enqueueNumberCheck(tx, tenant.companyId, inserted.id);
        return inserted;
      });
      const record = toContactListItemView(row);
      bus.publish({ companyId: tenant.companyId, event: 'ContactListItem', payload: { action: 'create', record } });
      await publishListOf(tenant.companyId, row.contactListId);
      return record;
    },

    updateItem: async (tenant: TenantContext, id: number, body: ContactListItemUpdateBody) => {
      const row = await withTransaction(db, async (tx) => {
        const current = await repo.findContactListItem(tx, tenant.companyId, id);
        if (!current) throw itemNotFound();
        const number = body.number === undefined ? current.number : normalizeNumber(body.number);
        const changed = number !== current.number;
        const updated = await withTransaction(tx, (inner) =>
          repo.updateContactListItem(inner, tenant.companyId, id, {
            ...(body.name !== undefined && { name: body.name }),
            ...(body.email !== undefined && { email: body.email }),
            number,
            // a new number is unchecked until the check runs
            ...(changed && { isWhatsappValid: null }),
          }),
        ).catch(duplicatedNumber);
        if (changed) await enqueueNumberCheck(tx, tenant.companyId, id);
        return updated;
      });
      const record = toContactListItemView(row);
      bus.publish({ companyId: tenant.companyId, event: 'ContactListItem', payload: { action: 'update', record } });
      return record;
    },

    removeItem: async (tenant: TenantContext, id: number) => {
      const row = await repo.deleteContactListItem(db, tenant.companyId, id);
      if (!row) throw itemNotFound();
      bus.publish({ companyId: tenant.companyId, event: 'ContactListItem', payload: { action: 'delete', id } });
      await publishListOf(tenant.companyId, row.contactListId);
    },
  };
};

export type ContactListsService = ReturnType<typeof createContactListsService>;
