import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const biome = join(root, 'node_modules', '.bin', 'biome');

const RESTRICTED = 'lint/style/noRestrictedImports';
const CYCLE = 'lint/suspicious/noImportCycles';

/** A file at a path of this repository, importing `from`; `rule` is what lint says, or null. */
interface Probe {
  path: string;
  from: string;
  rule: typeof RESTRICTED | typeof CYCLE | null;
}

const probes: Record<string, Probe[]> = {
  'a web feature imports no other feature and nothing from app/': [
    {
      path: 'apps/web/src/features/labs/components/by-alias.tsx',
      from: '@/features/classrooms/api/get-classroom',
      rule: RESTRICTED,
    },
    {
      path: 'apps/web/src/features/labs/components/by-relative-path.tsx',
      from: '../../classrooms/api/get-classroom',
      rule: RESTRICTED,
    },
    {
      path: 'apps/web/src/features/labs/from-root.ts',
      from: '../auth/api/get-me',
      rule: RESTRICTED,
    },
    {
      path: 'apps/web/src/features/labs/components/deep/by-relative-path.tsx',
      from: '../../../auth/api/get-me',
      rule: RESTRICTED,
    },
    { path: 'apps/web/src/features/labs/api/route.ts', from: '@/app/router', rule: RESTRICTED },
    {
      path: 'apps/web/src/features/labs/api/own-file.ts',
      from: '../utils/markdown-urls',
      rule: null,
    },
    {
      path: 'apps/web/src/features/labs/components/deep/own-file.tsx',
      from: '../../api/get-lab',
      rule: null,
    },
    { path: 'apps/web/src/features/labs/api/shared.ts', from: '@/lib/api-client', rule: null },
    {
      path: 'apps/web/src/app/routes/compose.tsx',
      from: '@/features/labs/api/get-lab',
      rule: null,
    },
  ],
  'shared web code imports no feature, and lib/ no components': [
    {
      path: 'apps/web/src/lib/renders.ts',
      from: '@/components/feedback/form-alert',
      rule: RESTRICTED,
    },
    {
      path: 'apps/web/src/lib/renders-relative.ts',
      from: '../components/feedback/form-alert',
      rule: RESTRICTED,
    },
    {
      path: 'apps/web/src/lib/toast-part.ts',
      from: '@/components/toast/toast-body',
      rule: RESTRICTED,
    },
    { path: 'apps/web/src/lib/feature.ts', from: '@/features/auth/api/get-me', rule: RESTRICTED },
    {
      path: 'apps/web/src/components/x/feature.tsx',
      from: '@/features/auth/api/get-me',
      rule: RESTRICTED,
    },
    { path: 'apps/web/src/hooks/route.ts', from: '@/app/router', rule: RESTRICTED },
    { path: 'apps/web/src/lib/config.ts', from: '@/config/paths', rule: null },
    { path: 'apps/web/src/components/x/lib.tsx', from: '@/lib/errors', rule: null },
    { path: 'apps/web/src/lib/sdk.ts', from: 'firebase/app', rule: null },
  ],
  'apps import packages, never each other': [
    { path: 'apps/api/src/x/peer.ts', from: '@hackclass/identity', rule: RESTRICTED },
    { path: 'apps/identity/src/x/peer.ts', from: '@hackclass/api/testing', rule: RESTRICTED },
    { path: 'apps/web/src/features/labs/api/server.ts', from: '@hackclass/api', rule: RESTRICTED },
    { path: 'apps/web/src/lib/server.ts', from: '@hackclass/server', rule: RESTRICTED },
    { path: 'packages/db/src/app.ts', from: '@hackclass/api', rule: RESTRICTED },
    { path: 'apps/api/src/x/package.ts', from: '@hackclass/contracts', rule: null },
    { path: 'apps/server/src/assembles.ts', from: '@hackclass/api', rule: null },
    { path: 'apps/cli/src/drives.ts', from: '@hackclass/server', rule: null },
    { path: 'apps/api/src/x/peer.test.ts', from: '@hackclass/identity/testing', rule: null },
  ],
  'the API’s layers run one way down: routes → operations → domain rules → database': [
    { path: 'apps/api/src/members/up.ts', from: '../routes/security', rule: RESTRICTED },
    {
      path: 'apps/api/src/members/bulk-invitations/up.ts',
      from: '../../plugins/authentication',
      rule: RESTRICTED,
    },
    { path: 'apps/api/src/targets/up.ts', from: '../subscribers/target-release', rule: RESTRICTED },
    { path: 'apps/api/src/labs/up.ts', from: '../app', rule: RESTRICTED },
    { path: 'apps/api/src/targets/proxied.ts', from: '../target-proxy/gate', rule: RESTRICTED },
    { path: 'apps/api/src/target-proxy/down.ts', from: '../targets/find-targets', rule: null },
    { path: 'apps/api/src/labs/across.ts', from: '../classrooms/find-classrooms', rule: null },
    { path: 'apps/api/src/labs/down.ts', from: '../policies/actors', rule: null },
    { path: 'apps/api/src/policies/up.ts', from: '../members/standing', rule: RESTRICTED },
    { path: 'apps/api/src/policies/down.ts', from: '../db/schema', rule: null },
    { path: 'apps/api/src/domain-events/up.ts', from: '../notifications/notify', rule: RESTRICTED },
    { path: 'apps/api/src/errors.ts', from: './users/member-name', rule: RESTRICTED },
    { path: 'apps/api/src/db/up.ts', from: '../policies/actors', rule: RESTRICTED },
    { path: 'apps/api/src/db/schema/up.ts', from: '../../users/member-name', rule: RESTRICTED },
    { path: 'apps/api/src/db/schema/within.ts', from: '../prepared', rule: null },
    { path: 'apps/api/src/routes/x/down.ts', from: '../../members/standing', rule: null },
    { path: 'apps/api/src/subscribers/down.ts', from: '../targets/stop-targets', rule: null },
    { path: 'apps/api/src/members/up.test.ts', from: '../routes/security', rule: null },
  ],
  'two files never import each other': [
    { path: 'packages/db/src/loop/a.ts', from: './b', rule: CYCLE },
    { path: 'packages/db/src/loop/b.ts', from: './a', rule: CYCLE },
    { path: 'apps/web/src/lib/types-loop/a.ts', from: './b', rule: CYCLE },
  ],
};

/** The type-only half of a loop: it counts as much as a value import. */
const typeOnly = new Set(['apps/web/src/lib/types-loop/b.ts']);

let found: Map<string, string[]>;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'import-boundaries-'));
  try {
    copyFileSync(join(root, 'biome.jsonc'), join(dir, 'biome.jsonc'));
    const write = (path: string, source: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    };
    for (const { path, from } of Object.values(probes).flat()) {
      write(path, `import { value } from '${from}';\n\nexport const probe = value;\n`);
    }
    for (const path of typeOnly) {
      write(path, `import type { Value } from './a';\n\nexport type Probe = Value;\n`);
    }
    const run = spawnSync(
      biome,
      ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'],
      { cwd: dir, encoding: 'utf8' },
    );
    const report = JSON.parse(run.stdout) as {
      diagnostics: { category: string; location: { path: string } }[];
    };
    found = new Map();
    for (const { category, location } of report.diagnostics) {
      found.set(location.path, [...(found.get(location.path) ?? []), category]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe.each(Object.entries(probes))('%s', (_, cases) => {
  it.each(cases)('$path importing $from: $rule', ({ path, rule }) => {
    const boundaryRules = (found.get(path) ?? []).filter((category) =>
      [RESTRICTED, CYCLE].includes(category),
    );
    expect(boundaryRules).toEqual(rule ? [rule] : []);
  });
});
