import type { EndpointResult } from '@atende/shared/contract';
import { messagesApiEndpoints } from '@atende/shared/messages-api';
import { ApiError } from '../../lib/api-error.ts';

export const EXTERNAL_SEND_PATH = messagesApiEndpoints.send.path;

// The external API answers to a connection's token, not the signed-in user's, so it is called
// directly rather than through the session's API client.
export const sendExternal = async (token: string, payload: { json: Record<string, unknown> } | { form: FormData }) => {
  const response = await fetch(EXTERNAL_SEND_PATH, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...('json' in payload ? { 'content-type': 'application/json' } : {}) },
    body: 'json' in payload ? JSON.stringify(payload.json) : payload.form,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, body, text);
  return body as EndpointResult<typeof messagesApiEndpoints.send>;
};
