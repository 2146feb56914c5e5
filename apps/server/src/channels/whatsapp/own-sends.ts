// Ids of messages this process is sending right now. Baileys may echo a send back as a fromMe
// message before the outbound job has stored its id; those echoes are not new messages. Entries
// leave after a while so the set stays small.
const KEEP_MS = 120_000;

export const createOwnSends = () => {
  const ids = new Map<string, NodeJS.Timeout>();
  return {
    add: (id: string) => {
      clearTimeout(ids.get(id));
      const timer = setTimeout(() => ids.delete(id), KEEP_MS);
      timer.unref();
      ids.set(id, timer);
    },
    has: (id: string) => ids.has(id),
    clear: () => {
      for (const timer of ids.values()) clearTimeout(timer);
      ids.clear();
    },
  };
};

export type OwnSends = ReturnType<typeof createOwnSends>;
