import type { OutgoingHttpHeaders } from 'node:http';

/** A browser's cookies for one site: kept from each answer, sent with each request. */
export function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    /** The `cookie` header to send, or nothing while the jar is empty. */
    header(): { cookie?: string } {
      if (cookies.size === 0) return {};
      return { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    },
    /** Keeps what an answer set, and forgets what it cleared. */
    keep(headers: OutgoingHttpHeaders): void {
      for (const line of [headers['set-cookie'] ?? []].flat()) {
        const [pair = ''] = String(line).split(';');
        const [name = '', value = ''] = pair.split('=');
        if (value) cookies.set(name, value);
        else cookies.delete(name);
      }
    },
  };
}
