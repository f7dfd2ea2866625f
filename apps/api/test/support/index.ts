export { createAccount, signIn, TEST_PASSWORD, uniqueEmail } from './accounts';
export { type ApiRoute, type ApiServer, startApiServer, TEST_API_KEY } from './api-server';
export { type ApiResponse, apiSession } from './client';
export {
  type ClassroomWatch,
  type EventWatch,
  watchClassroom,
  watchEvents,
  watchUserEvents,
} from './event-stream';
export { type Person, signedInAs } from './people';
export { isReachable } from './reachable';
export {
  type Echo,
  echoUpstream,
  openableTarget,
  proxyDatabase,
  siblingTarget,
  startTargetProxy,
  type TargetBrowser,
  targetBrowser,
} from './target-proxy';
export { openTerminal, type TerminalClient } from './terminal';
