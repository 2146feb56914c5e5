// Payloads that connect Meta accounts: a WhatsApp Cloud API number, and Facebook pages or
// Instagram accounts through a Facebook login (02-operations §7 Connections, POST /facebook).
import { z } from 'zod';
import { connectionView } from './connections.ts';
import { defineEndpoint } from './contract.ts';
import { boundedText } from './validation.ts';

const graphId = z.string().trim().regex(/^\d{1,30}$/, 'validation.invalidNumber');
const accessToken = z.string().trim().min(10).max(1000);

export const cloudConnectionBody = z
  .strictObject({
    name: boundedText(2, 50),
    phoneNumberId: graphId,
    accessToken,
  })
  .meta({ id: 'CloudConnectionBody' });
export type CloudConnectionBody = z.infer<typeof cloudConnectionBody>;

export const facebookConnectBody = z
  .strictObject({
    facebookUserId: graphId,
    facebookUserToken: accessToken,
    addInstagram: z.boolean().optional(),
  })
  .meta({ id: 'FacebookConnectBody' });
export type FacebookConnectBody = z.infer<typeof facebookConnectBody>;

// what Meta refuses (a token it does not take) is a 400 with the Graph API's reason; Meta out of reach a 503
const connectErrors = {
  400: ['ERR_INVALID_CREDENTIALS', 'ERR_SENDING_WAPP_MSG'],
  403: ['ERR_PLAN_CONNECTION_LIMIT'],
  409: ['ERR_CONNECTION_IN_USE'],
  503: ['ERR_INTERNAL'],
} as const;

export const metaChannelsEndpoints = {
  connectCloudApi: defineEndpoint({
    method: 'POST',
    path: '/whatsappapi/connections',
    body: cloudConnectionBody,
    response: connectionView,
    status: 201,
    operationId: 'connectCloudApiNumber',
    summary: 'Connects a WhatsApp Cloud API number by its phone number id and access token, checked with the Graph API',
    errors: connectErrors,
  }),
  connectFacebook: defineEndpoint({
    method: 'POST',
    path: '/facebook',
    body: facebookConnectBody,
    response: z.array(connectionView),
    status: 201,
    operationId: 'connectFacebookAccounts',
    summary: "Turns a Facebook login into a connection per page (or per linked Instagram account) and subscribes each page to this app's webhooks",
    errors: { ...connectErrors, 404: ['ERR_NO_WAPP_FOUND'] },
  }),
};
