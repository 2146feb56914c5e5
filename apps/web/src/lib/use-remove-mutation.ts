import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toastError } from './error-message.ts';
import { toast } from './toast.ts';

type RemoveMutation = {
  remove: (id: number) => Promise<unknown>;
  // the cache once removed; a promise it answers is awaited before the toast
  forget: (queryClient: QueryClient, id: number) => unknown;
  removedToast: string;
};

// The removal of a record by its id: the call, the cache, the success toast, and the error's toast.
// What is the screen's own (closing its confirmation) goes in mutate's callbacks, which run after.
export const useRemoveMutation = ({ remove, forget, removedToast }: RemoveMutation) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: async (_, id) => {
      await forget(queryClient, id);
      toast.success(removedToast);
    },
    onError: (error) => toastError(error),
  });
};
