// Issue 11 point 2: a session ended from elsewhere reloads onto /login (01-core §4 Session), which
// then keeps saying why until the next sign-in: a newer sign-in of the account, or (issue 38 point
// 5) the user on another device or an admin ending it. The reason lives in this tab's
// sessionStorage: it survives the reload, and the forced sign-out clears only localStorage.
const KEY = 'signedOutElsewhere';

// the session.* translation that says why
export const signedOutReasons = ['accessedElsewhere', 'endedElsewhere', 'endedByAdmin'] as const;
export type SignedOutReason = (typeof signedOutReasons)[number];

const withTabStorage = <T>(act: (storage: Storage) => T): T | undefined => {
  try {
    return act(sessionStorage);
  } catch {
    // storage blocked or full: the login page simply says nothing
    return undefined;
  }
};

export const rememberSignedOutElsewhere = (reason: SignedOutReason) => withTabStorage((storage) => storage.setItem(KEY, reason));

export const signedOutReason = (): SignedOutReason | undefined => {
  const stored = withTabStorage((storage) => storage.getItem(KEY));
  return signedOutReasons.find((reason) => reason === stored);
};

export const forgetSignedOutElsewhere = () => withTabStorage((storage) => storage.removeItem(KEY));
