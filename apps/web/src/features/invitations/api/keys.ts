/** Query keys of invitation links, so that accepting invalidates through the same ones. */
export const invitationKeys = {
  /** A link, whoever asks. */
  link: (token: string) => ['invitations', token] as const,
  /** A link as one visitor (or nobody signed in) sees it. */
  linkFor: (token: string, uid: string | undefined) => ['invitations', token, uid] as const,
};
