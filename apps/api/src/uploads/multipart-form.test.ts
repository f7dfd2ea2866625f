import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { problemHandlers } from '@hackclass/http';
import type { FileStore } from '@hackclass/storage';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readMultipartForm } from './multipart-form';

/** A store on a disk with no room left: Linux's /dev/full answers every write with ENOSPC. */
function fullDiskStore(deleted: string[]): FileStore {
  return {
    put: async (_key, body) => {
      await pipeline(body, createWriteStream('/dev/full'));
      return { size: 0 };
    },
    get: async () => {
      throw new Error('nothing stored');
    },
    delete: async (key) => void deleted.push(key),
    list: async function* () {},
  };
}

describe.skipIf(process.platform !== 'linux')('readMultipartForm on a full disk', () => {
  it('answers 507 storage_full, not a malformed form, and keeps nothing', async () => {
    const deleted: string[] = [];
    // The refused body's rest is never read: close its connection rather than wait for it.
    const app = Fastify({ forceCloseConnections: true });
    await app.register(problemHandlers);
    await app.register(fastifyMultipart);
    app.post('/upload', async (request) => {
      await readMultipartForm(request, fullDiskStore(deleted), {
        labFiles: { prefix: 'lab-files', maxBytes: 1024 * 1024, maxCount: 2 },
      });
      return { stored: true };
    });
    const form = new FormData();
    form.set('name', 'A lab');
    form.append('labFiles', new Blob([Buffer.alloc(500_000, 1)]), 'capture.pcap');
    // Over a socket, as browsers send it: the file arrives while the store writes it.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/upload`, { method: 'POST', body: form });
    expect(response.status).toBe(507);
    expect(await response.json()).toMatchObject({ code: 'storage_full' });
    expect(deleted).toEqual([]);
    await app.close();
  });
});
