import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface PageAudit {
  page: string;
  /** Category scores, 0 to 100. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** First and largest contentful paint, total blocking time (ms); layout shift (unitless). */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript the page downloaded, as sent (compressed). */
  scriptBytes: number;
  /** What Lighthouse finds below 100 in the last three categories, to say why. */
  failed: string[];
}

interface FailingItem {
  node?: { snippet?: string };
}

/** The first elements an audit names, to find them in the page. */
function nodesOf(audit: { details?: unknown } | undefined): string {
  const items = (audit?.details as { items?: FailingItem[] } | undefined)?.items ?? [];
  const snippets = items.flatMap((item) => (item.node?.snippet ? [item.node.snippet] : []));
  return snippets.length > 0 ? `: ${snippets.slice(0, 3).join(' ')}` : '';
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

/**
 * One Lighthouse run under its default (mobile) settings, simulated throttling included, on the
 * Chromium listening for DevTools on `port`. Storage is kept, so a signed-in profile stays signed
 * in.
 */
export async function audit(page: string, url: string, port: number): Promise<PageAudit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: true,
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  // The whole report, to read what the figures come from (or open in the Lighthouse viewer).
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    await mkdir(reports, { recursive: true });
    await writeFile(join(reports, `${page}.json`), JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] })?.items;
  const failed = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${lhr.audits[ref.id]?.title ?? ref.id}${nodesOf(lhr.audits[ref.id])}`),
  );
  return {
    page,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptBytes: (requests ?? [])
      .filter((request) => request.resourceType === 'Script')
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    failed,
  };
}
