import { LABEL } from '@hackclass/engine';
import { testPortWindow } from '@hackclass/engine/testing';
import Docker from 'dockerode';
import type { AccountDetails } from './accounts';
import { signedUpClients } from './api';
import type { RunningApp } from './app';
import { addLabToClassroom, createClassroom, createLab, joinAndApprove } from './seed';

/**
 * Removes every container made from `images` (a journey's targets, should the server have left
 * any) and the networks of their targets, so that a failed run leaves nothing behind.
 */
export async function removeTargetsOf(images: string[]): Promise<void> {
  const docker = new Docker();
  const containers = await docker.listContainers({ all: true, filters: { ancestor: images } });
  await Promise.allSettled(
    containers.map((container) =>
      docker.getContainer(container.Id).remove({ force: true, v: true }),
    ),
  );
  const targets = new Set(containers.map((container) => container.Labels[LABEL.target]));
  // Label filters of the engine all have to match: the networks are picked here instead.
  const networks = (await docker.listNetworks({ filters: { label: [LABEL.target] } })).filter(
    (network) => targets.has(network.Labels?.[LABEL.target]),
  );
  await Promise.allSettled(networks.map((network) => docker.getNetwork(network.Id).remove()));
}

/** A window of 50 ports for the lab range, its own so that journeys run at once do not meet. */
export function portWindow(): string {
  const { first, last } = testPortWindow(50);
  return `${first}-${last}`;
}

/**
 * A classroom whose accepted student finds a lab with a per-student HTTP target (an image no
 * engine needs to have: the journeys using it never start it).
 */
export async function classWithTargetLab(
  app: RunningApp,
  teacher: AccountDetails,
  student: AccountDetails,
): Promise<{ classroomId: string; labSlug: string }> {
  const [teacherApi, studentApi] = await signedUpClients(app, teacher, student);
  const classroom = await createClassroom(teacherApi, { name: 'Club', teacherName: teacher.name });
  await joinAndApprove(teacherApi, studentApi, classroom);
  const lab = await createLab(teacherApi, {
    name: 'Admin panel takeover',
    description: '',
    difficulty: 'Easy',
    category: 'Web',
    points: 100,
    flags: [],
    target: {
      image: 'registry.school.example/labs/admin:1',
      port: 8080,
      kind: 'http',
      flagMode: 'per-student',
    },
  });
  await addLabToClassroom(teacherApi, classroom.id, lab.id);
  return { classroomId: classroom.id, labSlug: lab.slug };
}
