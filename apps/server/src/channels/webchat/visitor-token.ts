// A visitor's token is 32 random bytes the widget keeps in the browser's localStorage. The server
// keeps only its hash, as the visitor contact's number: digits, as every channel's contact number
// is, so the pipeline finds the same contact from the same token on every page load and visit.
import { createHash, randomBytes } from 'node:crypto';

export const newVisitorToken = () => randomBytes(32).toString('base64url');

// 12 bytes of the token's SHA-256 as a decimal number (96 bits: no two visitors meet)
export const visitorNumberOf = (token: string) => {
  const digest = createHash('sha256').update(token).digest();
  return BigInt(`0x${digest.subarray(0, 12).toString('hex')}`).toString(10);
};

export const isVisitorTokenShape = (token: unknown): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
