import type { ContactImportBody, ContactImportPreview, ContactImportView, ContactListImportBody } from '@atende/shared/contact-imports';
import { api } from '../../lib/api-client.ts';

export const contactImportApi = {
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<ContactImportPreview>('/contacts/import/upload', form);
  },
  importSheet: (body: ContactImportBody) => api.post<ContactImportView>('/contacts/import', body),
  importContactList: (body: ContactListImportBody) => api.post<ContactImportView>('/contacts/import/contact-list', body),
  recent: () => api.get<{ records: ContactImportView[] }>('/contacts/import'),
  get: (id: number) => api.get<ContactImportView>(`/contacts/import/${id}`),
};

export const contactImportQueryKeys = {
  recent: ['contact-imports', 'recent'] as const,
  one: (id: number) => ['contact-imports', 'one', id] as const,
};
