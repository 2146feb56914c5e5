import { z } from 'zod';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage.ts';

// 03-saas §3 To-do task: text, createdAt, updatedAt, kept under the key tasks (browser only).
const storedTasks = z.array(z.object({ text: z.string(), createdAt: z.string(), updatedAt: z.string() }));
export type Task = z.infer<typeof storedTasks>[number];

// what another version or a hand edit left there that is not a task list is ignored
export const readTasks = (): Task[] => {
  try {
    const parsed = storedTasks.safeParse(JSON.parse(readStorage(storageKeys.tasks) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};

export const writeTasks = (tasks: Task[]) => writeStorage(storageKeys.tasks, JSON.stringify(tasks));
