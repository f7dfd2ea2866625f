import { CONNECTOR_FILE } from '../utils/tunnel-commands';

/** Saves the tunnel's client, a file of its own loaded only when asked for, to the device. */
export async function downloadConnector(): Promise<void> {
  const { default: source } = await import('@hackclass/tunnel-client/hackclass-connect.mjs?raw');
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = CONNECTOR_FILE;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
