// Baileys' protobuf namespace. Baileys is CommonJS, and Node's ESM loader cannot see `proto` among
// its named exports (vitest can, a real server cannot), so it is taken through require.
import { createRequire } from 'node:module';
import type { proto as Proto } from '@whiskeysockets/baileys';

const require = createRequire(import.meta.url);

export const waProto: typeof Proto = (require('@whiskeysockets/baileys') as { proto: typeof Proto }).proto;
