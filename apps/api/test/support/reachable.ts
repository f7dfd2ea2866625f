import { once } from 'node:events';
import { connect } from 'node:net';

/** Whether something listens at the URL's host and port, for tests that need a real server. */
export async function isReachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port || defaultPort), hostname);
  try {
    await once(socket, 'connect');
    return true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}
