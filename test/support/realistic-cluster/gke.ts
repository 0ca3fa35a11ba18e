/**
 * The cluster being imitated: a regional GKE Standard cluster (private nodes, VPC-native,
 * Workload Identity, COS with containerd) at 1.32, plus Karpenter's GCP provider.
 */
export const cluster = {
  name: 'prod-eu',
  project: 'acme-prod-4821',
  region: 'europe-west4',
  zones: ['europe-west4-a', 'europe-west4-b', 'europe-west4-c'],
  /** The control plane's private endpoint, as kube-proxy's --master. */
  master: '172.16.0.2',
  /** The cluster's pod range (--cluster-cidr): a /24 for each of up to 16,384 nodes. */
  podRange: '10.64.0.0/10',
} as const;

export const versions = {
  kubelet: 'v1.32.4-gke.1415000',
  containerRuntime: 'containerd://1.7.27',
  kernel: '6.6.87+',
  osImage: 'Container-Optimized OS from Google',
} as const;

export interface MachineType {
  readonly name: string;
  readonly family: string;
  readonly cpus: number;
  /** Memory as the kubelet reads it from the machine (MemTotal), in KiB; and as the machine type advertises it. */
  readonly memoryKi: number;
  readonly memoryGb: number;
  readonly gpus: number;
  /** cloud.google.com/gke-accelerator */
  readonly accelerator?: string;
  /** Boot disk capacity as cAdvisor reports it, and what the kubelet leaves allocatable (bytes). */
  readonly ephemeralCapacity: string;
  readonly ephemeralAllocatable: string;
}

const disk100 = { ephemeralCapacity: '98831908Ki', ephemeralAllocatable: '47060071478' } as const;
const disk200 = { ephemeralCapacity: '203056560Ki', ephemeralAllocatable: '107374182400' } as const;

export const machineTypes = {
  e2Standard4: { name: 'e2-standard-4', family: 'e2', cpus: 4, memoryKi: 16393356, memoryGb: 16, gpus: 0, ...disk100 },
  e2Standard8: { name: 'e2-standard-8', family: 'e2', cpus: 8, memoryKi: 32882476, memoryGb: 32, gpus: 0, ...disk100 },
  n2Standard4: { name: 'n2-standard-4', family: 'n2', cpus: 4, memoryKi: 16383956, memoryGb: 16, gpus: 0, ...disk100 },
  n2Standard8: { name: 'n2-standard-8', family: 'n2', cpus: 8, memoryKi: 32873620, memoryGb: 32, gpus: 0, ...disk100 },
  c3Standard8: { name: 'c3-standard-8', family: 'c3', cpus: 8, memoryKi: 32870988, memoryGb: 32, gpus: 0, ...disk100 },
  a2Highgpu2g: { name: 'a2-highgpu-2g', family: 'a2', cpus: 24, memoryKi: 174063752, memoryGb: 170, gpus: 2, accelerator: 'nvidia-tesla-a100', ...disk200 },
  g2Standard12: { name: 'g2-standard-12', family: 'g2', cpus: 12, memoryKi: 49313924, memoryGb: 48, gpus: 1, accelerator: 'nvidia-l4', ...disk100 },
} as const satisfies Record<string, MachineType>;

/**
 * GKE's CPU reservation: 6% of the first core, 1% of the second, 0.5% of the next two, 0.25%
 * of the rest. Allocatable millicores.
 */
export function allocatableMillicores(cpus: number): number {
  const reserved = 60 + (cpus > 1 ? 10 : 0) + Math.min(Math.max(cpus - 2, 0), 2) * 5 + Math.max(cpus - 4, 0) * 2.5;
  return Math.round(cpus * 1000 - reserved);
}

/**
 * GKE's memory reservation: 25% of the first 4 GiB, 20% of the next 4, 10% of the next 8, 6% of
 * the next 112, 2% above 128 GiB; plus the 100 MiB eviction threshold. Allocatable KiB.
 */
export function allocatableMemoryKi(memoryKi: number): number {
  const gi = 1024 * 1024;
  const bands: [upTo: number, share: number][] = [
    [4 * gi, 0.25],
    [8 * gi, 0.2],
    [16 * gi, 0.1],
    [128 * gi, 0.06],
    [Infinity, 0.02],
  ];
  let reserved = 0;
  let from = 0;
  for (const [upTo, share] of bands) {
    reserved += Math.max(0, Math.min(memoryKi, upTo) - from) * share;
    from = upTo;
  }
  return Math.floor(memoryKi - reserved - 100 * 1024);
}
