import { isIP } from 'node:net';

/**
 * The site a browser puts a host name in, approximated without the Public Suffix List: its last
 * two labels (`a.labs.school.example` → `school.example`), an IP address on its own. Browsers
 * treat a name under a top-level label the list does not hold the same way, so every
 * `<name>.localhost` is a site of its own and `localhost` one more. Under a public suffix of two
 * labels or more (`co.uk`, or a private entry such as `github.io`) this puts apart sites
 * together: it errs towards warning.
 */
export function siteOf(host: string): string {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (isIP(name.replace(/^\[(.*)\]$/, '$1')) !== 0) return name;
  return name.split('.').slice(-2).join('.');
}

/** Whether the browser sends Fetch Metadata to targets: https, or a loopback name. */
const sendsFetchMetadata = (publicUrl: string, labsDomain: string) =>
  new URL(publicUrl).protocol === 'https:' ||
  labsDomain === 'localhost' ||
  labsDomain.endsWith('.localhost');

/**
 * What is unsafe in where HackClass and its targets are served, one sentence each, for the log
 * at start. Not refused: the default (`PUBLIC_URL` http://localhost, `LABS_DOMAIN` localhost)
 * is safe, but a school trying HackClass over plain http on its network must still start it.
 */
export function labsDomainWarnings({
  publicUrl,
  labsDomain,
}: {
  publicUrl: string;
  labsDomain: string;
}): string[] {
  const warnings: string[] = [];
  const appHost = new URL(publicUrl).hostname;
  // With a one-label labs domain every target is a site of its own, HackClass's host aside.
  if (labsDomain.includes('.') && siteOf(labsDomain) === siteOf(appHost)) {
    warnings.push(
      `LABS_DOMAIN ${labsDomain} and PUBLIC_URL's host ${appHost} share the site ${siteOf(appHost)}: a target's page can set cookies that HackClass receives (and so block the teacher's changes), and its requests to HackClass count as same-site. Serve targets under a registrable domain of their own, not a subdomain of HackClass's.`,
    );
  }
  if (!sendsFetchMetadata(publicUrl, labsDomain)) {
    warnings.push(
      `PUBLIC_URL is http: browsers send Sec-Fetch-Site only over https (and to localhost), so the target proxy cannot refuse a request that one target's page makes to another target with a teacher's cookie. Serve HackClass and ${labsDomain} over https.`,
    );
  }
  return warnings;
}
