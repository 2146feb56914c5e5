// Issue 11 point 2: a session ended by a sign-in elsewhere reloads onto /login (01-core §4 Session),
// which then keeps saying why until the next sign-in. The flag lives in this tab's sessionStorage:
// it survives the reload, and the forced sign-out clears only localStorage.
const KEY = 'signedOutElsewhere';

const withTabStorage = <T>(act: (storage: Storage) => T): T | undefined => {
  try {
    return act(sessionStorage);
  } catch {
    // storage blocked or full: the login page simply says nothing
    return undefined;
  }
};

export const rememberSignedOutElsewhere = () => withTabStorage((storage) => storage.setItem(KEY, '1'));

export const wasSignedOutElsewhere = () => withTabStorage((storage) => storage.getItem(KEY) === '1') ?? false;

export const forgetSignedOutElsewhere = () => withTabStorage((storage) => storage.removeItem(KEY));
