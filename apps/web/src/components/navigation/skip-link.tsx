import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

export const mainContentId = 'main-content';

// Focus the main landmark directly: a bare `#hash` navigation would go through the router.
const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
  const main = document.getElementById(mainContentId);
  if (!main) return;
  event.preventDefault();
  main.setAttribute('tabindex', '-1');
  main.focus();
};

/** First focusable element of a page: jumps over the header to the main landmark. */
export function SkipLink() {
  return (
    <a className={classes.skipLink} href={`#${mainContentId}`} onClick={skipToMain}>
      Skip to main content
    </a>
  );
}
