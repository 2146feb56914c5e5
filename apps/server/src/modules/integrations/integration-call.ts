// One HTTP call to a queue integration's server, with the failures a ticket note may name: only
// `HTTP <status>`, `timeout`, `unreachable` or `invalid answer`, never the server's own words
// (they could quote a key). Retries are the job runner's.
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

// Answers the response body, parsed as JSON when there is one (undefined when it is empty).
export const callIntegration = async (url: string, init: RequestInit & { timeoutMs: number }): Promise<unknown> => {
  const { timeoutMs, ...request } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new IntegrationFailure(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable');
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new IntegrationFailure(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable');
  }
  if (!response.ok) throw new IntegrationFailure(`HTTP ${response.status}`, isPermanentStatus(response.status));
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidAnswer();
  }
};
