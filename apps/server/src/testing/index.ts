export { freePort } from '@hackclass/http/testing';
export {
  type RunResult,
  runServerToExit,
  type ServerProcess,
  startServerProcess,
} from './server-process';
