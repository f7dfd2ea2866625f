import Docker from 'dockerode';

export interface BoxMemory {
  /**
   * What `docker stats` shows: the cgroup's usage less its inactive page cache. The image's
   * files (bash, libc) are cached once for all boxes and charged to whichever read them first,
   * so this is what one more box costs.
   */
  used: number;
  /** The resident memory of the box's processes added up, their shared pages counted in each. */
  processes: number;
}

/** Each box container's memory now, in bytes: its name is `hackclass-<box id>`. */
export function boxMemory(boxIds: string[]): Promise<BoxMemory[]> {
  const docker = new Docker();
  return Promise.all(
    boxIds.map(async (boxId) => {
      const container = docker.getContainer(`hackclass-${boxId}`);
      const [stats, top] = await Promise.all([
        container.stats({ stream: false }),
        // The engine needs the pid column to pick the container's processes out.
        container.top({ ps_args: '-o pid,rss' }) as Promise<{
          Titles?: string[];
          Processes?: string[][];
        }>,
      ]);
      const { usage = 0, stats: details } = stats.memory_stats;
      // cgroup v1 names it total_inactive_file, v2 inactive_file; docker stats takes either.
      const inactive =
        details?.total_inactive_file ??
        (details as { inactive_file?: number } | undefined)?.inactive_file ??
        0;
      const column = top.Titles?.indexOf('RSS') ?? -1;
      const kilobytes = (top.Processes ?? []).reduce(
        (sum, row) => sum + Number(row[column] ?? Number.NaN),
        0,
      );
      return { used: inactive < usage ? usage - inactive : usage, processes: kilobytes * 1024 };
    }),
  );
}
