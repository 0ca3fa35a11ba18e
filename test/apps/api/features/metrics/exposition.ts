/**
 * Reading Prometheus' text format in tests: a sample's value by its name and labels (all of those
 * given, in any order), or undefined when the exposition has none.
 */
export function sampleOf(exposition: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = labelsOf(match[2] ?? '');
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** Every label set a series has in the exposition. */
export function labelSetsOf(exposition: string, name: string): Record<string, string>[] {
  return exposition
    .split('\n')
    .map((line) => /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? \S+$/.exec(line))
    .filter((match) => match?.[1] === name)
    .map((match) => labelsOf(match?.[2] ?? ''));
}

function labelsOf(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [, key, value] of text.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key as string] = value as string;
  return labels;
}
