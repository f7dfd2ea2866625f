export { type DockerDriverOptions, type DockerTargetDriver, dockerDriver } from './docker/driver';
export { IMAGE_CHECKED } from './docker/images';
export { LABEL } from './docker/labels';
export { createTargetDriver, TARGET_DRIVER_NAMES, type TargetDriverName } from './drivers';
export { EngineError, type EngineErrorCode } from './errors';
export { type ImageName, imageNameOf } from './reference';
export type {
  Endpoint,
  ImageCheck,
  IsolationReport,
  TargetContainer,
  TargetDriver,
  TargetDriverSettings,
  TargetLabels,
  TargetLaunch,
  TargetReach,
} from './types';
