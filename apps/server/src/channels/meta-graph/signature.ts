// Meta signs every webhook delivery with the app secret: X-Hub-Signature-256 is
// "sha256=" + hex HMAC-SHA256 of the raw request body.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signBody = (rawBody: Buffer | string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

// Constant-time comparison; timingSafeEqual needs equal lengths, and a length mismatch is a
// mismatch anyway.
export const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const hasValidSignature = (rawBody: Buffer, header: string | undefined, appSecret: string) =>
  header !== undefined && sameSecret(header.trim().toLowerCase(), signBody(rawBody, appSecret));
