// Payloads that connect Meta accounts: a WhatsApp Cloud API number, and Facebook pages or
// Instagram accounts through a Facebook login (02-operations §7 Connections, POST /facebook).
import { z } from 'zod';
import { boundedText } from './validation.ts';

const graphId = z.string().trim().regex(/^\d{1,30}$/, 'validation.invalidNumber');
const accessToken = z.string().trim().min(10).max(1000);

export const cloudConnectionBody = z.strictObject({
  name: boundedText(2, 50),
  phoneNumberId: graphId,
  accessToken,
});
export type CloudConnectionBody = z.infer<typeof cloudConnectionBody>;

export const facebookConnectBody = z.strictObject({
  facebookUserId: graphId,
  facebookUserToken: accessToken,
  addInstagram: z.boolean().optional(),
});
export type FacebookConnectBody = z.infer<typeof facebookConnectBody>;
