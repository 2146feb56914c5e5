// Contact entity (01-core §3 Contact). Schemas for the contact calls live here too.
import { z } from 'zod';
import { normalizeNumber } from './phone.ts';
import type { TagView } from './tags.ts';
import { idParam, pageNumberQuery, searchParamQuery, validationMessages } from './validation.ts';

export type ContactExtraInfo = { id: number; name: string; value: string };

export type ContactView = {
  id: number;
  uuid: string;
  companyId: number;
  name: string;
  number: string;
  email: string;
  urlPicture: string;
  active: boolean;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  lgpdAcceptedAt: string | null;
  walletUserId: number | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  channel: string;
  isGroup: boolean;
  extraInfo: ContactExtraInfo[];
  tags: TagView[];
  createdAt: string;
  updatedAt: string;
};

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
  channel: z.string().trim().max(50).optional(),
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

export type ContactsPage = { contacts: ContactView[]; hasMore: boolean; count: number };
export type ContactSummary = { id: number; name: string; number: string; email: string };
export type ContactProfileAnswer = { contactId: number; urlPicture: string };
