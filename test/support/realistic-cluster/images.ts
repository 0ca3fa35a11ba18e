import { frozen } from './json';
import { hex, mix32, randomStream } from './random';

/**
 * Container images: what a pod spec names, what the kubelet reports in containerStatuses (the
 * normalized name and the digest it pulled) and what a node lists in status.images.
 */
export interface Image {
  /** As written in the pod spec. */
  readonly ref: string;
  /** containerStatuses[].image: Docker Hub short names are normalized. */
  readonly resolved: string;
  /** containerStatuses[].imageID and the first of a node image's names. */
  readonly digestRef: string;
  readonly sizeBytes: number;
}

function stringHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = mix32(h ^ text.charCodeAt(i));
  return h;
}

function image(ref: string, sizeBytes: number): Image {
  const resolved = ref.includes('.') && ref.indexOf('.') < ref.indexOf('/') ? ref : ref.includes('/') ? `docker.io/${ref}` : `docker.io/library/${ref}`;
  const repository = resolved.slice(0, resolved.lastIndexOf(':'));
  // The same digest in every cluster: images do not depend on the seed.
  const digest = hex(randomStream(0x1a6e, stringHash(resolved)), 64);
  return frozen({ ref, resolved, digestRef: `${repository}@sha256:${digest}`, sizeBytes });
}

const registry = 'europe-west4-docker.pkg.dev/acme-prod-4821';

export const images = {
  pause: image('gke.gcr.io/pause:3.10', 268_403),
  kubeProxy: image('gke.gcr.io/kube-proxy-amd64:v1.32.4-gke.1415000', 31_893_477),
  fluentBit: image('gke.gcr.io/fluent-bit:v1.8.12-gke.37', 58_220_113),
  fluentBitExporter: image('gke.gcr.io/fluent-bit-gke-exporter:v0.28.0-gke.10', 33_541_782),
  metadataServer: image('gke.gcr.io/gke-metadata-server:20250321_2300_RC0', 28_170_309),
  pdCsiDriver: image('gke.gcr.io/gcp-compute-persistent-disk-csi-driver:v1.15.4-gke.1', 24_633_980),
  csiRegistrar: image('gke.gcr.io/csi-node-driver-registrar:v2.13.0-gke.4', 10_612_454),
  gpuDevicePlugin: image('gke.gcr.io/nvidia-gpu-device-plugin:v1.32.1-gke.3', 55_361_292),
  kubeDns: image('gke.gcr.io/k8s-dns-kube-dns:1.23.0-gke.9', 32_301_872),
  dnsmasq: image('gke.gcr.io/k8s-dns-dnsmasq-nanny:1.23.0-gke.9', 37_081_916),
  dnsSidecar: image('gke.gcr.io/k8s-dns-sidecar:1.23.0-gke.9', 29_118_450),
  konnectivityAgent: image('gke.gcr.io/proxy-agent:v0.31.1-gke.4', 13_790_520),
  metricsServer: image('gke.gcr.io/metrics-server:v0.7.2-gke.21', 19_556_214),
  addonResizer: image('gke.gcr.io/addon-resizer:1.8.23-gke.2', 17_220_045),
  eventExporter: image('gke.gcr.io/event-exporter:v0.4.5-gke.8', 27_315_650),
  prometheusToSd: image('gke.gcr.io/prometheus-to-sd:v0.11.12-gke.31', 12_871_336),
  karpenter: image(`${registry}/mirror/karpenter-provider-gcp:v0.4.1`, 47_809_122),
  web: image(`${registry}/shop/web:2025.11.3`, 61_203_775),
  api: image(`${registry}/shop/api:2025.11.3`, 118_550_204),
  cartWorker: image(`${registry}/shop/cart-worker:2025.11.1`, 96_122_871),
  checkout: image(`${registry}/shop/checkout:2025.11.2`, 88_406_119),
  migrate: image(`${registry}/shop/checkout-migrate:2025.11.2`, 21_660_054),
  cloudSqlProxy: image('gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1', 23_998_432),
  renderer: image(`${registry}/shop/pdf-renderer:1.8.0`, 402_553_013),
  thumbnailer: image(`${registry}/media/thumbnailer:3.2.0`, 144_018_927),
  queueWorker: image(`${registry}/media/queue-worker:3.2.0`, 139_775_016),
  report: image(`${registry}/batch/report:1.4.7`, 77_230_119),
  llmServe: image(`${registry}/ml/llm-serve:0.9.1`, 9_871_334_712),
  embedder: image(`${registry}/ml/embedder:0.5.3`, 6_402_918_837),
  finetune: image(`${registry}/ml/finetune:0.3.0`, 11_280_004_512),
  netshoot: image('nicolaka/netshoot:v0.13', 194_340_516),
} as const;

/** status.images: the kubelet lists what the node has pulled, largest first. */
export function nodeImages(pulled: readonly Image[]) {
  return frozen([...pulled].sort((a, b) => b.sizeBytes - a.sizeBytes).map((i) => ({ names: [i.digestRef, i.resolved], sizeBytes: i.sizeBytes })));
}
