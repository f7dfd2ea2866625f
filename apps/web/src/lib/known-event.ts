/**
 * Every type of event a stream may send, as the contracts name them: `{ solve: true, … }`. The
 * API sends only the events its contract names, typed by it.
 */
export type EventTypes<Event extends { type: string }> = Record<Event['type'], true>;

/** The event a stream message carries, or undefined for one of a type this build does not know. */
export function knownEventOf<Event extends { type: string }>(
  types: EventTypes<Event>,
  data: string,
): Event | undefined {
  try {
    const event: unknown = JSON.parse(data);
    const type = (event as { type?: unknown } | null)?.type;
    return typeof type === 'string' && Object.hasOwn(types, type) ? (event as Event) : undefined;
  } catch {
    return undefined;
  }
}
