import type { LabImportReport } from '@hackclass/contracts';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../test/render-in-app';
import { loadTestRuntimeConfig } from '../../../../test/runtime-config';
import { ImportLabsForm } from './import-labs-form';
import { ImportReport } from './import-report';

beforeAll(async () => {
  await loadTestRuntimeConfig();
});

describe('ImportLabsForm', () => {
  it('asks for a file, and refuses one it cannot import before sending anything', async () => {
    const onPreviewed = vi.fn();
    const screen = await renderInApp(
      <ImportLabsForm
        classrooms={[{ id: crypto.randomUUID(), name: 'Web 101' }]}
        onPreviewed={onPreviewed}
      />,
    );
    await screen.getByRole('button', { name: 'Review the import' }).click();
    await expect.element(screen.getByText('Choose a file to import')).toBeVisible();

    await screen
      .getByLabelText('File to import', { exact: true })
      .upload(new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    await expect
      .element(screen.getByText('Choose a .tar.gz, .tgz, .zip, .yml, .yaml file'))
      .toBeVisible();

    await screen
      .getByLabelText('File to import', { exact: true })
      .upload(new File(['name: A'], 'challenge.yml', { type: 'application/x-yaml' }));
    await expect.element(screen.getByText('challenge.yml', { exact: true })).toBeVisible();
    expect(screen.getByText('Choose a .tar.gz, .tgz, .zip, .yml, .yaml file').query()).toBeNull();
    expect(onPreviewed).not.toHaveBeenCalled();
  });

  it('imports a challenge without a file its upload lacks unless told to skip it', async () => {
    const screen = await renderInApp(<ImportLabsForm classrooms={[]} onPreviewed={vi.fn()} />);
    const group = screen.getByRole('radiogroup', {
      name: 'A challenge that lists a file the upload lacks',
    });
    await expect
      .element(group.getByRole('radio', { name: 'Import it without the file, and say which' }))
      .toBeChecked();
    await group.getByRole('radio', { name: 'Skip the challenge' }).click();
    await expect.element(group.getByRole('radio', { name: 'Skip the challenge' })).toBeChecked();
  });
});

describe('ImportReport', () => {
  const report: LabImportReport = {
    dryRun: false,
    created: [{ id: crypto.randomUUID(), slug: 'cookie-monster', name: 'Cookie Monster' }],
    skipped: [{ name: 'Quiz', reason: 'Only standard and dynamic challenges' }],
    notMapped: [
      { lab: 'Cookie Monster', field: 'author', reason: 'Belongs to the importer' },
      { lab: 'Cookie Monster', field: 'tags', reason: 'No tags' },
    ],
    targets: [
      {
        labId: crypto.randomUUID(),
        lab: 'Cookie Monster',
        target: {
          image: 'registry.ctf.example/cookies:2',
          port: 8080,
          kind: 'http',
          env: [{ name: 'POOL', value: 'pool.example:3333' }],
          memoryMb: 2048,
          cpus: 2,
          pids: 256,
          lifetimeMinutes: 240,
          extendable: true,
          outbound: true,
          flagMode: 'static',
          flagPrefix: 'HC{',
          flagSuffix: '}',
        },
      },
    ],
  };

  it('links each created lab and lists the targets to review, what was skipped and what did not map', async () => {
    const screen = await renderInApp(
      <MemoryRouter>
        <ImportReport report={report} />
      </MemoryRouter>,
    );
    await expect.element(screen.getByRole('heading', { name: '1 lab created' })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Cookie Monster' }))
      .toHaveAttribute('href', '/hacking-labs/cookie-monster');
    await expect.element(screen.getByText('1 skipped')).toBeVisible();
    await expect
      .element(
        screen
          .getByRole('listitem')
          .filter({ hasText: 'Quiz: Only standard and dynamic challenges' }),
      )
      .toBeVisible();
    const review = screen.getByRole('region', { name: 'Live targets to review' });
    await expect.element(review.getByText('registry.ctf.example/cookies:2')).toBeVisible();
    await expect.element(review.getByText('Reaches other networks')).toBeVisible();
    await expect.element(review.getByText('Environment: POOL')).toBeVisible();
    await expect
      .element(review.getByRole('button', { name: 'Add the live target of Cookie Monster' }))
      .toBeVisible();
    const table = screen.getByRole('table', { name: 'Not mapped in Cookie Monster' });
    await expect.element(table.getByText('author')).toBeVisible();
    await expect.element(table.getByText('No tags')).toBeVisible();
  });

  it('tells same-named challenges apart by the file each comes from', async () => {
    const screen = await renderInApp(
      <MemoryRouter>
        <ImportReport
          report={{
            dryRun: false,
            created: [],
            skipped: [
              { name: 'VIP', source: 'vip/challenge.yml', reason: 'Not today' },
              { name: 'VIP', source: 'vip/deployer/challenge.yml', reason: 'Same name' },
            ],
            notMapped: [],
            targets: [],
          }}
        />
      </MemoryRouter>,
    );
    await expect.element(screen.getByText('2 skipped')).toBeVisible();
    await expect
      .element(
        screen
          .getByRole('listitem')
          .filter({ hasText: 'VIP (vip/deployer/challenge.yml): Same name' }),
      )
      .toBeVisible();
    await expect
      .element(
        screen.getByRole('listitem').filter({ hasText: 'VIP (vip/challenge.yml): Not today' }),
      )
      .toBeVisible();
  });

  it('says so when nothing was created', async () => {
    const screen = await renderInApp(
      <MemoryRouter>
        <ImportReport
          report={{
            dryRun: false,
            created: [],
            skipped: report.skipped,
            notMapped: [],
            targets: [],
          }}
        />
      </MemoryRouter>,
    );
    await expect.element(screen.getByRole('heading', { name: 'No lab was created' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Not mapped' }).query()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Live targets to review' }).query()).toBeNull();
  });
});
