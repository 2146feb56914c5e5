// What the actions of a running rule carry into the events they cause (docs/automation.md): the
// depth of the chain and the rule, so a rule's own change never triggers it again and a chain of
// rules stops at MAX_AUTOMATION_DEPTH. Carried in async context rather than through the thirty
// call sites that record ticket and message events.
import { AsyncLocalStorage } from 'node:async_hooks';

export const MAX_AUTOMATION_DEPTH = 3;

export type AutomationCause = { depth: number; ruleId: number | null };

const running = new AsyncLocalStorage<AutomationCause>();

export const currentCause = (): AutomationCause => running.getStore() ?? { depth: 0, ruleId: null };

export const withCause = <T>(cause: AutomationCause, work: () => Promise<T>) => running.run(cause, work);
