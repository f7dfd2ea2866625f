import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

const roomSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  status: z.enum(['Invited', 'Accepted']).nullable(),
  members: z.number().int(),
  tags: z.array(z.object({ label: z.string() })),
  roleId: z.union([z.literal(1), z.literal(2)]),
  data: z.record(z.string(), z.string()),
});

const room = {
  id: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b',
  name: 'Web "exploitation" \u2028 101',
  imageUrl: null,
  status: 'Accepted',
  members: 31,
  tags: [{ label: 'web' }],
  roleId: 2,
  data: { classroomName: 'Web 101' },
};

let app: ReturnType<typeof Fastify> | undefined;

async function serve(validate: boolean, answer: unknown) {
  app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler({ validate }));
  app.get('/room', { schema: { response: { 200: z.array(roomSchema) } } }, async () => answer);
  return app.inject({ url: '/room' });
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('responseSerializerCompiler', () => {
  it('writes what the schema declares, as JSON.stringify would', async () => {
    const reply = await serve(false, [room]);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe(JSON.stringify([room]));
  });

  it('never writes a field the schema does not declare', async () => {
    const reply = await serve(false, [
      { ...room, joinCode: 'SECRET12', tags: [{ label: 'web', flag: 'HC{x}' }] },
    ]);
    expect(reply.body).not.toContain('SECRET12');
    expect(reply.body).not.toContain('HC{x}');
    expect(reply.json()).toEqual([room]);
  });

  it('refuses an answer that drifts from its schema when validating, instead of reshaping it', async () => {
    const drifted = [{ ...room, members: '31' }];
    expect((await serve(true, drifted)).statusCode).toBe(500);
    await app?.close();
    expect((await serve(false, drifted)).json()).toEqual([room]);
  });
});
