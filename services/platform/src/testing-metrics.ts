/**
 * Reading Prometheus's text format in tests: scrape a `/metrics` and find a series by name and labels.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number };

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key!, value!]),
    );
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of a series whose labels include all of `labels`. */
export function samplesOf(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The value of the one sample of a series with these labels, or undefined when there is none. */
export function valueOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samplesOf(samples, name, labels)[0]?.value;
}

/** GETs a `/metrics` (a base URL, or the full address) and parses it; throws unless it answers 200. */
export async function scrape(url: string): Promise<Sample[]> {
  const target = url.endsWith('/metrics') ? url : `${url}/metrics`;
  const response = await fetch(target);
  if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
  return parseMetrics(await response.text());
}
