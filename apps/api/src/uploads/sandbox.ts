/**
 * The policy of every file the API serves: opened on its own (a polyglot image, an HTML lab
 * file), it is a sandboxed document of a unique origin that may load and run nothing.
 */
export const SANDBOX_CSP = "sandbox; default-src 'none'";
