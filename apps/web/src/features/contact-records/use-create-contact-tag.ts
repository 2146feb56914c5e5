import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagsQueryKeys } from '../tags/tags-api.ts';
import { contactsApi } from './contacts-api.ts';

const randomColor = () => `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;

// 01-core §5: a tag typed in the contact's tag box is created with a random colour; the tag list
// is refreshed before it is picked.
export const useCreateContactTag = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => contactsApi.createTag(name, randomColor()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsQueryKeys.list }),
  });
};
