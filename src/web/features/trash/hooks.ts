/** TanStack Query hooks for the trash: the list, Restore and Delete forever, each with its toast. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { fill } from '@shared/messages';
import { trashMessages } from '@shared/trash';
import type { TrashItem } from '@shared/api/trash';
import { trashApi } from './api';

export const TRASH_KEY = ['trash'] as const;

export function useTrashList() {
  // asked afresh each time the view opens: cards are deleted from the canvas meanwhile
  return useQuery({ queryKey: TRASH_KEY, queryFn: trashApi.list, staleTime: 0, refetchOnMount: 'always' });
}

function useTrashMutation(call: (id: string) => Promise<void>, done: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: TrashItem) => call(item.id),
    onSuccess: (_r, item) => {
      client.setQueryData<TrashItem[]>(TRASH_KEY, (list) => list?.filter((i) => i.id !== item.id));
      toast.success(fill(done, { name: item.name }));
    },
    onError: (err) => toast.error(err instanceof Error ? err.message : trashMessages.loadFailed),
    onSettled: () => void client.invalidateQueries({ queryKey: TRASH_KEY }),
  });
}

/** The workspace, wherever it is open, adds the card back through the live channel's `images` event. */
export const useRestore = () => useTrashMutation(trashApi.restore, trashMessages.restored);

export const useDeleteForever = () => useTrashMutation(trashApi.deleteForever, trashMessages.deletedForever);
