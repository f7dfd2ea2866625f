/** One sample of a Prometheus text exposition: metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const COMMENT = new RegExp(
  `^# (HELP ${NAME} .*|TYPE ${NAME} (counter|gauge|histogram|summary|untyped))$`,
);
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;

function labelsOf(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  let match = LABEL.exec(text);
  while (match) {
    labels[match[1] as string] = (match[2] as string).replace(/\\(.)/g, (_, c: string) =>
      c === 'n' ? '\n' : c,
    );
    if (LABEL.lastIndex === text.length) return labels;
    match = LABEL.exec(text);
  }
  if (text === '') return labels;
  throw new Error(`not Prometheus text: ${line}`);
}

const SPECIAL_VALUES = new Map([
  ['nan', Number.NaN],
  ['inf', Number.POSITIVE_INFINITY],
  ['+inf', Number.POSITIVE_INFINITY],
  ['-inf', Number.NEGATIVE_INFINITY],
]);

/** A sample's value; like Prometheus, NaN and Inf in any case. */
function sampleValueOf(text: string): number | undefined {
  const special = SPECIAL_VALUES.get(text.toLowerCase());
  if (special !== undefined) return special;
  const value = Number(text);
  return text.trim() === '' || Number.isNaN(value) ? undefined : value;
}

/** Parses Prometheus text format strictly: a line that is not a comment or a sample throws. */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || COMMENT.test(line)) continue;
    const match = SAMPLE.exec(line);
    const value = match ? sampleValueOf(match[3] as string) : undefined;
    if (!match || value === undefined) throw new Error(`not Prometheus text: ${line}`);
    samples.push({ name: match[1] as string, labels: labelsOf(match[2] ?? '', line), value });
  }
  return samples;
}

/** The value of the sample named so with at least these labels, summed over the others; 0 if none. */
export function sampleSum(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}
