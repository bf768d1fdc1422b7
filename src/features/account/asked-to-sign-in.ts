/**
 * Navigation state of a link by which the traveller asked to sign in (the account link): the
 * login page it leads to says nothing of a page that needs a sign-in. Its own module: the
 * header's link carries it before the session's code is loaded (src/app/layout.tsx).
 */
export const ASKED_TO_SIGN_IN = { askedToSignIn: true } as const;
