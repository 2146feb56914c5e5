// Quick messages (02-operations §3 Quick message, §5, §6, §7 Quick messages).
import { z } from 'zod';
import type { Profile } from './permissions.ts';
import { boundedText, pageNumberQuery, searchParamQuery } from './validation.ts';

export type QuickMessageView = {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  visao: boolean;
  status: 'active' | 'inactive';
  userId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
};
export type QuickMessagesPage = { records: QuickMessageView[]; count: number; hasMore: boolean };

export const QUICK_MESSAGES_PAGE_SIZE = 20;
export const QUICK_MESSAGE_MEDIA_MAX_BYTES = 20 * 1024 * 1024;

type Reader = { id: number; profile: Profile };

// Who sees a quick message: its owner, everyone when it is general (geral), or others may read it
// when visao is on. Who changes it: its owner or an admin (§6: others read only).
export const canSeeQuickMessage = (reader: Reader, record: Pick<QuickMessageView, 'userId' | 'geral' | 'visao'>) =>
  record.userId === reader.id || record.geral || record.visao;
export const canEditQuickMessage = (reader: Reader, record: Pick<QuickMessageView, 'userId'>) => reader.profile === 'admin' || record.userId === reader.id;

const ignored = z.unknown().optional();

const messageText = z.string().max(10_000, 'validation.tooLong');
const status = z.enum(['active', 'inactive']);

export const quickMessageBody = z.strictObject({
  shortcode: boundedText(1, 100),
  message: messageText.default(''),
  geral: z.boolean().default(false),
  visao: z.boolean().default(false),
  status: status.default('active'),
  // the web sends these; media come through the upload call and the owner from the token
  mediaPath: ignored,
  userId: ignored,
  companyId: ignored,
});
export type QuickMessageBody = z.infer<typeof quickMessageBody>;

// PUT: the fields sent change, the others stay.
export const quickMessageUpdateBody = z.strictObject({
  shortcode: boundedText(1, 100).optional(),
  message: messageText.optional(),
  geral: z.boolean().optional(),
  visao: z.boolean().optional(),
  status: status.optional(),
  mediaPath: ignored,
  userId: ignored,
  companyId: ignored,
});
export type QuickMessageUpdateBody = z.infer<typeof quickMessageUpdateBody>;

export const quickMessagesPageQuery = z.strictObject({ searchParam: searchParamQuery, pageNumber: pageNumberQuery, companyId: ignored, userId: ignored });
export type QuickMessagesPageQuery = z.infer<typeof quickMessagesPageQuery>;

export const quickMessagesListQuery = z.strictObject({ companyId: ignored, userId: ignored });
