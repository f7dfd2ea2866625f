/**
 * Focuses the element with the id once React has drawn the change: after a form row comes, goes
 * or moves, the keyboard user stays with it.
 */
export const focusLater = (id: string) =>
  requestAnimationFrame(() => document.getElementById(id)?.focus());
