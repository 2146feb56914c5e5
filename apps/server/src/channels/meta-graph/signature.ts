// Meta signs every webhook delivery with the app secret: X-Hub-Signature-256 is
// "sha256=" + hex HMAC-SHA256 of the raw request body.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signBody = (rawBody: Buffer | string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

export const hasValidSignature = (rawBody: Buffer, header: string | undefined, appSecret: string) => {
  if (!header) return false;
  const expected = Buffer.from(signBody(rawBody, appSecret));
  const given = Buffer.from(header.trim().toLowerCase());
  // timingSafeEqual needs equal lengths; a length mismatch is a wrong signature anyway
  return given.length === expected.length && timingSafeEqual(given, expected);
};
