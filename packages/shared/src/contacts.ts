// Contact entity (01-core §3 Contact). Schemas for the contact calls live here too.
import { z } from 'zod';
import { connectionChannels } from './connections.ts';
import { defineEndpoint } from './contract.ts';
import { normalizeNumber } from './phone.ts';
import { tagsSyncBody, tagView } from './tags.ts';
import { idParam, pageNumberQuery, searchParamQuery, validationMessages } from './validation.ts';

const id = z.number().int();

export const contactExtraInfo = z.object({ id, name: z.string(), value: z.string() });
export type ContactExtraInfo = z.infer<typeof contactExtraInfo>;

export const contactView = z
  .object({
    id,
    uuid: z.string(),
    companyId: id,
    name: z.string(),
    number: z.string(),
    email: z.string(),
    urlPicture: z.string(),
    active: z.boolean(),
    disableBot: z.boolean(),
    acceptAudioMessage: z.boolean(),
    lgpdAcceptedAt: z.string().nullable(),
    walletUserId: id.nullable(),
    whatsappId: id.nullable(),
    whatsapp: z.object({ id, name: z.string() }).nullable(),
    channel: z.string(),
    isGroup: z.boolean(),
    extraInfo: z.array(contactExtraInfo),
    tags: z.array(tagView),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Contact' });
export type ContactView = z.infer<typeof contactView>;

export const CONTACTS_PAGE_SIZE = 20;
// 01-core §5 Contact form gives 2..50 and 2..250 for the name; the server takes the wider one.
export const CONTACT_NAME_BOUNDS = { min: 2, max: 250 } as const;
export const CONTACT_NUMBER_BOUNDS = { min: 8, max: 50 } as const;
export const CONTACT_EXTRA_INFO = { maxEntries: 50, nameMax: 100, valueMax: 1000 } as const;

// Contact-specific message key (not in validation.ts): the number has too few digits.
export const contactValidationMessages = { invalidNumber: 'validation.invalidNumber' } as const;

// The web sends companyId with the contact calls (01-core §7); the tenant comes from the token,
// so it is accepted and ignored.
const ignoredCompanyId = z.unknown().optional();

// Digits are stored (01-core §3). A value holding '*' is the masked number a profile user was
// shown under lgpdHideNumber, sent back unchanged by the form; the server keeps the stored number
// when it matches the mask, and refuses it otherwise.
const contactNumber = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, validationMessages.required)
  .min(CONTACT_NUMBER_BOUNDS.min, validationMessages.tooShort)
  .max(CONTACT_NUMBER_BOUNDS.max, validationMessages.tooLong)
  .transform((raw, ctx) => {
    if (raw.includes('*')) return raw;
    const digits = normalizeNumber(raw);
    if (digits.length < CONTACT_NUMBER_BOUNDS.min) {
      ctx.addIssue({ code: 'custom', message: contactValidationMessages.invalidNumber });
      return z.NEVER;
    }
    return digits;
  });

const contactEmail = z
  .string()
  .trim()
  .max(254, validationMessages.tooLong)
  .refine((value) => value === '' || z.email().safeParse(value).success, validationMessages.invalidEmail);

// Entries with an id update that entry; entries without one are added; stored entries missing
// from the list are removed. The web may echo extra fields of the entry (contactId, dates).
export const contactExtraInfoInput = z.object({
  id: idParam.optional(),
  name: z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, validationMessages.required)
    .max(CONTACT_EXTRA_INFO.nameMax, validationMessages.tooLong),
  value: z.string().max(CONTACT_EXTRA_INFO.valueMax, validationMessages.tooLong).default(''),
});
export type ContactExtraInfoInput = z.infer<typeof contactExtraInfoInput>;

const contactFields = {
  name: z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, validationMessages.required)
    .min(CONTACT_NAME_BOUNDS.min, validationMessages.tooShort)
    .max(CONTACT_NAME_BOUNDS.max, validationMessages.tooLong),
  number: contactNumber,
  email: contactEmail.optional(),
  extraInfo: z.array(contactExtraInfoInput).max(CONTACT_EXTRA_INFO.maxEntries, validationMessages.tooLong).optional(),
  disableBot: z.boolean().optional(),
  acceptAudioMessage: z.boolean().optional(),
  whatsappId: idParam.nullable().optional(),
  // the contact's own attendant (wallet), used when DirectTicketsToWallets is enabled
  walletUserId: idParam.nullable().optional(),
  companyId: ignoredCompanyId,
};

export const contactCreateBody = z.strictObject(contactFields);
export type ContactCreateBody = z.infer<typeof contactCreateBody>;

// Fields left out keep their value; extraInfo, when sent, replaces the set.
export const contactUpdateBody = z.strictObject({
  ...contactFields,
  name: contactFields.name.optional(),
  number: contactFields.number.optional(),
});
export type ContactUpdateBody = z.infer<typeof contactUpdateBody>;

// contactTag: a JSON-encoded array of tag ids, or one id; contacts with any of them match.
const contactTagQuery = z
  .string()
  .max(2000)
  .transform((raw, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const list = Array.isArray(parsed) ? parsed : [parsed];
    const ids = z.array(idParam).max(200).safeParse(list);
    if (!ids.success) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalidTagList' });
      return z.NEVER;
    }
    return [...new Set(ids.data)];
  });

export const contactsListQuery = z.strictObject({
  searchParam: searchParamQuery,
  pageNumber: pageNumberQuery,
  // one of the channels (issue 41 point 4): the contacts page's channel select
  channel: z.enum(connectionChannels).optional(),
  isGroup: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  contactTag: contactTagQuery.optional(),
  companyId: ignoredCompanyId,
});
export type ContactsListQuery = z.infer<typeof contactsListQuery>;

// GET /contacts/list sends companyId; nothing else is read.
export const contactsAllQuery = z.strictObject({ companyId: ignoredCompanyId });

export const contactBlockBody = z.strictObject({ active: z.boolean() });
export type ContactBlockBody = z.infer<typeof contactBlockBody>;

export const contactProfileParams = z.strictObject({
  number: z.string().trim().min(1).max(CONTACT_NUMBER_BOUNDS.max),
});

export const contactsPage = z.object({ contacts: z.array(contactView), hasMore: z.boolean(), count: id }).meta({ id: 'ContactPage' });
export type ContactsPage = z.infer<typeof contactsPage>;
export const contactSummary = z.object({ id, name: z.string(), number: z.string(), email: z.string() }).meta({ id: 'ContactSummary' });
export type ContactSummary = z.infer<typeof contactSummary>;
export const contactProfileAnswer = z.object({ contactId: id, urlPicture: z.string() }).meta({ id: 'ContactProfile' });
export type ContactProfileAnswer = z.infer<typeof contactProfileAnswer>;
export const contactTagsAnswer = z.object({ tags: z.array(tagView) }).meta({ id: 'ContactTags' });
export type ContactTagsAnswer = z.infer<typeof contactTagsAnswer>;

const contactIdParams = z.strictObject({ id: idParam });

// 01-core §7 contacts calls, with a contact's tags (POST /tags/sync, GET /contactTags/{id})
const notFound = { 404: ['ERR_NO_CONTACT_FOUND'] } as const;
// the number checked on WhatsApp when a session can answer; a connection or wallet user of another company
const savedContactErrors = {
  400: ['ERR_WAPP_CHECK_CONTACT', 'ERR_WAPP_INVALID_CONTACT'],
  404: ['ERR_NO_CONTACT_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_NO_USER_FOUND'],
  409: ['ERR_DUPLICATED_CONTACT'],
} as const;
export const contactsEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/contacts',
    query: contactsListQuery,
    response: contactsPage,
    operationId: 'listContacts',
    summary: 'A page of contacts, searched by name, number or email, filtered by channel, group or tags',
  }),
  all: defineEndpoint({ method: 'GET', path: '/contacts/list', query: contactsAllQuery, response: z.array(contactSummary), operationId: 'listAllContacts', summary: 'Every contact of the company, by name' }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/contacts/profile/:number',
    params: contactProfileParams,
    response: contactProfileAnswer,
    operationId: 'showContactProfile',
    summary: 'The contact of a number, and its picture',
    errors: notFound,
  }),
  show: defineEndpoint({ method: 'GET', path: '/contacts/:id', params: contactIdParams, response: contactView, operationId: 'showContact', summary: 'One contact with its tags and extra info', errors: notFound }),
  create: defineEndpoint({
    method: 'POST',
    path: '/contacts',
    body: contactCreateBody,
    response: contactView,
    status: 201,
    operationId: 'createContact',
    summary: 'Adds a contact; its number is checked on WhatsApp when a session can answer',
    errors: { ...savedContactErrors, 404: ['ERR_NO_WAPP_FOUND', 'ERR_NO_USER_FOUND'] },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/contacts/:id',
    params: contactIdParams,
    body: contactUpdateBody,
    response: contactView,
    operationId: 'updateContact',
    summary: 'Changes a contact; fields left out are kept, extraInfo sent replaces the set',
    errors: { 404: savedContactErrors[404], 409: savedContactErrors[409] },
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/contacts/:id', params: contactIdParams, response: null, status: 204, operationId: 'deleteContact', summary: 'Removes a contact', errors: notFound }),
  toggleAcceptAudio: defineEndpoint({
    method: 'PUT',
    path: '/contacts/toggleAcceptAudio/:id',
    params: contactIdParams,
    response: contactView,
    operationId: 'toggleContactAcceptAudio',
    summary: 'Switches whether the contact may send audio messages',
    errors: notFound,
  }),
  toggleDisableBot: defineEndpoint({
    method: 'PUT',
    path: '/contacts/toggleDisableBot/:id',
    params: contactIdParams,
    response: contactView,
    operationId: 'toggleContactDisableBot',
    summary: 'Switches whether the chatbot answers the contact',
    errors: notFound,
  }),
  block: defineEndpoint({
    method: 'PUT',
    path: '/contacts/block/:id',
    params: contactIdParams,
    body: contactBlockBody,
    response: contactView,
    operationId: 'blockContact',
    summary: 'Blocks (active false) or unblocks a contact',
    errors: notFound,
  }),
  syncTags: defineEndpoint({
    method: 'POST',
    path: '/tags/sync',
    body: tagsSyncBody,
    response: contactView,
    operationId: 'syncContactTags',
    summary: "Makes the given tags exactly the contact's tags",
    errors: notFound,
  }),
  tags: defineEndpoint({
    method: 'GET',
    path: '/contactTags/:contactId',
    params: z.strictObject({ contactId: idParam }),
    response: contactTagsAnswer,
    operationId: 'listContactTags',
    summary: "A contact's tags",
    errors: notFound,
  }),
};
