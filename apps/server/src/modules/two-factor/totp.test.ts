import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, hotp, matchTotpStep, otpauthUri, totpCode, totpStep } from './totp.ts';

// RFC 6238 Appendix B and RFC 4226 Appendix D use the ASCII secret "12345678901234567890" for SHA-1.
const rfcKey = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (issue 38 point 4)', () => {
  it('RFC 4226 Appendix D: HOTP values for counters 0 to 9', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(rfcKey, counter))).toEqual(expected);
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('RFC 6238 Appendix B (SHA-1): at %i s the 8-digit code is %s', (seconds, code) => {
    expect(hotp(rfcKey, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it('base32 round-trips, forgiving spaces, padding and lower case', () => {
    const secret = base32Encode(rfcKey);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret.toLowerCase().replace(/(.{4})/g, '$1 ') + '==')).toEqual(rfcKey);
    expect(() => base32Decode('not base32!')).toThrow();
  });

  it('a generated secret is 20 random bytes in base32', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('accepts the current step and one either side, and answers which step matched', () => {
    const secret = base32Encode(rfcKey);
    const at = new Date(1_700_000_000_000);
    const step = totpStep(at);
    const previous = new Date(at.getTime() - 30_000);
    const next = new Date(at.getTime() + 30_000);
    expect(matchTotpStep(secret, totpCode(secret, at), at)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, previous), at)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, next), at)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() - 60_000)), at)).toBeNull();
    expect(matchTotpStep(secret, '12345', at)).toBeNull();
  });

  it('the otpauth URI names the issuer and the account', () => {
    expect(otpauthUri({ issuer: 'O Plano', account: 'ana@example.com', secret: 'ABC' })).toBe(
      'otpauth://totp/O%20Plano:ana%40example.com?secret=ABC&issuer=O+Plano&algorithm=SHA1&digits=6&period=30',
    );
  });
});
