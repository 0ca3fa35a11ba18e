import { images } from './images';
import { frozen, type JsonObject } from './json';
import type { PodTemplate } from './pod-template';
import { admittedTolerations, equal, exists } from './tolerations';

/** The tenants' workloads: the fillers that make up the bulk of the pods, and the special cases. */

const gpuToleration = exists('nvidia.com/gpu', 'NoSchedule');
const spotNoSchedule = equal('cloud.google.com/gke-spot', 'true', 'NoSchedule');
const httpProbe = (path: string, port: number | string, periodSeconds = 10): JsonObject => ({
  failureThreshold: 3,
  httpGet: { path, port, scheme: 'HTTP' },
  periodSeconds,
  successThreshold: 1,
  timeoutSeconds: 1,
});
const secretEnv = (name: string, secret: string, key: string): JsonObject => ({ name, valueFrom: { secretKeyRef: { key, name: secret } } });

export const web = frozen<PodTemplate>({
  containers: [
    {
      name: 'web',
      image: images.web,
      env: [
        { name: 'API_URL', value: 'http://api.shop.svc.cluster.local:8080' },
        { name: 'NODE_ENV', value: 'production' },
      ],
      ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }],
      readinessProbe: httpProbe('/healthz', 'http', 5),
      resources: { limits: { memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
    },
  ],
  serviceAccountName: 'default',
  tolerations: admittedTolerations([]),
});

export const api = frozen<PodTemplate>({
  containers: [
    {
      name: 'api',
      image: images.api,
      args: ['serve', '--port=8080', '--db-pool=20'],
      env: [
        secretEnv('DATABASE_URL', 'api-db', 'url'),
        { name: 'GOMEMLIMIT', valueFrom: { resourceFieldRef: { containerName: 'api', divisor: '0', resource: 'limits.memory' } } },
      ],
      livenessProbe: httpProbe('/livez', 8080),
      ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }],
      readinessProbe: httpProbe('/readyz', 8080),
      resources: { limits: { cpu: '1', memory: '768Mi' }, requests: { cpu: '250m', memory: '384Mi' } },
    },
  ],
  serviceAccountName: 'api',
  terminationGracePeriodSeconds: 45,
  tolerations: admittedTolerations([]),
  topologySpreadConstraints: [
    {
      labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'api' } },
      maxSkew: 1,
      topologyKey: 'topology.kubernetes.io/zone',
      whenUnsatisfiable: 'ScheduleAnyway',
    },
  ],
});

export const cartWorker = frozen<PodTemplate>({
  containers: [
    {
      name: 'worker',
      image: images.cartWorker,
      args: ['--queue=carts', '--concurrency=4'],
      resources: { limits: { 'ephemeral-storage': '2Gi', memory: '192Mi' }, requests: { cpu: '50m', 'ephemeral-storage': '1Gi', memory: '96Mi' } },
      volumeMounts: [{ mountPath: '/scratch', name: 'scratch' }],
    },
  ],
  serviceAccountName: 'default',
  tolerations: admittedTolerations([]),
  volumes: [{ emptyDir: { sizeLimit: '1Gi' }, name: 'scratch' }],
});

/** The spot pool's filler: it asks for spot nodes and tolerates their taint. */
export const queueWorker = frozen<PodTemplate>({
  containers: [
    {
      name: 'queue-worker',
      image: images.queueWorker,
      args: ['--subscription=media-jobs'],
      resources: { limits: { memory: '512Mi' }, requests: { cpu: '150m', memory: '256Mi' } },
    },
  ],
  nodeSelector: { 'cloud.google.com/gke-spot': 'true' },
  serviceAccountName: 'media',
  // Spot VMs get 30 s notice before preemption.
  terminationGracePeriodSeconds: 25,
  tolerations: admittedTolerations([spotNoSchedule]),
});

/**
 * Leave 120 s after a NoExecute spot taint, then a second, unlimited toleration of the same taint:
 * the API server keeps both as written, and Kubernetes evicts after the smaller (120 s). Admission
 * run again would merge them (PodTolerationRestriction's MergeTolerations drops the one the other
 * covers) and lose the 120 s.
 */
export const thumbnailer = frozen<PodTemplate>({
  containers: [
    {
      name: 'thumbnailer',
      image: images.thumbnailer,
      resources: { limits: { memory: '1Gi' }, requests: { cpu: '500m', memory: '512Mi' } },
    },
  ],
  nodeSelector: { 'cloud.google.com/gke-spot': 'true' },
  serviceAccountName: 'media',
  terminationGracePeriodSeconds: 25,
  tolerations: admittedTolerations([
    { effect: 'NoExecute', key: 'cloud.google.com/gke-spot', operator: 'Equal', tolerationSeconds: 120, value: 'true' },
    { effect: 'NoExecute', key: 'cloud.google.com/gke-spot', operator: 'Equal', value: 'true' },
    spotNoSchedule,
  ]),
});

const gpuServing = (name: string, image: typeof images.llmServe, accelerator: string, resources: JsonObject): PodTemplate =>
  frozen<PodTemplate>({
    containers: [
      {
        name,
        image,
        env: [{ name: 'NVIDIA_VISIBLE_DEVICES', value: 'all' }],
        ports: [{ containerPort: 8000, name: 'http', protocol: 'TCP' }],
        readinessProbe: httpProbe('/health', 8000),
        resources,
        startupProbe: {
          failureThreshold: 60,
          httpGet: { path: '/health', port: 8000, scheme: 'HTTP' },
          periodSeconds: 10,
          successThreshold: 1,
          timeoutSeconds: 1,
        },
        volumeMounts: [{ mountPath: '/dev/shm', name: 'dshm' }],
      },
    ],
    nodeSelector: { 'cloud.google.com/gke-accelerator': accelerator },
    serviceAccountName: 'inference',
    // ExtendedResourceToleration: requesting nvidia.com/gpu tolerates the GPU taint.
    tolerations: admittedTolerations([], [gpuToleration]),
    volumes: [{ emptyDir: { medium: 'Memory', sizeLimit: '8Gi' }, name: 'dshm' }],
  });

/** One GPU each; two of them fill an a2-highgpu-2g. */
export const llmInference = gpuServing('llm-serve', images.llmServe, 'nvidia-tesla-a100', {
  limits: { memory: '40Gi', 'nvidia.com/gpu': '1' },
  requests: { cpu: '4', memory: '40Gi', 'nvidia.com/gpu': '1' },
});

/** One GPU: a g2-standard-12's only L4. */
export const embedder = gpuServing('embedder', images.embedder, 'nvidia-l4', {
  limits: { memory: '15Gi', 'nvidia.com/gpu': '1' },
  requests: { cpu: '3', memory: '12Gi', 'nvidia.com/gpu': '1' },
});

/** The Job's trainer asks for an A100 while every A100 is taken: it stays Pending. */
export const trainer = frozen<PodTemplate>({
  containers: [
    {
      name: 'trainer',
      image: images.finetune,
      args: ['--model=gemma-2-9b', '--dataset=gs://acme-ml-datasets/support-tickets-2025-10', '--epochs=3'],
      resources: { limits: { memory: '60Gi', 'nvidia.com/gpu': '1' }, requests: { cpu: '8', memory: '60Gi', 'nvidia.com/gpu': '1' } },
    },
  ],
  nodeSelector: { 'cloud.google.com/gke-accelerator': 'nvidia-tesla-a100' },
  restartPolicy: 'Never',
  serviceAccountName: 'trainer',
  tolerations: admittedTolerations([], [gpuToleration]),
});

export const report = frozen<PodTemplate>({
  containers: [
    {
      name: 'report',
      image: images.report,
      args: ['--date=yesterday', '--to=gs://acme-reports/daily/'],
      resources: { requests: { cpu: '500m', memory: '1Gi' } },
    },
  ],
  restartPolicy: 'OnFailure',
  serviceAccountName: 'reports',
  tolerations: admittedTolerations([]),
});

export const dbMigrate = frozen<PodTemplate>({
  containers: [
    {
      name: 'migrate',
      image: images.migrate,
      args: ['up', '--lock-timeout=60s'],
      env: [secretEnv('DATABASE_URL', 'checkout-db', 'url')],
      resources: { limits: { memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
    },
  ],
  restartPolicy: 'Never',
  serviceAccountName: 'default',
  tolerations: admittedTolerations([]),
});

/** An init container that migrates, then a sidecar (an init container that restarts Always) the app talks to. */
export const checkout = frozen<PodTemplate>({
  containers: [
    {
      name: 'checkout',
      image: images.checkout,
      env: [{ name: 'DB_HOST', value: '127.0.0.1' }, { name: 'DB_PORT', value: '5432' }, secretEnv('DB_PASSWORD', 'checkout-db', 'password')],
      ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }],
      readinessProbe: httpProbe('/ready', 8080),
      resources: { limits: { memory: '512Mi' }, requests: { cpu: '200m', memory: '256Mi' } },
    },
  ],
  initContainers: [
    {
      name: 'wait-for-schema',
      image: images.migrate,
      command: ['/bin/sh', '-c', 'until /migrate status --exit-code; do sleep 2; done && echo schema ready'],
      env: [secretEnv('DATABASE_URL', 'checkout-db', 'url')],
      resources: { limits: { memory: '64Mi' }, requests: { cpu: '50m', memory: '64Mi' } },
    },
    {
      name: 'cloud-sql-proxy',
      image: images.cloudSqlProxy,
      args: ['--structured-logs', '--port=5432', '--health-check', '--http-address=0.0.0.0', 'acme-prod-4821:europe-west4:checkout'],
      resources: { limits: { memory: '128Mi' }, requests: { cpu: '50m', memory: '64Mi' } },
      restartPolicy: 'Always',
      securityContext: { runAsNonRoot: true },
      startupProbe: {
        failureThreshold: 20,
        httpGet: { path: '/startup', port: 9090, scheme: 'HTTP' },
        periodSeconds: 1,
        successThreshold: 1,
        timeoutSeconds: 5,
      },
    },
  ],
  serviceAccountName: 'checkout',
  tolerations: admittedTolerations([]),
});

/**
 * Runs in GKE Sandbox. The RuntimeClass admission plugin copied the gvisor RuntimeClass's
 * overhead into spec.overhead, and its scheduling (node selector, toleration) into the pod.
 */
export const renderer = frozen<PodTemplate>({
  containers: [
    {
      name: 'renderer',
      image: images.renderer,
      resources: { limits: { cpu: '1', memory: '1536Mi' }, requests: { cpu: '500m', memory: '1Gi' } },
    },
  ],
  nodeSelector: { 'sandbox.gke.io/runtime': 'gvisor' },
  overhead: { cpu: '250m', memory: '100Mi' },
  runtimeClassName: 'gvisor',
  serviceAccountName: 'default',
  tolerations: admittedTolerations([], [equal('sandbox.gke.io/runtime', 'gvisor', 'NoSchedule')]),
});

/** `kubectl apply -f netshoot.yaml`: no owner, no resources (BestEffort), the applied configuration kept in an annotation. */
export const netshoot = frozen<PodTemplate>({
  annotations: {
    'kubectl.kubernetes.io/last-applied-configuration':
      '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"labels":{"run":"netshoot"},"name":"netshoot","namespace":"default"},"spec":{"containers":[{"command":["sleep","infinity"],"image":"nicolaka/netshoot:v0.13","name":"netshoot"}]}}\n',
  },
  containers: [{ name: 'netshoot', image: images.netshoot, command: ['sleep', 'infinity'], resources: {} }],
  serviceAccountName: 'default',
  tolerations: admittedTolerations([]),
});
