import { contactImportEndpoints, type ContactImportBody, type ContactListImportBody } from '@atende/shared/contact-imports';
import { callEndpoint, sendFormToEndpoint } from '../../lib/endpoint-client.ts';

export const contactImportApi = {
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return sendFormToEndpoint(contactImportEndpoints.upload, form);
  },
  importSheet: (body: ContactImportBody) => callEndpoint(contactImportEndpoints.importSheet, { body }),
  importContactList: (body: ContactListImportBody) => callEndpoint(contactImportEndpoints.importContactList, { body }),
  recent: () => callEndpoint(contactImportEndpoints.recent),
  get: (id: number) => callEndpoint(contactImportEndpoints.show, { params: { importId: id } }),
};

export const contactImportQueryKeys = {
  recent: ['contact-imports', 'recent'] as const,
  one: (id: number) => ['contact-imports', 'one', id] as const,
};
