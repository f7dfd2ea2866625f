/**
 * Mutations that sign someone in. While one runs, the guest guard holds still, so the page can
 * finish its flow before the guard moves the new user on. A module of its own: the guard is part
 * of the first page, the sign-in code (and the identity SDK it needs) is not.
 */
export const signInMutationKey = ['auth', 'sign-in'] as const;
