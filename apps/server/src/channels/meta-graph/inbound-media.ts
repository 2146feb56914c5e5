// Media a customer sent through a Meta channel (or a Telegram bot), kept in the company's storage
// like an upload: typed by content against the same allow-list, so a hostile file is dropped, not served.
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { checkMedia } from '../../platform/media.ts';
import { MEDIA_FOLDER } from '../../modules/messages/outbound-message.service.ts';

export const MAX_INBOUND_MEDIA_BYTES = 20 * 1024 * 1024;

export const storeInboundMedia = async (storage: Storage, companyId: number, data: Buffer, fileName: string) => {
  try {
    const checked = await checkMedia(data, fileName);
    const name = await storage.save(companyId, MEDIA_FOLDER, data, checked.extension);
    return { mediaUrl: storage.urlOf(companyId, MEDIA_FOLDER, name), mediaType: checked.mediaType };
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
};
