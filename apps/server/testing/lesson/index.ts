export { type LessonLab, prepareCourse, signedInClient } from './course';
export {
  type Deployment,
  type DeploymentKind,
  type DeploymentOptions,
  startDeployment,
} from './deployment';
export { type OpenStream, openEventStream } from './event-stream';
export { LessonClient, REQUEST_DEADLINE_MS, signIn } from './lesson-client';
export { memoryMiBOf, type ProcessFigures } from './process-usage';
export { type ResourceSample, resourceSampler, slopeOf } from './resource-sample';
export { LESSON_PASSWORD, type Roster, seedRoster } from './roster';
export { type LessonOptions, type LessonReport, runLesson } from './run-lesson';
export { type LessonStage, type LessonStageOptions, stageLesson } from './stage-lesson';
export { LESSON_STEPS, type StepFigures, StepTimings } from './step-timings';
export { type AcknowledgedFlag, runStudent, type StudentOutcome } from './student';
