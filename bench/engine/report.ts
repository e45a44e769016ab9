import { loadavg } from 'node:os';

export const round = (n: number) => Math.round(n * 10) / 10;

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
};

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

export const loadNow = () => loadavg().map((n) => Number(n.toFixed(2)));

export interface Figure {
  name: string;
  value: string;
  /** What it measures, from where to where, and whose clock. */
  measures: string;
}

/**
 * One results block per mode on stdout: the setup, the load average (1, 5, 15 min) before and after, each figure
 * with what it measures, then the whole result as one JSON line (`RESULT {...}`) for scripts.
 */
export function printResults(input: {
  mode: string;
  setup: string[];
  loadBefore: number[];
  figures: Figure[];
  json: Record<string, unknown>;
}) {
  const loadAfter = loadNow();
  const lines = [
    '',
    `==================== results: ${input.mode} ====================`,
    ...input.setup,
    `load average (1/5/15 min): before ${input.loadBefore.join(' ')}, after ${loadAfter.join(' ')}`,
    ...input.figures.map((f) => `- ${f.name}: ${f.value}\n    ${f.measures}`),
    `RESULT ${JSON.stringify({ mode: input.mode, ...input.json, loadBefore: input.loadBefore, loadAfter })}`,
    '',
  ];
  console.log(lines.join('\n'));
}

/** `median X (trials a, b, c)` */
export const trialValues = (values: number[], unit = '') =>
  `median ${median(values)}${unit} (trials ${values.map((v) => `${v}${unit}`).join(', ')})`;
