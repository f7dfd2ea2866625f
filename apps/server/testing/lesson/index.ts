export { type LessonLab, prepareCourse, signedInClient } from './course';
export { type Deployment, type DeploymentKind, startDeployment } from './deployment';
export { memoryMiBOf, type ProcessFigures } from './process-usage';
export { type ResourceSample, resourceSampler, slopeOf } from './resource-sample';
export { type Roster, seedRoster } from './roster';
export { type LessonOptions, type LessonReport, runLesson } from './run-lesson';
export { LESSON_STEPS, type StepFigures, StepTimings } from './step-timings';
export { runStudent } from './student';
