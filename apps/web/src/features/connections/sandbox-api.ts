import type { SandboxCustomerMessage } from '@atende/shared/sandbox';
import { api } from '../../lib/api-client.ts';

// what the inbound pipeline answers: no message when a blocked contact's one was dropped
export type SandboxInboundResult = { messageId: number | null; ticketId: number | null; contactId: number | null; duplicate: boolean; blocked: boolean };

export const sandboxApi = {
  sendAsCustomer: (connectionId: number, body: SandboxCustomerMessage) => api.post<SandboxInboundResult>(`/sandbox/${connectionId}/messages`, body),
};
