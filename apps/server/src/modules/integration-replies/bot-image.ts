// An image a bot sends by its URL is fetched and stored like any media, so the channel sends the
// picture; one that cannot be fetched, or is not an image, is sent as its link instead. The URL
// comes from the company's bot, so it goes through the guarded client: an internal address is
// never fetched, and never stored as the company's media.
import { checkMedia } from '../../platform/media.ts';
import type { OutboundHttp } from '../../platform/outbound-http.ts';
import type { Storage } from '../../platform/storage.ts';
import { MEDIA_FOLDER } from '../messages/outbound-message.service.ts';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const storeBotImage = async (http: OutboundHttp, storage: Storage, companyId: number, url: string, timeoutMs: number) => {
  try {
    const response = await http.request(url, { timeoutMs, maxBytes: MAX_IMAGE_BYTES });
    if (response.status < 200 || response.status > 299) return undefined;
    const checked = await checkMedia(response.body, 'image');
    if (checked.mediaType !== 'image') return undefined;
    return storage.urlOf(companyId, MEDIA_FOLDER, await storage.save(companyId, MEDIA_FOLDER, response.body, checked.extension));
  } catch {
    return undefined;
  }
};
