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

// Counts the ends of this tab's session (sign-out, a refused refresh, a sign-in elsewhere): a token
// refresh begun before an end must not write its token back and revive the session.
let sessionEnds = 0;

export const sessionEndsSoFar = () => sessionEnds;

export const getToken = () => readStorage(storageKeys.token);
export const setToken = (token: string) => writeStorage(storageKeys.token, token);
export const clearToken = () => {
  sessionEnds += 1;
  removeStorage(storageKeys.token);
};

// A sign-in elsewhere wipes everything this app keeps in the browser (01-core §4 Session).
export const clearAllStorage = () => {
  sessionEnds += 1;
  try {
    localStorage.clear();
  } catch {
    // see writeStorage
  }
};
