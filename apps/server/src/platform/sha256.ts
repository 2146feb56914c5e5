// The digest every stored secret is kept as (API keys, account links, webhook secrets): a lookup
// by the hash finds the row, and a database dump gives no usable secret.
import { createHash } from 'node:crypto';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
