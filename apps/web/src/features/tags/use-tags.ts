import { useQuery } from '@tanstack/react-query';
import { tagsApi, tagsQueryKeys } from './tags-api.ts';

const pickerStaleTime = 60_000;

export const useTagsList = () => useQuery({ queryKey: tagsQueryKeys.list, queryFn: tagsApi.list, staleTime: pickerStaleTime });

export const useKanbanLanes = () => useQuery({ queryKey: tagsQueryKeys.kanbanLanes, queryFn: tagsApi.kanbanLanes, staleTime: pickerStaleTime });
