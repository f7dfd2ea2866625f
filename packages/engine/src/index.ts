export { type DockerDriverOptions, type DockerTargetDriver, dockerDriver } from './docker-driver';
export { EngineError, type EngineErrorCode } from './errors';
export { IMAGE_CHECKED } from './images';
export { LABEL } from './labels';
export { type ImageName, imageNameOf } from './reference';
export type {
  ImageCheck,
  IsolationReport,
  TargetContainer,
  TargetDriver,
  TargetLabels,
  TargetLaunch,
} from './types';
