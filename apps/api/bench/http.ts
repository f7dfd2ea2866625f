/** Plain JSON calls to the server under test, failing loudly on anything but a 2xx. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

export async function get<T = Record<string, unknown>>(url: string, idToken: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${idToken}` } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
