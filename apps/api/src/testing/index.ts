export { createAccount, signIn, TEST_PASSWORD, uniqueEmail } from './accounts';
export { type ApiRoute, type ApiServer, startApiServer, TEST_API_KEY } from './api-server';
export { type ApiResponse, apiSession } from './client';
export { type Person, signedInAs } from './people';
