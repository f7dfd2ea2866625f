import type { Finding } from './review';

/**
 * The second security review's findings (2026-11-28, live targets and what came since the
 * first) that are closed, each with the tests that keep it so. `review.test.ts` holds them to
 * the same rules as the first review's.
 */

const api = (path: string) => `apps/api/src/${path}`;
const identity = (path: string) => `apps/identity/src/${path}`;

export const SECOND_REVIEW_FINDINGS: Finding[] = [
  {
    id: 'N-1',
    severity: 'high',
    title: 'Every target is reachable on the bind address without the proxy',
    tests: [
      {
        file: api('target-proxy/tunnel/perimeter.test.ts'),
        title: 'reaches no target from the student-facing address, on any port',
      },
      {
        file: api('target-proxy/tunnel/perimeter.test.ts'),
        title: 'lets a TCP target’s owner and teacher through its tunnel, and nobody else',
      },
      {
        file: api('target-proxy/tunnel/perimeter.test.ts'),
        title: 'closes an open tunnel when its target stops, and opens no new one',
      },
      {
        file: api('target-proxy/tunnel/perimeter.test.ts'),
        title: 'publishes TCP targets there, and HTTP targets still only where the proxy reaches',
      },
      {
        file: api('target-proxy/cookie.test.ts'),
        title: 'opens one thing: a tunnel pass is not a proxy cookie, nor the other way round',
      },
      {
        file: 'e2e/live-targets.test.ts',
        title: 'gives a TCP target’s tunnel to connect through from the student’s machine',
      },
    ],
  },
  {
    id: 'N-2',
    severity: 'high',
    title: 'Anyone who signs up as a teacher runs any image, with a way into the school’s network',
    tests: [
      {
        file: 'packages/config/src/load-config.test.ts',
        title: 'asks for teacher approval by default wherever live targets run',
      },
      {
        file: api('routes/targets/images.test.ts'),
        title:
          'refuses teacher B a lab with teacher A’s local image alike with an image never seen',
      },
      {
        file: api('routes/targets/images.test.ts'),
        title: 'keeps a lab whose image became refused, says so on its page, and refuses its start',
      },
      {
        file: api('routes/targets/images.test.ts'),
        title: 'imports a lab whose image the importer may not use without its target, and says so',
      },
      {
        file: 'packages/engine/src/docker/check-image.test.ts',
        title: 'takes no prefix of an image’s id for the image',
      },
      {
        file: 'packages/engine/src/docker/start-failures.test.ts',
        title: 'refuses an absent image it may not pull, asking no registry',
      },
      {
        file: api('routes/targets/outbound.test.ts'),
        title: 'are refused at save unless the operator allows outbound traffic, naming the field',
      },
      {
        file: api('routes/targets/outbound.test.ts'),
        title: 'stay saved when the operator takes outbound away, and say why they cannot start',
      },
      {
        file: 'packages/engine/src/docker/isolation.test.ts',
        title:
          'is out of reach of a target with outbound on a private network or one of the host’s',
      },
      {
        file: api('targets/limits.test.ts'),
        title:
          'hold a classroom to the operator’s maximum when its teacher set none, or a higher one',
      },
      {
        file: api('targets/limits.test.ts'),
        title: 'hold the labs of one teacher to LABS_MAX_PER_TEACHER over all their classrooms',
      },
      {
        file: 'packages/engine/src/docker/pull-size.test.ts',
        title: 'stops a pull whose layers add up to more than the bound, keeping nothing of it',
      },
      {
        file: api('routes/targets/pruned-images.test.ts'),
        title: 'are removed once no lab uses them, and kept while one does',
      },
      {
        file: api('routes/targets/pruned-images.test.ts'),
        title: 'keeps an image an operator put on the engine, whatever becomes of its labs',
      },
    ],
  },
  {
    id: 'N-3',
    severity: 'medium',
    title: 'Sibling targets share a site, so one student’s target acts on another’s',
    tests: [
      {
        file: api('target-proxy/cross-site.test.ts'),
        title:
          'is refused: B’s pass does not pass on a request A’s page made (Sec-Fetch-Site same-site or cross-site)',
      },
      {
        file: api('target-proxy/cross-site.test.ts'),
        title:
          'is refused (403) from https://evil.example or another target’s origin, whatever the pass',
      },
      {
        file: api('target-proxy/cross-site.test.ts'),
        title: 'proxied answers carry Cross-Origin-Resource-Policy: same-origin',
      },
      {
        file: api('target-proxy/site-warnings.test.ts'),
        title: 'one when the labs domain shares a site with HackClass, a subdomain of it included',
      },
      {
        file: 'e2e/live-targets-cross-site.test.ts',
        title:
          'opens each through its ticket, and target A’s page cannot reach target B with the teacher’s cookie',
      },
    ],
  },
  {
    id: 'N-4',
    severity: 'medium',
    title: 'Target isolation fails open',
    tests: [
      {
        file: 'packages/engine/src/docker/start-failures.test.ts',
        title: 'refuses to start a target while the host firewall guard cannot be installed',
      },
      {
        file: 'packages/engine/src/docker/start-failures.test.ts',
        title: 'starts unguarded only where the operator said they keep the rules',
      },
      {
        file: 'packages/engine/src/docker/isolation.test.ts',
        title: 'puts back the rules a firewall reload dropped, at the next check',
      },
      {
        file: api('routes/targets/unguarded.test.ts'),
        title: 'refuses starts with isolation_unavailable, and the lab page says Start cannot work',
      },
      {
        file: api('routes/targets/unguarded.test.ts'),
        title: 'shows admins that targets cannot start, and why',
      },
      {
        file: api('routes/targets/unguarded.test.ts'),
        title: 'stops every running target, failed saying why',
      },
    ],
  },
  {
    id: 'N-5',
    severity: 'medium',
    title: 'Targets have no disk quota',
    tests: [
      {
        file: 'packages/engine/src/docker/disk-limits.test.ts',
        title:
          'bounds what a target writes anywhere: 300 MB fails, and the host’s disk keeps none of it',
      },
      {
        file: 'packages/engine/src/docker/disk-limits.test.ts',
        title:
          'makes the root read-only, scratch places and VOLUMEs in memory, where no quota is kept (auto)',
      },
      {
        file: 'packages/engine/src/docker/disk-limits.test.ts',
        title: 'limits open files to 1024 (4096 at most) and turns core dumps off',
      },
      {
        file: 'packages/engine/src/docker/disk.test.ts',
        title: 'sizes the writable layer under a quota, and every file, VOLUMEs in memory',
      },
    ],
  },
  {
    id: 'N-6',
    severity: 'medium',
    title: 'Check image makes the Docker daemon a blind SSRF with response excerpts',
    tests: [
      {
        file: api('routes/targets/images.test.ts'),
        title: 'refuses address and local-name registries without an engine call',
      },
      {
        file: api('routes/targets/images.test.ts'),
        title: 'limits image checks per user',
      },
      {
        file: 'packages/engine/src/docker/check-image.test.ts',
        title: 'says nothing of what a registry answered',
      },
    ],
  },
  {
    id: 'N-7',
    severity: 'medium',
    title: 'A small zip stalls the whole server',
    tests: [
      {
        file: api('routes/lab-archives/ctfd-import.test.ts'),
        title: 'refuses a zip entry inflating past its declared size without holding up the server',
      },
      {
        file: api('lab-archives/unpack-upload.test.ts'),
        title: 'reads the sizes and offsets a ZIP64 archive keeps in its 64-bit records (zip -fz)',
      },
    ],
  },
  {
    id: 'N-8',
    severity: 'medium',
    title: 'Regex flags are compiled on every submission and unbounded in cost',
    tests: [
      {
        file: 'packages/contracts/src/flag-pattern.test.ts',
        title: 'refuses %s for repeating more than 100 times',
      },
      {
        file: 'packages/contracts/src/flag-pattern.test.ts',
        title: 'refuses %s as too costly to check',
      },
      {
        file: 'packages/contracts/src/flag-pattern.test.ts',
        title: 'takes at most 5 patterns among the flags',
      },
      {
        file: 'packages/contracts/src/flag-pattern.test.ts',
        title: 'refuses on import what a lab form refuses',
      },
      {
        file: api('labs/flags.test.ts'),
        title: 'compiles a pattern once for all the answers checked against it',
      },
      {
        file: api('routes/labs/scoring.test.ts'),
        title: 'refuses %s as too costly to check, in a problem saying why',
      },
      {
        file: api('routes/labs/scoring.test.ts'),
        title: 'shows, and checks answers against, a pattern stored before the cost limits',
      },
    ],
  },
  {
    id: 'N-9',
    severity: 'medium',
    title: 'Per-address throttles key on single IPv6 addresses; a stranger locks an account out',
    tests: [
      {
        file: 'packages/http/src/address-bucket.test.ts',
        title: 'counts %s as %s',
      },
      {
        file: identity('throttle/sign-up-limits.test.ts'),
        title: 'from the addresses of one IPv6 /64 are limited as from one address',
      },
      {
        file: identity('throttle/sign-in-limits.test.ts'),
        title: 'from the addresses of one IPv6 /64 count as from one address',
      },
      {
        file: identity('throttle/sign-in-limits.test.ts'),
        title:
          'spread over many addresses leave each further address one failure, never refusing a right password from a clean one',
      },
      {
        file: identity('throttle/mail-limits.test.ts'),
        title: 'uses up only that /64’s reset mails, never the owner’s',
      },
      {
        file: identity('throttle/mail-limits.test.ts'),
        title:
          'past the per-email cap are answered alike but not mailed, while the links of the window still work',
      },
      {
        file: api('routes/auth/auth.test.ts'),
        title: 'count the addresses of one IPv6 /64 as one address',
      },
    ],
  },
  {
    id: 'N-10',
    severity: 'low',
    title: 'Backup archives are not authenticated',
    tests: [
      {
        file: 'apps/cli/src/backup/tampered-archive.test.ts',
        title:
          'is refused when the admin password hash was swapped and the checksums recomputed, and changes nothing',
      },
      {
        file: 'apps/cli/src/backup/tampered-archive.test.ts',
        title: 'is refused when unsigned, unless the operator passes --accept-unsigned',
      },
      {
        file: 'apps/cli/src/backup/tampered-archive.test.ts',
        title: 'is refused when signed with another key secret, or restored with another one',
      },
      {
        file: 'apps/cli/src/backup/tampered-archive.test.ts',
        title: 'is refused when it holds a signing key in plain, even signed with this key secret',
      },
    ],
  },
  {
    id: 'N-11',
    severity: 'low',
    title: 'Lab-archive import stores file names uncleaned',
    tests: [
      {
        file: api('routes/lab-archives/export-import.test.ts'),
        title: 'stores its file names cleaned as an upload’s are',
      },
    ],
  },
  {
    id: 'N-12',
    severity: 'low',
    title: 'A YAML alias bomb answers 500; inherited keys leak into the import report',
    tests: [
      {
        file: api('routes/lab-archives/ctfd-import.test.ts'),
        title: 'refuses a YAML alias bomb as an invalid challenge.yml',
      },
      {
        file: api('routes/lab-archives/ctfd-import.test.ts'),
        title:
          'reports fields named like Object’s own properties as unknown, not as what they inherit',
      },
    ],
  },
  {
    id: 'N-13',
    severity: 'low',
    title: 'Imported archives bring live-target definitions silently',
    tests: [
      {
        file: api('routes/lab-archives/export-import.test.ts'),
        title:
          'holds a manifest and every file, and imports as an equal lab of the importer, its target once added',
      },
      {
        file: 'apps/web/src/features/lab-archives/components/import-labs.test.tsx',
        title:
          'links each created lab and lists the targets to review, what was skipped and what did not map',
      },
      {
        file: api('routes/targets/images.test.ts'),
        title: 'imports a lab whose image the importer may not use without its target, and says so',
      },
    ],
  },
  {
    id: 'N-14',
    severity: 'low',
    title: '/metrics without a token trusts the socket address and any Host',
    tests: [
      {
        file: 'packages/http/src/host-check.test.ts',
        title: 'refuses another Host with 421 on every route, and answers health probes for any',
      },
      {
        file: 'apps/server/src/server.test.ts',
        title: 'serves its pages and API for its own host only, and health probes for any',
      },
      {
        file: 'packages/http/src/metrics-route.test.ts',
        title:
          'answers no loopback client without a token that asks for another host name or was forwarded',
      },
    ],
  },
  {
    id: 'N-15',
    severity: 'low',
    title: 'The target proxy has no per-user connection or request limits',
    tests: [
      {
        file: api('target-proxy/proxy-limits.test.ts'),
        title:
          'refuses a user’s 33rd open tunnel with 429 while another user’s opens; closing one frees a slot',
      },
      {
        file: api('target-proxy/proxy-limits.test.ts'),
        title:
          'closes a tunnel that carries nothing either way for the idle time, and frees its slot',
      },
      {
        file: api('target-proxy/proxy-limits.test.ts'),
        title: 'answers the proxy’s own 429 page past the requests of a minute, to that user only',
      },
    ],
  },
  {
    id: 'N-16',
    severity: 'low',
    title: 'Rate limits fail open on Redis errors and are per-process without Redis',
    tests: [
      {
        file: api('plugins/security.test.ts'),
        title: 'still refuses flags past the limit, counted in this process, and says so once',
      },
      {
        file: api('plugins/rate-limit-store.test.ts'),
        title: 'counts in Redis, in the process while Redis is away, and says so once per outage',
      },
      {
        file: api('per-process-warning.test.ts'),
        title: 'names PostgreSQL without REDIS_URL only',
      },
    ],
  },
  {
    id: 'N-17',
    severity: 'low',
    title: 'Firebase mode reads no revocations and trusts any sign-in provider’s verified email',
    tests: [
      {
        file: 'packages/id-token/src/verifier.test.ts',
        title: 'accepts only the sign-in providers given, and no token that names none',
      },
      {
        file: 'packages/id-token/src/verifier.test.ts',
        title: 'refuses a token issued longer ago than maxTokenAgeSeconds, and expires it then',
      },
      {
        file: 'apps/server/src/firebase-mode.test.ts',
        title:
          'refuses a verified admin email from any sign-in provider but FIREBASE_SIGN_IN_PROVIDERS (password)',
      },
      {
        file: 'apps/server/src/firebase-mode.test.ts',
        title:
          'refuses a token issued over FIREBASE_MAX_TOKEN_AGE_MINUTES (10) ago, an hour before its exp',
      },
    ],
  },
  {
    id: 'N-18',
    severity: 'low',
    title: 'Self-registered teachers can mail strangers attacker-written text',
    tests: [
      {
        file: api('routes/classrooms/classrooms.test.ts'),
        title: 'refuses names with line breaks, control characters or a web address, saying why',
      },
      {
        file: api('routes/announcements/announcements.test.ts'),
        title:
          'mails the text of links to other sites without their address, and our own links whole',
      },
      {
        file: api('routes/invitations/invitations.test.ts'),
        title: 'until an admin approves them',
      },
      {
        file: 'packages/mail/src/templates/markdown-paragraphs.test.ts',
        title: 'keeps only the text of links elsewhere, and no address of another site',
      },
      {
        file: identity('routes/accounts.test.ts'),
        title: 'refuses display names that are not one line of visible text, or hold a web address',
      },
    ],
  },
];
