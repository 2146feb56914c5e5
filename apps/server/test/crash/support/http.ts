// The crash tests' client of a spawned server: one JSON call, and a wait on a condition that
// polls rather than sleeping a fixed time.
export const callServer = async (baseUrl: string, method: string, path: string, token?: string, body?: unknown) => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined };
};

// Resolves with the probe's first value other than undefined; `context` adds what helps to read a
// timeout (the server's output).
export const waitFor = async <T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number, context = () => ''): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export const waitUntil = async (done: () => boolean | Promise<boolean>, what: string, timeoutMs: number, context?: () => string) => {
  await waitFor(what, async () => ((await done()) ? true : undefined), timeoutMs, context);
};
