/**
 * Mail colours, Mantine's greys and blue as the app uses them. Each text colour keeps at least
 * 4.5:1 against the ground it sits on, in both schemes.
 */
export const mailColors = {
  page: '#f1f3f5',
  card: '#ffffff',
  text: '#212529',
  muted: '#495057',
  link: '#1864ab',
  button: '#1864ab',
  buttonText: '#ffffff',
  /** The rule beside a quoted text, a mid grey that shows on either ground. */
  quoteRule: '#adb5bd',
};

/** The dark scheme; the button keeps its light colours, which read on either ground. */
export const mailDarkColors = {
  page: '#1a1b1e',
  card: '#25262b',
  text: '#e9ecef',
  muted: '#adb5bd',
  link: '#74c0fc',
};
