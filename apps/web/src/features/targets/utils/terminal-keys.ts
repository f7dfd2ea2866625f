import type { Terminal } from '@xterm/xterm';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first element a keyboard reaches after `element`, in the page's order. */
function nextFocusable(element: HTMLElement): HTMLElement | undefined {
  const all = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)];
  return all.find(
    (candidate) =>
      !element.contains(candidate) &&
      element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
}

/**
 * The terminal's own keys, before the shell gets them: Ctrl+] leaves the terminal for the next
 * control (Tab belongs to the shell), Ctrl+Shift+C copies the selection and Ctrl+Shift+V pastes.
 * Answers whether the terminal should still handle the key.
 */
export function leaveKeyHandler(term: Terminal, element: HTMLElement) {
  return (event: KeyboardEvent): boolean => {
    if (event.type !== 'keydown') return true;
    if (event.ctrlKey && !event.shiftKey && event.key === ']') {
      term.blur();
      nextFocusable(element)?.focus();
      return false;
    }
    if (event.ctrlKey && event.shiftKey && event.code === 'KeyC') {
      const selection = term.getSelection();
      if (selection) void navigator.clipboard?.writeText(selection);
      return false;
    }
    if (event.ctrlKey && event.shiftKey && event.code === 'KeyV') {
      void navigator.clipboard?.readText().then(
        (text) => term.paste(text),
        () => undefined,
      );
      return false;
    }
    return true;
  };
}
