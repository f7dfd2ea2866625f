/** `host:port` (or `[v6]:port`) as host and port, for the `nc host port` hint. */
export function splitAddress(address: string): { host: string; port: string } {
  const colon = address.lastIndexOf(':');
  if (colon <= 0) return { host: address, port: '' };
  const host = address.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  return { host, port: address.slice(colon + 1) };
}

/** The command a student types to reach a TCP target. */
export const ncCommand = (address: string) => {
  const { host, port } = splitAddress(address);
  return `nc ${host} ${port}`.trim();
};
