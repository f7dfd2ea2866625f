export { freePort } from '@hackclass/http/testing';
export { Relay, relayTo } from './relay';
export {
  type RunResult,
  runServerToExit,
  type ServerProcess,
  startServerProcess,
} from './server-process';
