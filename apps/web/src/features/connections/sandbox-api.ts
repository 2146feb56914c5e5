import { sandboxEndpoints, type SandboxCustomerMessage } from '@atende/shared/sandbox';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// a customer's message on a sandbox connection: the answer says whether it was stored, a duplicate or dropped
export const sandboxApi = {
  sendAsCustomer: (connectionId: number, body: SandboxCustomerMessage) => callEndpoint(sandboxEndpoints.receive, { params: { connectionId }, body }),
};
