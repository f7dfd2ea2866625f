export { addressBucket } from './address-bucket';
export { type DependencyStatus, type HealthOptions, health, type Readiness } from './health';
export {
  apiError,
  commonErrors,
  DATABASE_RETRY_AFTER_SECONDS,
  HttpError,
  STORAGE_FULL_RETRY_AFTER_SECONDS,
} from './http-error';
export { addMailOutboxMetrics } from './mail-metrics';
export { type ServiceMetrics, statusClassOf } from './metrics';
export {
  contentSecurityPolicy,
  inlineScriptHashes,
  type PagePolicyOptions,
  sendSecurityHeaders,
} from './page-security';
export { pageSessionCookie } from './page-session';
export { problemOf, sendProblem } from './problem';
export {
  type ProblemHandlersOptions,
  problemHandlers,
  sendNotFound,
  UNKNOWN_FIELD_MESSAGE,
} from './problem-handlers';
export {
  createService,
  exitOnStartFailure,
  runService,
  type ServiceContext,
  StartupError,
} from './run-service';
export { closeOnSignals, SHUTDOWN_DRAIN_MS, SHUTDOWN_GRACE_MS } from './shutdown';
export { diskReadiness, isStorageFull } from './storage-full';
export {
  addTargetMetrics,
  type TargetCount,
  type TargetMetrics,
  uncountedTargets,
} from './target-metrics';
export type { WebVitalsMetrics } from './web-vitals-metrics';
