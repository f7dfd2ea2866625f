export { type LessonLab, prepareCourse } from './course';
export { type Deployment, type DeploymentKind, startDeployment } from './deployment';
export { type OpenStream, openEventStream } from './event-stream';
export { LessonClient, REQUEST_DEADLINE_MS, signIn } from './lesson-client';
export { type ProcessFigures, rssMiBOf } from './process-usage';
export { LESSON_PASSWORD, type Roster, seedRoster } from './roster';
export { type LessonOptions, type LessonReport, runLesson } from './run-lesson';
export { LESSON_STEPS, type StepFigures } from './step-timings';
export type { AcknowledgedFlag, StudentOutcome } from './student';
