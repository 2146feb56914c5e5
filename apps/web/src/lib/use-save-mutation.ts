import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from './toast.ts';

type SaveMutation<Values, Saved> = {
  // create or update, by whether the record exists
  save: (values: Values) => Promise<Saved>;
  // the cache once saved; a promise it answers is awaited before the toast
  store: (queryClient: QueryClient, saved: Saved) => unknown;
  savedToast: string;
};

// The save of a record's form: the call, the cache and the success toast. What is the form's own
// (closing it, its field errors) goes in mutate's callbacks, which run after these.
export const useSaveMutation = <Values, Saved>({ save, store, savedToast }: SaveMutation<Values, Saved>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      await store(queryClient, saved);
      toast.success(savedToast);
    },
  });
};
