import {
  CONTACTS_PAGE_SIZE,
  contactValidationMessages,
  type ContactCreateBody,
  type ContactProfileAnswer,
  type ContactsListQuery,
  type ContactsPage,
  type ContactSummary,
  type ContactTagsAnswer,
  type ContactUpdateBody,
  type ContactView,
} from '@atende/shared/contacts';
import { maskNumber, normalizeNumber } from '@atende/shared/phone';
import type { TagsSyncBody } from '@atende/shared/tags';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { findConnection } from '../connections/connections.repo.ts';
import { findUser } from '../users/users.repo.ts';
import { readCompanySettings } from '../settings/company-settings.repo.ts';
import { existingTagIds } from '../tags/tags.repo.ts';
import { loadContactView, loadContactViews } from './contact-views.repo.ts';
import { recordContactEvent } from './contact-webhooks.steps.ts';
import { withMaskedNumber } from './contacts.view.ts';
import * as repo from './contacts.repo.ts';

// Asks WhatsApp whether a number has an account (01-core §8 ERR_WAPP_INVALID_CONTACT), through a
// WhatsApp session this process runs: the number as WhatsApp writes it and its profile picture,
// 'invalid', or undefined when no session can answer (the number is then taken as typed).
export type WhatsappNumberCheck = (
  companyId: number,
  number: string,
  connectionId: number | null,
) => Promise<{ number: string; urlPicture: string } | 'invalid' | undefined>;

type Deps = { db: Db; bus: EventBus; checkWhatsappNumber?: WhatsappNumberCheck };

const contactNotFound = () => notFound('ERR_NO_CONTACT_FOUND');
const invalidNumber = () => invalidField('body.number', contactValidationMessages.invalidNumber);

// The row values a create or update may set; companyId from the body is never one of them.
const contactValues = (body: ContactUpdateBody): Partial<repo.NewContact> => ({
  name: body.name,
  number: body.number,
  email: body.email,
  disableBot: body.disableBot,
  acceptAudioMessage: body.acceptAudioMessage,
  whatsappId: body.whatsappId,
  walletUserId: body.walletUserId,
});

export const createContactsService = ({ db, bus, checkWhatsappNumber }: Deps) => {
  const checkedNumber = async (companyId: number, number: string, connectionId: number | null) => {
    const answer = await checkWhatsappNumber?.(companyId, number, connectionId).catch(() => {
      throw new AppError('ERR_WAPP_CHECK_CONTACT', 400);
    });
    if (answer === 'invalid') throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
    return answer ?? { number, urlPicture: '' };
  };

  // 01-core §5 Phone display: with lgpdHideNumber enabled, profile users see masked numbers;
  // events reach the whole company, so they always carry the masked number then.
  const numberPolicy = async (tenant: TenantContext) => {
    const settings = await readCompanySettings(db, tenant.companyId);
    const hide = settings.lgpdHideNumber === 'enabled';
    return { maskForActor: hide && tenant.actor.profile === 'user', maskForEvents: hide };
  };

  const forActor = async <T extends { number: string }>(tenant: TenantContext, items: T[]) =>
    (await numberPolicy(tenant)).maskForActor ? items.map(withMaskedNumber) : items;

  // Publishes after commit and answers the caller with the number it may see.
  const announce = async (tenant: TenantContext, action: 'create' | 'update', contact: ContactView) => {
    const policy = await numberPolicy(tenant);
    bus.publish({
      companyId: tenant.companyId,
      event: 'contact',
      payload: { action, contact: policy.maskForEvents ? withMaskedNumber(contact) : contact },
    });
    return policy.maskForActor ? withMaskedNumber(contact) : contact;
  };

  const translateDuplicate = (error: unknown): never => {
    if (isUniqueViolation(error, 'contacts_company_number_key')) throw new AppError('ERR_DUPLICATED_CONTACT', 409);
    throw error;
  };

  const checkConnection = async (tx: DbOrTx, companyId: number, whatsappId: number | null | undefined) => {
    if (whatsappId && !(await findConnection(tx, companyId, whatsappId))) throw notFound('ERR_NO_WAPP_FOUND');
  };

  const checkWalletUser = async (tx: DbOrTx, companyId: number, userId: number | null | undefined) => {
    if (userId && !(await findUser(tx, companyId, userId))) throw notFound('ERR_NO_USER_FOUND');
  };

  const existingContact = async (tx: DbOrTx, companyId: number, contactId: number) => {
    const row = await repo.findContact(tx, companyId, contactId);
    if (!row) throw contactNotFound();
    return row;
  };

  // a change of one contact and its contact.updated webhook event, in one transaction
  const changeAndTell = async (tenant: TenantContext, change: (tx: DbOrTx) => Promise<repo.ContactRow | undefined>) => {
    const view = await withTransaction(db, async (tx) => {
      const row = await change(tx);
      if (!row) throw contactNotFound();
      const changed = await loadContactView(tx, row);
      await recordContactEvent(tx, tenant.companyId, 'contact.updated', changed);
      return changed;
    });
    return announce(tenant, 'update', view);
  };

  const toggle = (tenant: TenantContext, contactId: number, flag: 'acceptAudioMessage' | 'disableBot') =>
    changeAndTell(tenant, (tx) => repo.toggleContactFlag(tx, tenant.companyId, contactId, flag));

  return {
    list: async (tenant: TenantContext, query: ContactsListQuery): Promise<ContactsPage> => {
      const offset = (query.pageNumber - 1) * CONTACTS_PAGE_SIZE;
      const page = await repo.listContacts(db, tenant.companyId, {
        search: query.searchParam,
        channel: query.channel,
        isGroup: query.isGroup,
        tagIds: query.contactTag,
        limit: CONTACTS_PAGE_SIZE,
        offset,
      });
      return {
        contacts: await forActor(tenant, await loadContactViews(db, tenant.companyId, page.rows)),
        count: page.count,
        hasMore: offset + page.rows.length < page.count,
      };
    },

    listAll: async (tenant: TenantContext): Promise<ContactSummary[]> =>
      forActor(tenant, await repo.listContactSummaries(db, tenant.companyId)),

    show: async (tenant: TenantContext, contactId: number) => {
      const view = await loadContactView(db, await existingContact(db, tenant.companyId, contactId));
      return (await forActor(tenant, [view]))[0];
    },

    profile: async (tenant: TenantContext, rawNumber: string): Promise<ContactProfileAnswer> => {
      const number = normalizeNumber(rawNumber);
      const row = number ? await repo.findContactByNumber(db, tenant.companyId, number) : undefined;
      if (!row) throw contactNotFound();
      return { contactId: row.id, urlPicture: row.urlPicture };
    },

    create: async (tenant: TenantContext, body: ContactCreateBody) => {
      if (body.number.includes('*')) throw invalidNumber();
      await checkConnection(db, tenant.companyId, body.whatsappId);
      const whatsapp = await checkedNumber(tenant.companyId, body.number, body.whatsappId ?? null);
      const contact = await withTransaction(db, async (tx) => {
          await checkWalletUser(tx, tenant.companyId, body.walletUserId);
          const row = await repo.insertContact(tx, tenant.companyId, {
            ...contactValues(body),
            name: body.name,
            number: whatsapp.number,
            urlPicture: whatsapp.urlPicture,
            email: body.email ?? '',
            acceptAudioMessage: body.acceptAudioMessage ?? repo.newContactsAcceptAudio(tenant.companyId),
          });
          if (body.extraInfo?.length) await repo.replaceExtraInfo(tx, tenant.companyId, row.id, body.extraInfo);
          const view = await loadContactView(tx, row);
          await recordContactEvent(tx, tenant.companyId, 'contact.created', view);
          return view;
        })
        .catch(translateDuplicate);
      return announce(tenant, 'create', contact);
    },

    update: async (tenant: TenantContext, contactId: number, body: ContactUpdateBody) => {
      const contact = await withTransaction(db, async (tx) => {
          const current = await existingContact(tx, tenant.companyId, contactId);
          const values = contactValues(body);
          // the masked number a profile user was shown, sent back unchanged, keeps the stored one
          if (body.number?.includes('*')) {
            if (body.number !== maskNumber(current.number)) throw invalidNumber();
            delete values.number;
          }
          await checkConnection(tx, tenant.companyId, body.whatsappId);
          await checkWalletUser(tx, tenant.companyId, body.walletUserId);
          const row = await repo.updateContact(tx, tenant.companyId, contactId, values);
          if (!row) throw contactNotFound();
          if (body.extraInfo) await repo.replaceExtraInfo(tx, tenant.companyId, contactId, body.extraInfo);
          const view = await loadContactView(tx, row);
          await recordContactEvent(tx, tenant.companyId, 'contact.updated', view);
          return view;
        })
        .catch(translateDuplicate);
      return announce(tenant, 'update', contact);
    },

    remove: async (tenant: TenantContext, contactId: number) => {
      if (!(await repo.deleteContact(db, tenant.companyId, contactId))) throw contactNotFound();
      bus.publish({ companyId: tenant.companyId, event: 'contact', payload: { action: 'delete', contactId } });
    },

    toggleAcceptAudio: (tenant: TenantContext, contactId: number) => toggle(tenant, contactId, 'acceptAudioMessage'),

    toggleDisableBot: (tenant: TenantContext, contactId: number) => toggle(tenant, contactId, 'disableBot'),

    // 01-core §4 Messages: active false means blocked.
    setActive: (tenant: TenantContext, contactId: number, active: boolean) =>
      changeAndTell(tenant, (tx) => repo.updateContact(tx, tenant.companyId, contactId, { active })),

    tagsOf: async (tenant: TenantContext, contactId: number): Promise<ContactTagsAnswer> => {
      await existingContact(db, tenant.companyId, contactId);
      const rows = await repo.tagsOfContacts(db, tenant.companyId, [contactId]);
      return { tags: rows.map(({ id, name, color, kanban }) => ({ id, name, color, kanban })) };
    },

    // POST /tags/sync: the contact's tags become exactly the given ones, all of this company.
    syncTags: async (tenant: TenantContext, body: TagsSyncBody) => {
      const tagIds = [...new Set(body.tags.map((tag) => tag.id))];
      const contact = await withTransaction(db, async (tx) => {
        const row = await repo.lockContact(tx, tenant.companyId, body.contactId);
        if (!row) throw contactNotFound();
        const found = await existingTagIds(tx, tenant.companyId, tagIds);
        if (found.length !== tagIds.length) throw invalidField('body.tags', 'validation.unknownTag');
        await repo.replaceContactTags(tx, tenant.companyId, row.id, tagIds);
        const view = await loadContactView(tx, row);
        await recordContactEvent(tx, tenant.companyId, 'contact.updated', view);
        return view;
      });
      return announce(tenant, 'update', contact);
    },
  };
};

export type ContactsService = ReturnType<typeof createContactsService>;
