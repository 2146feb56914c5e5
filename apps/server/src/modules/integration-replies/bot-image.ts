// An image a bot sends by its URL is fetched and stored like any media, so the channel sends the
// picture; one that cannot be fetched, or is not an image, is sent as its link instead.
import { checkMedia } from '../../platform/media.ts';
import type { Storage } from '../../platform/storage.ts';
import { MEDIA_FOLDER } from '../messages/outbound-message.service.ts';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const storeBotImage = async (storage: Storage, companyId: number, url: string, timeoutMs: number) => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok || Number(response.headers.get('content-length') ?? 0) > MAX_IMAGE_BYTES) return undefined;
    const data = Buffer.from(await response.arrayBuffer());
    if (data.length > MAX_IMAGE_BYTES) return undefined;
    const checked = await checkMedia(data, 'image');
    if (checked.mediaType !== 'image') return undefined;
    return storage.urlOf(companyId, MEDIA_FOLDER, await storage.save(companyId, MEDIA_FOLDER, data, checked.extension));
  } catch {
    return undefined;
  }
};
