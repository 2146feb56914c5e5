// Dialogflow ES through its REST API (POST {DIALOGFLOW_URL}/v2/projects/{project}/agent/sessions/
// {session}:detectIntent), authorised by the integration's service account with google-auth-
// library: a JWT the service account signs itself for Dialogflow's audience (Google's "self-signed
// JWT" for service accounts), so no token exchange is needed and no key leaves the server.
import { JWT } from 'google-auth-library';
import { z } from 'zod';
import { createOutboundHttp } from '../../platform/outbound-http.ts';
import { callIntegration, IntegrationFailure, invalidAnswer } from './integration-call.ts';
import type { IntegrationOutcome } from './integration-outcome.ts';

const DIALOGFLOW_AUDIENCE = 'https://dialogflow.googleapis.com/';

// DIALOGFLOW_URL is the operator's; a company's project name and the session only fill the path,
// escaped, so they cannot choose the host
const operatorHttp = createOutboundHttp({ addresses: 'operator' });

const serviceAccount = z.object({ client_email: z.string(), private_key: z.string(), private_key_id: z.string().optional() });

const detectAnswer = z.object({
  queryResult: z.object({
    fulfillmentText: z.string().optional(),
    fulfillmentMessages: z.array(z.object({ text: z.object({ text: z.array(z.string()).optional() }).optional() })).optional(),
    intent: z.object({ displayName: z.string().optional(), endInteraction: z.boolean().optional() }).optional(),
  }),
});

export type DetectIntentRequest = { jsonContent: string; projectName: string; language: string; sessionId: string; text: string };

export const createDialogflowClient = (settings: { dialogflowUrl: string; timeoutMs: number }) => ({
  detectIntent: async (request: DetectIntentRequest): Promise<IntegrationOutcome & { intent: string }> => {
    let account: z.infer<typeof serviceAccount>;
    try {
      account = serviceAccount.parse(JSON.parse(request.jsonContent));
    } catch {
      throw new IntegrationFailure('invalid service account', true);
    }
    const signer = new JWT({ email: account.client_email, key: account.private_key, keyId: account.private_key_id });
    let authorization: string | null;
    try {
      authorization = (await signer.getRequestHeaders(DIALOGFLOW_AUDIENCE)).get('authorization');
    } catch {
      // the library's message may quote the key
      throw new IntegrationFailure('invalid service account', true);
    }
    const path = `/v2/projects/${encodeURIComponent(request.projectName)}/agent/sessions/${encodeURIComponent(request.sessionId)}:detectIntent`;
    const answer = await callIntegration(operatorHttp, `${settings.dialogflowUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: authorization ?? '' },
      body: JSON.stringify({ queryInput: { text: { text: request.text, languageCode: request.language } } }),
      timeoutMs: settings.timeoutMs,
    });
    const parsed = detectAnswer.safeParse(answer);
    if (!parsed.success) throw invalidAnswer();
    const result = parsed.data.queryResult;
    const texts = (result.fulfillmentMessages ?? []).flatMap((message) => message.text?.text ?? []).filter((text) => text.trim() !== '');
    const bodies = texts.length ? texts : result.fulfillmentText?.trim() ? [result.fulfillmentText] : [];
    return { replies: bodies.map((body) => ({ body: body.trim() })), handOff: result.intent?.endInteraction === true, intent: result.intent?.displayName ?? '' };
  },
});

export type DialogflowClient = ReturnType<typeof createDialogflowClient>;
