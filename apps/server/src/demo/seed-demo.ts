import { ROLE } from '@hackclass/contracts';
import type { FastifyInstance } from 'fastify';
import {
  DEMO_PASSWORD,
  type DemoPerson,
  demoAdmin,
  demoClassrooms,
  demoLabs,
  demoStudents,
  demoTeacher,
  studentKey,
} from './demo-content';

export interface DemoServer {
  app: FastifyInstance;
  apiKey: string;
  adminSecret: string;
}

interface Reply<T> {
  status: number;
  body: T;
}

/** Signed-in calls to the product API, as the web app makes them: bearer and anti-forgery. */
function apiAs(app: FastifyInstance, idToken: string) {
  let antiforgery: { token: string; cookie: string } | undefined;
  const antiforgeryToken = async () => {
    if (antiforgery) return antiforgery;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/antiforgery/token',
      headers: { authorization: `Bearer ${idToken}` },
    });
    const cookie = [response.headers['set-cookie'] ?? []].flat()[0]?.split(';')[0] ?? '';
    antiforgery = { token: response.json<{ token: string }>().token, cookie };
    return antiforgery;
  };
  async function call<T>(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown | FormData) {
    const headers: Record<string, string> = { authorization: `Bearer ${idToken}` };
    if (method !== 'GET') {
      const { token, cookie } = await antiforgeryToken();
      Object.assign(headers, { 'x-xsrf-token': token, cookie });
    }
    let payload: string | Buffer | undefined;
    if (body instanceof FormData) {
      const encoded = new Request('http://demo/', { method: 'POST', body });
      headers['content-type'] = encoded.headers.get('content-type') ?? '';
      payload = Buffer.from(await encoded.arrayBuffer());
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    if (response.statusCode >= 400) {
      throw new Error(`${method} /api${url}: ${response.statusCode} ${response.body}`);
    }
    return { status: response.statusCode, body: response.json<T>() } satisfies Reply<T>;
  }
  return call;
}

type Api = ReturnType<typeof apiAs>;

interface Account {
  person: DemoPerson;
  id: string;
  api: Api;
}

/** An identity account with a verified email, signed in, and its product user. */
async function createAccount({ app, apiKey, adminSecret }: DemoServer, person: DemoPerson) {
  const created = await app.inject({
    method: 'POST',
    url: '/identity/admin/v1/accounts',
    headers: { authorization: `Bearer ${adminSecret}` },
    payload: {
      email: person.email,
      password: DEMO_PASSWORD,
      displayName: person.name,
      emailVerified: true,
    },
  });
  if (created.statusCode !== 200) throw new Error(`creating ${person.email}: ${created.body}`);
  const signedIn = await app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
    payload: { email: person.email, password: DEMO_PASSWORD, returnSecureToken: true },
  });
  const { idToken } = signedIn.json<{ idToken: string }>();
  const api = apiAs(app, idToken);
  const me = await api<{ id: string }>('GET', '/users/me');
  return { person, id: me.body.id, api } satisfies Account;
}

export interface DemoSummary {
  students: number;
  labs: number;
  classrooms: number;
  solves: number;
  submissions: number;
}

/**
 * A living classroom through the product's own API: an admin (by ADMIN_EMAILS), a teacher made
 * so by the admin, students, labs with flags and files, two classrooms with members who joined by
 * code or were invited, and flag submissions, wrong and right.
 */
export async function seedDemo(server: DemoServer): Promise<DemoSummary> {
  const admin = await createAccount(server, demoAdmin);
  const teacher = await createAccount(server, demoTeacher);
  await admin.api('PATCH', `/users/${teacher.id}/role`, { roleId: ROLE.teacher });
  const students = new Map<string, Account>();
  for (const person of demoStudents) {
    students.set(studentKey(person), await createAccount(server, person));
  }
  const student = (key: string) => {
    const account = students.get(key);
    if (!account) throw new Error(`no demo student ${key}`);
    return account;
  };

  const labIds = new Map<string, string>();
  for (const lab of demoLabs) {
    const form = new FormData();
    form.set('name', lab.name);
    form.set('description', lab.description);
    form.set('difficulty', lab.difficulty);
    form.set('category', lab.category);
    form.set('points', String(lab.points));
    form.set('flags', JSON.stringify([{ value: lab.flag, caseSensitive: lab.caseSensitive }]));
    if (lab.file) form.append('labFiles', new Blob([lab.file.content]), lab.file.name);
    const created = await teacher.api<{ id: string }>('POST', '/hacking-labs', form);
    labIds.set(lab.key, created.body.id);
  }
  const labId = (key: string) => labIds.get(key) ?? '';

  let solves = 0;
  let submissions = 0;
  for (const classroom of demoClassrooms) {
    const form = new FormData();
    form.set('name', classroom.name);
    form.set('description', classroom.description);
    form.set('teacherName', demoTeacher.name);
    const { id } = (await teacher.api<{ id: string }>('POST', '/classrooms', form)).body;
    for (const lab of classroom.labs) {
      await teacher.api('POST', `/classrooms/${id}/hacking-labs`, { hackingLabId: labId(lab) });
    }
    const { joinCode } = (await teacher.api<{ joinCode: string }>('GET', `/classrooms/${id}`)).body;
    for (const key of [...classroom.members, ...classroom.pending]) {
      await student(key).api('POST', '/classrooms/join', { classroomCode: joinCode });
    }
    for (const key of classroom.members) {
      await teacher.api('PATCH', `/classrooms/${id}/members/${student(key).id}`, {
        status: 'Accepted',
      });
    }
    for (const key of classroom.invited) {
      const email = encodeURIComponent(student(key).person.email);
      await teacher.api('POST', `/classrooms/${id}/members?userEmail=${email}`);
    }
    for (const { student: key, lab: labKey, wrongGuesses } of classroom.solves) {
      const lab = demoLabs.find((candidate) => candidate.key === labKey);
      if (!lab) throw new Error(`no demo lab ${labKey}`);
      const submit = (flag: string) =>
        student(key).api('POST', `/classrooms/${id}/hacking-labs/${labId(labKey)}/submissions`, {
          flag,
        });
      for (let guess = 1; guess <= wrongGuesses; guess++) await submit(`HC{guess_${guess}}`);
      await submit(lab.flag);
      submissions += wrongGuesses + 1;
      solves += 1;
    }
  }
  return {
    students: students.size,
    labs: labIds.size,
    classrooms: demoClassrooms.length,
    solves,
    submissions,
  };
}
