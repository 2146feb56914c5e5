import type { ContactView } from '@atende/shared/contacts';
import type { TagView } from '@atende/shared/tags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { contactsApi, type ContactSaveInput } from './contacts-api.ts';
import { upsertContactInCache } from './contacts-cache.ts';

// 01-core §2 Contact modal: the contact is created or changed, then its tags are set when they
// differ from what the save answered; the list and the contact's cache take the result.
export const useSaveContact = (contact: ContactView | null) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, tags }: { body: ContactSaveInput; tags: TagView[] }) => {
      const saved = contact ? await contactsApi.update(contact.id, body) : await contactsApi.create(body);
      const tagsChanged = tags.map((tag) => tag.id).join() !== saved.tags.map((tag) => tag.id).join();
      if (tagsChanged) await contactsApi.syncTags(saved.id, tags);
      return { ...saved, tags };
    },
    onSuccess: (saved) => {
      upsertContactInCache(queryClient, saved);
      toast.success(t('contacts.toasts.saved'));
    },
  });
};
