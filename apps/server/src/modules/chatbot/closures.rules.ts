// A closure (closures.steps.ts closureFor) is what the company answers while closed, and since when
// it has been closed: the period's start decides whether the customer was already answered.
export type Closure = { message: string; since: Date | undefined };

// One answer per closed period: repeated messages during the same night get no second one.
export const alreadyAnswered = (closure: Closure, answeredAt: Date | null) =>
  answeredAt !== null && (closure.since === undefined || answeredAt >= closure.since);
