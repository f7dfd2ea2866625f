export { freePort } from './free-port';
export {
  type RunResult,
  runServerToExit,
  type ServerProcess,
  startServerProcess,
} from './server-process';
