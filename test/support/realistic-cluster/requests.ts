import type { PodTemplate } from './pod-template';

/** What a pod asks of its node, in millicores, bytes and GPUs: containers, sidecars and RuntimeClass overhead. */
export interface Requests {
  readonly cpu: number;
  readonly memory: number;
  readonly gpu: number;
}

const binary: Readonly<Record<string, number>> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 };

/** The quantities this cluster writes: plain numbers, `m` for millis, binary suffixes. */
function parseQuantity(text: string): number {
  const match = /^(\d+)(m|Ki|Mi|Gi|Ti)?$/.exec(text);
  if (match === null) throw new Error(`unexpected quantity ${text}`);
  const value = Number(match[1]);
  const suffix = match[2];
  if (suffix === undefined) return value;
  return suffix === 'm' ? value / 1000 : value * binary[suffix]!;
}

const cache = new WeakMap<PodTemplate, Requests>();

export function requestsOf(t: PodTemplate): Requests {
  let r = cache.get(t);
  if (r !== undefined) return r;
  let cpu = 0;
  let memory = 0;
  let gpu = 0;
  const add = (requests: Readonly<Record<string, unknown>> | undefined) => {
    cpu += requests?.cpu !== undefined ? parseQuantity(requests.cpu as string) * 1000 : 0;
    memory += requests?.memory !== undefined ? parseQuantity(requests.memory as string) : 0;
    gpu += requests?.['nvidia.com/gpu'] !== undefined ? parseQuantity(requests['nvidia.com/gpu'] as string) : 0;
  };
  // Init containers that run to completion finish before the others start; sidecars stay.
  for (const c of [...t.containers, ...(t.initContainers ?? []).filter((i) => i.restartPolicy === 'Always')])
    add(c.resources.requests as Record<string, unknown> | undefined);
  add(t.overhead);
  r = { cpu: Math.round(cpu), memory, gpu };
  cache.set(t, r);
  return r;
}
