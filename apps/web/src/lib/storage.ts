// Every localStorage key the web app uses, in one place.
export const storageKeys = {
  token: 'token',
  volume: 'volume',
  preferredTheme: 'preferredTheme',
  language: 'language',
  frontendVersion: 'frontendVersion',
  // 03-saas §2 To-do list: kept only in the browser
  tasks: 'tasks',
  // the newest announcement the user has seen in the popover
  announcementsSeenAt: 'announcementsSeenAt',
  // the kanban board's sort (02-operations §9)
  sortOrder: 'sortOrder',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export const readStorage = (key: StorageKey): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStorage = (key: StorageKey, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage may be full or blocked (private mode): the value just is not remembered
  }
};

export const removeStorage = (key: StorageKey) => {
  try {
    localStorage.removeItem(key);
  } catch {
    // see writeStorage
  }
};

export const getToken = () => readStorage(storageKeys.token);
export const setToken = (token: string) => writeStorage(storageKeys.token, token);
export const clearToken = () => removeStorage(storageKeys.token);
