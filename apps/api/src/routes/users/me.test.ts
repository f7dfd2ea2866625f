import type { Me, RoleName, UserCan } from '@hackclass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, signedInAs, startApiServer } from '../../testing';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

describe('GET /users/me', () => {
  it.each<[RoleName, UserCan]>([
    [
      'student',
      {
        createClassrooms: false,
        createLabs: false,
        listLabs: true,
        joinClassrooms: true,
        administer: false,
      },
    ],
    [
      'teacher',
      {
        createClassrooms: true,
        createLabs: true,
        listLabs: true,
        joinClassrooms: true,
        administer: false,
      },
    ],
    [
      'admin',
      {
        createClassrooms: true,
        createLabs: true,
        listLabs: true,
        joinClassrooms: true,
        administer: true,
      },
    ],
    [
      'guest',
      {
        createClassrooms: false,
        createLabs: false,
        listLabs: false,
        joinClassrooms: false,
        administer: false,
      },
    ],
  ])('says what they may do anywhere (%s)', async (role, can) => {
    const person = await signedInAs(server, role);
    const me = await person.session.call('GET', '/users/me');
    expect(me.json<Me>()).toMatchObject({ id: person.id, can });
  });
});
