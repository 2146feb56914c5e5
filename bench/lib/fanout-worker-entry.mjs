// A worker thread does not inherit tsx's loader on Node 20: this entry registers it in the thread,
// then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./fanout-worker.ts');
