// Typebot's chat API v1 (a published bot): POST {url}/api/v1/typebots/{slug}/startChat opens a
// session and answers the bot's first messages; POST {url}/api/v1/sessions/{id}/continueChat
// relays the customer's reply. Text bubbles are asked for as markdown, which WhatsApp reads well.
import { z } from 'zod';
import type { OutboundHttp } from '../../platform/outbound-http.ts';
import { callIntegration, invalidAnswer } from './integration-call.ts';
import type { BotReply } from './integration-outcome.ts';

type RichNode = { text?: string; children?: RichNode[] };

const richTextOf = (nodes: RichNode[]): string =>
  nodes.map((node) => (node.text ?? '') + (node.children ? richTextOf(node.children) : '')).join('');

const bubble = z.object({
  type: z.string(),
  content: z
    .object({ markdown: z.string().optional(), richText: z.array(z.unknown()).optional(), url: z.string().optional() })
    .partial()
    .optional(),
});

const chatAnswer = z.object({
  sessionId: z.string().optional(),
  messages: z.array(bubble).default([]),
  // absent when the flow has ended
  input: z
    .object({ type: z.string(), items: z.array(z.object({ content: z.string().optional() })).optional() })
    .nullish(),
});

export type TypebotTurn = { sessionId?: string; replies: BotReply[]; choices: string[]; ended: boolean };

const repliesOf = (messages: z.infer<typeof bubble>[]): BotReply[] =>
  messages.flatMap((message): BotReply[] => {
    const content = message.content ?? {};
    if (message.type === 'text') {
      const text = content.markdown ?? (content.richText ? (content.richText as RichNode[]).map((block) => richTextOf([block])).join('\n') : '');
      return text.trim() ? [{ body: text.trim() }] : [];
    }
    if (message.type === 'image' && content.url) return [{ imageUrl: content.url }];
    // video, audio and embeds travel as their link
    if (content.url) return [{ body: content.url }];
    return [];
  });

const turnOf = (answer: unknown): TypebotTurn => {
  const parsed = chatAnswer.safeParse(answer);
  if (!parsed.success) throw invalidAnswer();
  const { sessionId, messages, input } = parsed.data;
  const choices = input?.type === 'choice input' ? (input.items ?? []).map((item) => item.content ?? '').filter(Boolean) : [];
  const replies = repliesOf(messages);
  // a choice is offered as a numbered list, the way the bot's own menus are
  if (choices.length) replies.push({ body: choices.map((choice, index) => `*${index + 1}* - ${choice}`).join('\n') });
  return { sessionId, replies, choices, ended: !input };
};

// `http` is the guarded client: the typebot server's URL is the company's own
export const createTypebotClient = (settings: { timeoutMs: number; http: OutboundHttp }) => {
  const post = (url: string, body: unknown) =>
    callIntegration(settings.http, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), timeoutMs: settings.timeoutMs });
  return {
    start: async (baseUrl: string, slug: string, prefilledVariables: Record<string, string>) => {
      const turn = turnOf(
        await post(`${baseUrl.replace(/\/+$/, '')}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`, {
          isStreamEnabled: false,
          textBubbleContentFormat: 'markdown',
          prefilledVariables,
        }),
      );
      if (!turn.sessionId) throw invalidAnswer();
      return turn as TypebotTurn & { sessionId: string };
    },
    reply: async (baseUrl: string, sessionId: string, text: string) =>
      turnOf(
        await post(`${baseUrl.replace(/\/+$/, '')}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, {
          message: { type: 'text', text },
          textBubbleContentFormat: 'markdown',
        }),
      ),
  };
};

export type TypebotClient = ReturnType<typeof createTypebotClient>;
