// Raw HTTP for sweeps (any method, content type and body) and the checks every answer must pass.
export type RawAnswer = { status: number; text: string; headers: Headers };

export const sendRaw = async (
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; contentType?: string; body?: string | Buffer | FormData; cookie?: string } = {},
): Promise<RawAnswer> => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(baseUrl + path, { method, headers, body: options.body as BodyInit | undefined });
  return { status: response.status, text: await response.text(), headers: response.headers };
};

const leakPatterns: Array<[string, RegExp]> = [
  ['stack frame', /\bat .*[\\/][^\s]*\.(?:[cm]?[jt]s|tsx?):\d+/],
  ['stack frame', /\n\s+at [\w$.<>]+ \(/],
  ['error with stack', /\b\w*Error: .*\n\s+at /],
  ['node_modules path', /node_modules[\\/]/],
  ['argon2 hash', /\$argon2/],
  ['password hash field', /"password_?hash"\s*:/i],
];

// Problems with one answer's body, empty when it is clean.
export const leaksIn = (text: string, secrets: string[]) => {
  const found = leakPatterns.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
  for (const secret of secrets) if (secret && text.includes(secret)) found.push('a JWT secret');
  return found;
};
