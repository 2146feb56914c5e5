// A provider that delivers a stream of customers' messages to the sandbox webhook the way Meta
// does: each message is posted again, with the same provider id, until an answer is a 2xx —
// through refused connections, resets and a restarting server. A few senders run at once.

export type StreamOptions = {
  url: () => string;
  token: string;
  connectionId: number;
  messages: number;
  customers: number;
  senders: number;
  // no retry loop runs past this moment
  deadline: number;
};

export type Delivery = { providerMessageId: string; from: string; status: number; attempts: number };

export const customerNumber = (customer: number) => `55119${String(10_000_000 + customer).slice(1)}`;
export const providerIdOf = (index: number) => `crash-${String(index).padStart(6, '0')}`;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

export const inboundStream = (options: StreamOptions) => {
  const deliveries: Delivery[] = [];
  let next = 0;
  let failedAttempts = 0;
  let fatal: Error | undefined;

  const deliver = async (index: number) => {
    const customer = index % options.customers;
    const body = {
      from: customerNumber(customer),
      name: `Customer ${customer}`,
      body: `message ${index} from customer ${customer}`,
      providerMessageId: providerIdOf(index),
    };
    for (let attempt = 1; ; attempt += 1) {
      if (fatal) return;
      if (Date.now() > options.deadline) throw new Error(`${body.providerMessageId} not acknowledged before the deadline`);
      try {
        const answer = await fetch(`${options.url()}/sandbox/${options.connectionId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${options.token}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        await answer.arrayBuffer();
        if (answer.status >= 200 && answer.status < 300) {
          deliveries.push({ providerMessageId: body.providerMessageId, from: body.from, status: answer.status, attempts: attempt });
          return;
        }
        // a 4xx will not heal by retrying: it is a bug the test must show, not wait out
        if (answer.status < 500) throw new Error(`${body.providerMessageId}: answered ${answer.status}`);
      } catch (error) {
        if (error instanceof Error && /answered 4/.test(error.message)) throw error;
        // refused or reset while the server is down: like Meta, try again shortly
      }
      failedAttempts += 1;
      await pause(Math.min(50 * attempt, 500));
    }
  };

  const sender = async () => {
    while (!fatal && next < options.messages) {
      const index = next;
      next += 1;
      try {
        await deliver(index);
      } catch (error) {
        fatal ??= error as Error;
      }
    }
  };

  const finished = Promise.all(Array.from({ length: options.senders }, sender)).then(() => {
    if (fatal) throw fatal;
    return deliveries;
  });
  // keep an early failure from being reported as unhandled before the test awaits it
  finished.catch(() => undefined);

  return {
    finished,
    acknowledged: () => deliveries.length,
    failedAttempts: () => failedAttempts,
    stopped: () => fatal !== undefined || deliveries.length === options.messages,
  };
};
