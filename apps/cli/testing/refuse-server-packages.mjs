// Loaded with `node --import` by a test: any import of the server's packages fails, so a command
// line that needs none of them (help, usage) shows that it loads none. They take seconds to load.
import { register } from 'node:module';

const resolveHook = `export async function resolve(specifier, context, nextResolve) {
  if (/^@hackclass\\/(api|config|contracts|db|identity|server)(\\/(?!data-dir$).*)?$/.test(specifier)) {
    throw new Error('loaded ' + specifier);
  }
  return nextResolve(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(resolveHook)}`);
