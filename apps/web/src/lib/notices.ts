/** Something the app's plumbing must tell the person: why their session ended, what failed. */
export interface Notice {
  title: string;
  /** A notice with the id of one still shown replaces it. */
  id?: string;
}

type Show = (notice: Notice) => void;

let show: Show | undefined;
const waiting: Notice[] = [];

/**
 * Tells the person about a failure. Code below the components (the HTTP and query clients) says
 * it here, and the toast layer shows it; notices from before that layer is up wait for it.
 */
export function noticeError(notice: Notice): void {
  if (show) show(notice);
  else waiting.push(notice);
}

/** Shows every notice from now on, those waiting first; returns how to stop. */
export function showNoticesWith(shower: Show): () => void {
  show = shower;
  for (const notice of waiting.splice(0)) shower(notice);
  return () => {
    if (show === shower) show = undefined;
  };
}
