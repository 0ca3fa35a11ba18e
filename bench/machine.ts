import os from 'node:os';

/** What the results were measured on, printed at the top of every benchmark (bench/RESULTS.md quotes it). */
export function machineLine(): string {
  const cpus = os.cpus();
  return `machine: ${cpus[0]?.model ?? 'unknown CPU'} x${cpus.length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}
