import type { SandboxCustomerMessage, SandboxInboundAnswer } from '@atende/shared/sandbox';
import { api } from '../../lib/api-client.ts';

// POST /sandbox/:connectionId/messages plays a channel's webhook and has no endpoint contract (its
// success status says stored, duplicate or dropped), so its path is written here
export const sandboxApi = {
  sendAsCustomer: (connectionId: number, body: SandboxCustomerMessage) => api.post<SandboxInboundAnswer>(`/sandbox/${connectionId}/messages`, body),
};
