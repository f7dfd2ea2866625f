import type { TestDatabase } from '@hackclass/db/testing';
import { type LessonLab, prepareCourse } from './course';
import { type Deployment, type DeploymentOptions, startDeployment } from './deployment';
import { type Roster, seedRoster } from './roster';

export interface LessonStageOptions extends Omit<DeploymentOptions, 'prepare'> {
  students: number;
  classSize: number;
  labs: number;
  /** The first lab's live target image, for a deployment with an engine. */
  targetImage?: string;
}

export interface LessonStage {
  deployment: Deployment;
  database: TestDatabase;
  roster: Roster;
  labs: LessonLab[];
}

/**
 * Everything a lesson needs, ready: the deployment started on a database seeded with the roster,
 * and the teacher's course prepared through its API.
 */
export async function stageLesson({
  students,
  classSize,
  labs,
  targetImage,
  ...options
}: LessonStageOptions): Promise<LessonStage> {
  let seeded: { database: TestDatabase; roster: Roster } | undefined;
  const deployment = await startDeployment({
    ...options,
    prepare: async (database) => {
      seeded = { database, roster: await seedRoster(database, { students, classSize }) };
    },
  });
  try {
    if (!seeded) throw new Error('the roster was not seeded');
    const course = await prepareCourse(
      deployment.origins[0] ?? '',
      deployment.apiKey,
      seeded.roster,
      { labs, targetImage },
    );
    return { deployment, ...seeded, labs: course };
  } catch (error) {
    await deployment.close();
    throw error;
  }
}
