const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Reads the target id out of a Host header of the form `<target id>.<labs domain>[:port]`.
 * Returns undefined for any other host, including HackClass's own.
 */
export function targetHostParser(
  labsDomain: string,
): (host: string | undefined) => string | undefined {
  const escaped = labsDomain.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^(${UUID})\\.${escaped}\\.?(?::\\d{1,5})?$`);
  return (host) => (host ? pattern.exec(host.toLowerCase())?.[1] : undefined);
}
