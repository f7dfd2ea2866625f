export { type DockerDriverOptions, type DockerTargetDriver, dockerDriver } from './docker-driver';
export { EngineError, type EngineErrorCode } from './errors';
export { LABEL } from './labels';
export type {
  ImageCheck,
  IsolationReport,
  TargetContainer,
  TargetDriver,
  TargetLabels,
  TargetLaunch,
} from './types';
