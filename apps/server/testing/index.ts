// The engine's test images and port windows, for the tests of packages that drive this server.
export { buildTestImages, testPortWindow } from '@hackclass/engine/testing';
export { freePort } from '@hackclass/http/testing';
export { apiSessionOf, formOf } from './api-session';
export {
  type AcknowledgedSubmission,
  acknowledgedOf,
  cohortOf,
  type Ledger,
  ledgerOf,
} from './fault-checks';
export {
  type PrivatePostgres,
  privatePostgresMissing,
  type StopMode,
  startPrivatePostgres,
} from './private-postgres';
export { type PrivateRedis, privateRedisMissing, startPrivateRedis } from './private-redis';
export { Relay, relayTo } from './relay';
export { serverSchemas } from './schemas';
export {
  fromBundle,
  fromSources,
  type RunResult,
  runServerToExit,
  type ServerProcess,
  startServerProcess,
} from './server-process';
