// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 30-second steps, six
// digits, the secret in base32 as authenticator apps take it. Pure: the caller passes the time, so
// the server reads it from its injected clock and tests compute the code a phone would show.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
// a phone's clock may be a step ahead or behind the server's
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const base32Encode = (bytes: Buffer) => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
};

// Spaces, padding and lower case are forgiven: people copy keys in groups.
export const base32Decode = (text: string) => {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not a base32 secret');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
};

export const generateTotpSecret = () => base32Encode(randomBytes(SECRET_BYTES));

export const totpStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);

// RFC 4226 §5.3: the dynamic truncation of the counter's HMAC
export const hotp = (key: Buffer, counter: number, digits = TOTP_DIGITS) => {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
};

export const totpCode = (secret: string, at: Date) => hotp(base32Decode(secret), totpStep(at));

// The step whose code this is (the current one, or one step either side), or null. Every
// candidate is compared in constant time, so the answer's timing tells nothing of the code.
export const matchTotpStep = (secret: string, code: string, at: Date): number | null => {
  const given = Buffer.from(code.replace(/\s/g, ''));
  const key = base32Decode(secret);
  const now = totpStep(at);
  let matched: number | null = null;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step += 1) {
    const expected = Buffer.from(hotp(key, step));
    if (expected.length === given.length && timingSafeEqual(expected, given) && matched === null) matched = step;
  }
  return matched;
};

// The key URI authenticator apps read from the QR code (Google Authenticator's Key Uri Format).
export const otpauthUri = ({ issuer, account, secret }: { issuer: string; account: string; secret: string }) => {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
};
