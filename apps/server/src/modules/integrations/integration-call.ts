// One HTTP call to a queue integration's server, with the failures a ticket note may name: only
// `HTTP <status>`, `timeout`, `unreachable`, `invalid answer`, `answer too large` or
// `ERR_OUTBOUND_ADDRESS_REFUSED`, never the server's own words (they could quote a key). A refused
// address is never called, so no status or body of an internal service can reach a note.
// Retries are the job runner's.
import { OutboundError, type OutboundHttp } from '../../platform/outbound-http.ts';

export class IntegrationFailure extends Error {
  constructor(
    readonly reason: string,
    // a refused request (4xx other than 408 and 429) will not pass on a retry
    readonly permanent = false,
  ) {
    super(reason);
  }
}

const isPermanentStatus = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

export const invalidAnswer = () => new IntegrationFailure('invalid answer');

// the largest answer an integration may give: its JSON carries a few messages, not files
export const MAX_ANSWER_BYTES = 1024 * 1024;

const failureOf = (error: OutboundError) => {
  switch (error.reason) {
    // the address is the integration's own setting: a retry reaches the same refusal
    case 'address refused':
      return new IntegrationFailure('ERR_OUTBOUND_ADDRESS_REFUSED', true);
    case 'too large':
      return new IntegrationFailure('answer too large');
    case 'timeout':
      return new IntegrationFailure('timeout');
    default:
      return new IntegrationFailure('unreachable');
  }
};

// Answers the response body, parsed as JSON when there is one (undefined when it is empty).
export const callIntegration = async (
  http: OutboundHttp,
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<unknown> => {
  let response;
  try {
    response = await http.request(url, { ...init, maxBytes: MAX_ANSWER_BYTES });
  } catch (error) {
    throw error instanceof OutboundError ? failureOf(error) : new IntegrationFailure('unreachable');
  }
  if (response.status < 200 || response.status > 299) throw new IntegrationFailure(`HTTP ${response.status}`, isPermanentStatus(response.status));
  const text = response.body.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidAnswer();
  }
};
