import { connectionsEndpoints } from '@atende/shared/connections';
import { metaChannelsEndpoints, type CloudConnectionBody, type FacebookConnectBody } from '@atende/shared/meta-channels';
import { emailEndpoints, type EmailConnectionBody } from '@atende/shared/email';
import { telegramEndpoints, type TelegramConnectionBody } from '@atende/shared/telegram';
import { webchatEndpoints, type WebchatConnectionBody } from '@atende/shared/webchat';
import { whatsappSessionEndpoints } from '@atende/shared/whatsapp-sessions';
import { callEndpoint, sendFormToEndpoint } from '../../lib/endpoint-client.ts';

// 02-operations §7 Connections: session commands of WhatsApp Web, Meta account and Telegram bot
// connects, and the greeting attachment.
export const sessionApi = {
  tryAgain: (id: number) => callEndpoint(whatsappSessionEndpoints.tryAgain, { params: { whatsappId: id } }),
  newQr: (id: number) => callEndpoint(whatsappSessionEndpoints.newQr, { params: { whatsappId: id } }),
  disconnect: (id: number) => callEndpoint(whatsappSessionEndpoints.disconnect, { params: { whatsappId: id } }),
  restartAll: () => callEndpoint(whatsappSessionEndpoints.restartAll),
  closeImported: (id: number) => callEndpoint(whatsappSessionEndpoints.closeImported, { params: { whatsappId: id } }),
  connectCloudApi: (body: CloudConnectionBody) => callEndpoint(metaChannelsEndpoints.connectCloudApi, { body }),
  connectFacebook: (body: FacebookConnectBody) => callEndpoint(metaChannelsEndpoints.connectFacebook, { body }),
  connectTelegram: (body: TelegramConnectionBody) => callEndpoint(telegramEndpoints.connect, { body }),
  connectEmail: (body: EmailConnectionBody) => callEndpoint(emailEndpoints.connect, { body }),
  createWebchat: (body: WebchatConnectionBody) => callEndpoint(webchatEndpoints.connect, { body }),
  webchatSettings: (id: number) => callEndpoint(webchatEndpoints.settings, { params: { whatsappId: id } }),
  updateWebchat: (id: number, body: WebchatConnectionBody) => callEndpoint(webchatEndpoints.update, { params: { whatsappId: id }, body }),
  uploadGreetingMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return sendFormToEndpoint(connectionsEndpoints.uploadGreetingMedia, form, { params: { whatsappId: id } });
  },
  removeGreetingMedia: (id: number) => callEndpoint(connectionsEndpoints.clearGreetingMedia, { params: { whatsappId: id } }),
};
