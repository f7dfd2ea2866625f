import { readFileSync } from 'node:fs';
import { type SignInProviderSettings, signInProviderFileEntrySchema } from '@hackclass/contracts';
import { StartupError } from '@hackclass/http';

const problem = (path: string, why: string) =>
  new StartupError(`SIGN_IN_PROVIDERS_FILE (${path}): ${why}`);

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw problem(path, `cannot read ${what}: ${(error as Error).message}`);
  }
}

/**
 * The providers of SIGN_IN_PROVIDERS_FILE: a JSON array of providers as the admin API takes
 * them, each with `clientSecret` or `clientSecretFile` (a mounted secret, whose text is read and
 * trimmed). A file that cannot be used stops the start with one line saying why.
 */
export function readProvidersFile(path: string): SignInProviderSettings[] {
  let entries: unknown;
  try {
    entries = JSON.parse(readText(path, 'the file'));
  } catch (error) {
    if (error instanceof StartupError) throw error;
    throw problem(path, `not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(entries)) throw problem(path, 'must hold a JSON array of providers');
  return entries.map((entry, index) => {
    const parsed = signInProviderFileEntrySchema.safeParse(entry);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw problem(
        path,
        `provider ${index + 1}: ${issue?.path.join('.') || 'entry'}: ${issue?.message}`,
      );
    }
    const { clientSecretFile, ...settings } = parsed.data;
    const clientSecret = clientSecretFile
      ? readText(clientSecretFile, `the client secret of ${settings.id}`).trim()
      : settings.clientSecret;
    if (!clientSecret) {
      throw problem(path, `provider ${settings.id} needs clientSecret or clientSecretFile`);
    }
    return { ...settings, clientSecret };
  });
}
