export { type DockerDriverOptions, type DockerTargetDriver, dockerDriver } from './docker/driver';
export { IMAGE_CHECKED } from './docker/images';
export { LABEL } from './docker/labels';
export { EngineError, type EngineErrorCode } from './errors';
export { type ImageName, imageNameOf } from './reference';
export type {
  ImageCheck,
  IsolationReport,
  TargetContainer,
  TargetDriver,
  TargetLabels,
  TargetLaunch,
} from './types';
