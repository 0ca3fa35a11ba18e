import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

/** A few objects in milliseconds to the design-scale cluster's 310,000 in about a minute. */
const IMPORT_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** What an import did with each kind of object, as its answer counts them. */
interface ImportTally {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

/** An import's tallies by kind, as its answer names them (nodes and pods, and the other kinds the twin keeps). */
type ImportTallies = { rejected: number } & Partial<Record<(typeof KINDS)[number][1], ImportTally>>;

/** The kinds counted, by their label and the answer's field. */
const KINDS = [
  ['Node', 'nodes'],
  ['Pod', 'pods'],
  ['Namespace', 'namespaces'],
  ['PersistentVolume', 'persistentVolumes'],
  ['PersistentVolumeClaim', 'persistentVolumeClaims'],
  ['StorageClass', 'storageClasses'],
  ['CSINode', 'csiNodes'],
  ['PodDisruptionBudget', 'podDisruptionBudgets'],
] as const;

/** Imports (POST .../import) stored: their objects by kind and outcome, and their time. Dry runs store nothing and are not counted. */
@Injectable()
export class ImportMetrics {
  private readonly objects: Counter<'kind' | 'outcome'>;
  private readonly rejected: Counter;
  private readonly duration: Histogram<'thread'>;

  constructor({ registry }: MetricsRegistry) {
    this.objects = new Counter({
      name: 'taintgate_import_objects_total',
      help: 'Objects read by imports, by kind (Node, Pod, Namespace, PersistentVolume, ...) and outcome (created, updated, unchanged, deleted by prune).',
      labelNames: ['kind', 'outcome'],
      registers: [registry],
    });
    this.rejected = new Counter({
      name: 'taintgate_import_objects_rejected_total',
      help: 'Objects imports refused (not valid), stored neither.',
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'taintgate_import_duration_seconds',
      help: 'Time an import took, from its first byte read to its answer; thread="true" when its body was read on a worker thread (IMPORT_THREAD_MIN_MB).',
      buckets: IMPORT_BUCKETS,
      labelNames: ['thread'],
      registers: [registry],
    });
  }

  imported(tallies: ImportTallies, seconds: number, onThread: boolean): void {
    for (const [kind, field] of KINDS) {
      const tally = tallies[field];
      if (!tally) continue;
      for (const outcome of ['created', 'updated', 'unchanged', 'deleted'] as const) {
        if (tally[outcome] > 0) this.objects.inc({ kind, outcome }, tally[outcome]);
      }
    }
    if (tallies.rejected > 0) this.rejected.inc(tallies.rejected);
    this.duration.observe({ thread: String(onThread) }, seconds);
  }
}
