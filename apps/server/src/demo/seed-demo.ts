import { ROLE } from '@hackclass/contracts';
import type { FastifyInstance } from 'fastify';
import {
  DEMO_PASSWORD,
  type DemoLab,
  type DemoPerson,
  type DemoSchedule,
  demoAdmin,
  demoClassrooms,
  demoCoTeacher,
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

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number | undefined) =>
  days === undefined ? undefined : new Date(Date.now() + days * DAY_MS).toISOString();

/** The lab form's fields of a demo lab: its flag, scoring and hints as the web app sends them. */
function labForm(lab: DemoLab): FormData {
  const form = new FormData();
  form.set('name', lab.name);
  form.set('description', lab.description);
  form.set('difficulty', lab.difficulty);
  form.set('category', lab.category);
  form.set('points', String(lab.points));
  const flag = { value: lab.flag, kind: lab.flagKind ?? 'exact', caseSensitive: lab.caseSensitive };
  form.set('flags', JSON.stringify([flag]));
  if (lab.dynamic) {
    form.set('scoring', 'dynamic');
    form.set('minimumPoints', String(lab.dynamic.minimumPoints));
    form.set('decay', String(lab.dynamic.decay));
  }
  if (lab.hints) form.set('hints', JSON.stringify(lab.hints));
  if (lab.file) form.append('labFiles', new Blob([lab.file.content]), lab.file.name);
  return form;
}

/** How a lab is added to a classroom: its schedule and the ids of the labs it requires. */
const scheduleBody = (schedule: DemoSchedule | undefined, labId: (key: string) => string) => ({
  ...(schedule?.opensInDays === undefined ? {} : { opensAt: daysFromNow(schedule.opensInDays) }),
  ...(schedule?.dueInDays === undefined ? {} : { dueAt: daysFromNow(schedule.dueInDays) }),
  ...(schedule?.latePercent === undefined ? {} : { latePercent: schedule.latePercent }),
  ...(schedule?.requires ? { requires: schedule.requires.map(labId) } : {}),
});

export interface DemoSummary {
  students: number;
  labs: number;
  classrooms: number;
  solves: number;
  submissions: number;
}

/**
 * A living course through the product's own API: an admin (by ADMIN_EMAILS), a teacher and a
 * co-teacher made so by the admin, students, labs with flags (one a pattern), files, hints and
 * dynamic scoring, two classrooms with schedules, unlock paths, announcements and members who
 * joined by code or were invited, hints unlocked, and flag submissions, wrong and right.
 */
export async function seedDemo(server: DemoServer): Promise<DemoSummary> {
  const admin = await createAccount(server, demoAdmin);
  const teacher = await createAccount(server, demoTeacher);
  const coTeacher = await createAccount(server, demoCoTeacher);
  for (const { id } of [teacher, coTeacher]) {
    await admin.api('PATCH', `/users/${id}/role`, { roleId: ROLE.teacher });
  }
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
    const created = await teacher.api<{ id: string }>('POST', '/hacking-labs', labForm(lab));
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
      await teacher.api('POST', `/classrooms/${id}/hacking-labs`, {
        hackingLabId: labId(lab),
        ...scheduleBody(classroom.schedules[lab], labId),
      });
    }
    for (const person of classroom.coTeachers) {
      await teacher.api('POST', `/classrooms/${id}/co-teachers`, { email: person.email });
    }
    for (const body of classroom.announcements) {
      await teacher.api('POST', `/classrooms/${id}/announcements`, { body });
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
      const hintsUrl = `/classrooms/${id}/hacking-labs/${labId(labKey)}/hints`;
      for (const unlocked of classroom.hintsUnlocked) {
        if (unlocked.student !== key || unlocked.lab !== labKey) continue;
        const hints = await student(key).api<{ id: string }[]>('GET', hintsUrl);
        await student(key).api('POST', `${hintsUrl}/${hints.body[unlocked.hint]?.id}/unlock`);
      }
      for (let guess = 1; guess <= wrongGuesses; guess++) await submit(`HC{guess_${guess}}`);
      await submit(lab.answer ?? lab.flag);
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
