// Keys companies give us (an AI prompt's apiKey and voiceKey) are kept encrypted at rest with
// AES-256-GCM under SECRETS_ENCRYPTION_KEY: a stolen database dump holds no usable key, and a
// changed ciphertext fails to open instead of yielding a wrong key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export type SecretBox = { seal: (plain: string) => string; open: (sealed: string) => string };

export const createSecretBox = (key: Buffer): SecretBox => ({
  // v1.<iv>.<tag>.<ciphertext>, base64url: the version lets a later key or cipher coexist
  seal: (plain) => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  },
  open: (sealed) => {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  },
});
