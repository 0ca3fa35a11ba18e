import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parseAllDocuments } from 'yaml';
import { PluginError } from './failures';

/** `-f FILE` or `-f -` (stdin), read whole: a pod manifest is small. */
export async function readManifestText(file: string, stdin: () => Readable): Promise<string> {
  if (file !== '-') {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new PluginError(`the path "${file}" cannot be read: ${(error as Error).message}`);
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stdin()) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

type Manifest = Record<string, unknown>;

/**
 * The objects of a JSON or YAML file (JSON is YAML), `---` documents and Lists' items one after the
 * other. Integers stay exact: YAML reads them as bigints, made numbers again where that loses nothing.
 */
export function manifestObjects(text: string, file: string): Manifest[] {
  const objects: Manifest[] = [];
  for (const document of parseAllDocuments(text, { intAsBigInt: true })) {
    if (document.errors.length) throw new PluginError(`error parsing ${file}: ${document.errors[0]?.message ?? 'invalid YAML'}`);
    const value = safeNumbers(document.toJS());
    if (value === null || value === undefined) continue;
    if (typeof value !== 'object' || Array.isArray(value)) throw new PluginError(`error parsing ${file}: a document is not an object`);
    const object = value as Manifest;
    if (Array.isArray(object.items) && typeof object.kind === 'string' && object.kind.endsWith('List')) objects.push(...(object.items as Manifest[]));
    else objects.push(object);
  }
  return objects;
}

function safeNumbers(value: unknown): unknown {
  if (typeof value === 'bigint') return value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER ? Number(value) : value;
  if (Array.isArray(value)) return value.map(safeNumbers);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, safeNumbers(v)]));
  return value;
}

/** Workloads whose pod template is `spec.template`; a CronJob's is one level deeper. */
const TEMPLATED = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController']);

/**
 * The pod a manifest describes: a Pod, or the template of a workload (a Deployment's pods are
 * placed as its template says), with the workload's namespace. Exactly one object must be given.
 */
export function podOfManifests(objects: readonly Manifest[], file: string): Manifest {
  if (objects.length !== 1) throw new PluginError(`${file} must hold one pod (or one workload), not ${objects.length} objects`);
  const object = objects[0] as Manifest;
  const kind = typeof object.kind === 'string' ? object.kind : 'Pod';
  if (kind === 'Pod') return object;
  const spec = (object.spec ?? {}) as Manifest;
  const template =
    kind === 'CronJob' ? (((spec.jobTemplate ?? {}) as Manifest).spec as Manifest | undefined)?.template : TEMPLATED.has(kind) ? spec.template : undefined;
  if (typeof template !== 'object' || template === null) throw new PluginError(`${file} holds a ${kind}: give a Pod, or a workload with a pod template`);
  const metadata = (object.metadata ?? {}) as Manifest;
  const templateMetadata = ((template as Manifest).metadata ?? {}) as Manifest;
  // A template has no name of its own; its pods are named after the workload.
  return { apiVersion: 'v1', kind: 'Pod', ...(template as Manifest), metadata: { name: metadata.name, namespace: metadata.namespace, ...templateMetadata } };
}
