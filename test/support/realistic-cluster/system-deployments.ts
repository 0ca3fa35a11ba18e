import { cluster } from './gke';
import { images } from './images';
import { frozen, type JsonObject } from './json';
import type { PodTemplate } from './pod-template';
import { fieldEnv, linux, mount, requests } from './template-parts';
import { admittedTolerations, equal } from './tolerations';

/** kube-system's Deployments on the system pool (GKE's add-ons), and the Karpenter controller. */

/** What GKE's add-on Deployments tolerate of their own, before DefaultTolerationSeconds appends its two. */
const criticalAddonsOnly: JsonObject = { key: 'CriticalAddonsOnly', operator: 'Exists' };

const kubeDns = frozen<PodTemplate>({
  annotations: {
    'components.gke.io/component-name': 'kubedns',
    'components.gke.io/component-version': '35.1.0',
    'prometheus.io/port': '10054',
    'prometheus.io/scrape': 'true',
    'scheduler.alpha.kubernetes.io/critical-pod': '',
    'seccomp.security.alpha.kubernetes.io/pod': 'runtime/default',
  },
  containers: [
    {
      name: 'kubedns',
      image: images.kubeDns,
      args: ['--domain=cluster.local.', '--dns-port=10053', '--config-dir=/kube-dns-config', '--v=2'],
      env: [{ name: 'PROMETHEUS_PORT', value: '10055' }],
      livenessProbe: {
        failureThreshold: 5,
        httpGet: { path: '/healthcheck/kubedns', port: 10054, scheme: 'HTTP' },
        initialDelaySeconds: 60,
        periodSeconds: 10,
        successThreshold: 1,
        timeoutSeconds: 5,
      },
      ports: [
        { containerPort: 10053, name: 'dns-local', protocol: 'UDP' },
        { containerPort: 10053, name: 'dns-tcp-local', protocol: 'TCP' },
        { containerPort: 10055, name: 'metrics', protocol: 'TCP' },
      ],
      readinessProbe: {
        failureThreshold: 3,
        httpGet: { path: '/readiness', port: 8081, scheme: 'HTTP' },
        initialDelaySeconds: 3,
        periodSeconds: 10,
        successThreshold: 1,
        timeoutSeconds: 5,
      },
      resources: { limits: { memory: '210Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
      securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsGroup: 1001, runAsUser: 1001 },
      volumeMounts: [mount('kube-dns-config', '/kube-dns-config')],
    },
    {
      name: 'dnsmasq',
      image: images.dnsmasq,
      args: [
        '-v=2',
        '-logtostderr',
        '-configDir=/etc/k8s/dns/dnsmasq-nanny',
        '-restartDnsmasq=true',
        '--',
        '-k',
        '--cache-size=1000',
        '--no-negcache',
        '--dns-forward-max=1500',
        '--log-facility=-',
        '--server=/cluster.local/127.0.0.1#10053',
        '--server=/in-addr.arpa/127.0.0.1#10053',
        '--server=/ip6.arpa/127.0.0.1#10053',
        '--max-ttl=30',
        '--max-cache-ttl=30',
      ],
      livenessProbe: {
        failureThreshold: 5,
        httpGet: { path: '/healthcheck/dnsmasq', port: 10054, scheme: 'HTTP' },
        initialDelaySeconds: 60,
        periodSeconds: 10,
        successThreshold: 1,
        timeoutSeconds: 5,
      },
      ports: [
        { containerPort: 53, name: 'dns', protocol: 'UDP' },
        { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
      ],
      resources: requests('150m', '20Mi'),
      securityContext: { capabilities: { add: ['NET_BIND_SERVICE', 'SETGID'], drop: ['all'] } },
      volumeMounts: [mount('kube-dns-config', '/etc/k8s/dns/dnsmasq-nanny')],
    },
    {
      name: 'sidecar',
      image: images.dnsSidecar,
      args: [
        '--v=2',
        '--logtostderr',
        '--probe=kubedns,127.0.0.1:10053,kubernetes.default.svc.cluster.local,5,SRV',
        '--probe=dnsmasq,127.0.0.1:53,kubernetes.default.svc.cluster.local,5,SRV',
      ],
      livenessProbe: {
        failureThreshold: 5,
        httpGet: { path: '/metrics', port: 10054, scheme: 'HTTP' },
        initialDelaySeconds: 60,
        periodSeconds: 10,
        successThreshold: 1,
        timeoutSeconds: 5,
      },
      ports: [{ containerPort: 10054, name: 'metrics', protocol: 'TCP' }],
      resources: requests('10m', '20Mi'),
      securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsGroup: 1001, runAsUser: 1001 },
    },
  ],
  affinity: {
    podAntiAffinity: {
      preferredDuringSchedulingIgnoredDuringExecution: [
        {
          podAffinityTerm: {
            labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] },
            topologyKey: 'kubernetes.io/hostname',
          },
          weight: 100,
        },
      ],
    },
  },
  dnsPolicy: 'Default',
  nodeSelector: linux,
  priorityClassName: 'system-cluster-critical',
  securityContext: { fsGroup: 65534, supplementalGroups: [65534] },
  serviceAccountName: 'kube-dns',
  tolerations: admittedTolerations([
    criticalAddonsOnly,
    { key: 'components.gke.io/gke-managed-components', operator: 'Exists' },
    equal('kubernetes.io/arch', 'arm64', 'NoSchedule'),
  ]),
  volumes: [{ configMap: { defaultMode: 420, name: 'kube-dns', optional: true }, name: 'kube-dns-config' }],
});

const konnectivityAgent = frozen<PodTemplate>({
  annotations: { 'components.gke.io/component-name': 'konnectivitynetworkproxy-combined', 'components.gke.io/component-version': '1.8.4' },
  containers: [
    {
      name: 'konnectivity-agent',
      image: images.konnectivityAgent,
      command: ['/proxy-agent'],
      args: [
        '--logtostderr=true',
        '--ca-cert=/var/run/secrets/kubernetes.io/serviceaccount/ca.crt',
        `--proxy-server-host=${cluster.master}`,
        '--proxy-server-port=8132',
        '--health-server-port=8093',
        '--admin-server-port=8094',
        '--sync-forever=true',
        '--keepalive-time=60s',
        '--probe-interval=5s',
        '--service-account-token-path=/var/run/secrets/tokens/konnectivity-agent-token',
        '--agent-identifiers=ipv4=$(HOST_IP)',
      ],
      env: [fieldEnv('POD_NAME', 'metadata.name'), fieldEnv('HOST_IP', 'status.hostIP')],
      livenessProbe: {
        failureThreshold: 3,
        httpGet: { path: '/healthz', port: 8093, scheme: 'HTTP' },
        initialDelaySeconds: 15,
        periodSeconds: 10,
        successThreshold: 1,
        timeoutSeconds: 15,
      },
      ports: [{ containerPort: 8093, name: 'metrics', protocol: 'TCP' }],
      resources: { limits: { memory: '30Mi' }, requests: { cpu: '10m', memory: '30Mi' } },
      securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['all'] }, runAsGroup: 1000, runAsUser: 1000 },
      volumeMounts: [mount('konnectivity-agent-token', '/var/run/secrets/tokens')],
    },
  ],
  nodeSelector: linux,
  priorityClassName: 'system-cluster-critical',
  securityContext: { fsGroup: 1000, seccompProfile: { type: 'RuntimeDefault' }, supplementalGroups: [1000] },
  serviceAccountName: 'konnectivity-agent',
  tolerations: admittedTolerations([criticalAddonsOnly, equal('sandbox.gke.io/runtime', 'gvisor', 'NoSchedule')]),
  topologySpreadConstraints: [
    {
      labelSelector: { matchLabels: { 'k8s-app': 'konnectivity-agent' } },
      maxSkew: 1,
      topologyKey: 'topology.kubernetes.io/zone',
      whenUnsatisfiable: 'ScheduleAnyway',
    },
    {
      labelSelector: { matchLabels: { 'k8s-app': 'konnectivity-agent' } },
      maxSkew: 1,
      topologyKey: 'kubernetes.io/hostname',
      whenUnsatisfiable: 'ScheduleAnyway',
    },
  ],
  volumes: [
    {
      name: 'konnectivity-agent-token',
      projected: {
        defaultMode: 420,
        sources: [{ serviceAccountToken: { audience: 'system:konnectivity-server', expirationSeconds: 3600, path: 'konnectivity-agent-token' } }],
      },
    },
  ],
});

const metricsServer = frozen<PodTemplate>({
  annotations: { 'components.gke.io/component-name': 'metrics-server', 'components.gke.io/component-version': '1.32.2' },
  containers: [
    {
      name: 'metrics-server',
      image: images.metricsServer,
      command: [
        '/metrics-server',
        '--metric-resolution=30s',
        '--kubelet-port=10250',
        '--kubelet-insecure-tls',
        '--kubelet-preferred-address-types=InternalIP',
        '--cert-dir=/tmp',
        '--secure-port=10250',
      ],
      livenessProbe: {
        failureThreshold: 3,
        httpGet: { path: '/livez', port: 'https', scheme: 'HTTPS' },
        periodSeconds: 10,
        successThreshold: 1,
        timeoutSeconds: 1,
      },
      ports: [{ containerPort: 10250, name: 'https', protocol: 'TCP' }],
      readinessProbe: {
        failureThreshold: 3,
        httpGet: { path: '/readyz', port: 'https', scheme: 'HTTPS' },
        periodSeconds: 10,
        successThreshold: 1,
        timeoutSeconds: 1,
      },
      resources: { limits: { cpu: '48m', memory: '105Mi' }, requests: { cpu: '48m', memory: '105Mi' } },
      securityContext: { readOnlyRootFilesystem: true, runAsGroup: 1000, runAsUser: 1000 },
      volumeMounts: [mount('tmp-dir', '/tmp')],
    },
    {
      name: 'metrics-server-nanny',
      image: images.addonResizer,
      command: [
        '/pod_nanny',
        '--config-dir=/etc/config',
        '--cpu=40m',
        '--extra-cpu=0.5m',
        '--memory=35Mi',
        '--extra-memory=4Mi',
        '--threshold=5',
        '--deployment=metrics-server-v1.32.2',
        '--container=metrics-server',
        '--poll-period=30000',
        '--estimator=exponential',
        '--scale-down-delay=24h',
        '--minClusterSize=5',
        '--use-metrics=true',
      ],
      env: [fieldEnv('MY_POD_NAME', 'metadata.name'), fieldEnv('MY_POD_NAMESPACE', 'metadata.namespace')],
      resources: { limits: { memory: '300Mi' }, requests: { cpu: '5m', memory: '50Mi' } },
      volumeMounts: [mount('metrics-server-config-volume', '/etc/config')],
    },
  ],
  nodeSelector: linux,
  priorityClassName: 'system-cluster-critical',
  securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
  serviceAccountName: 'metrics-server',
  tolerations: admittedTolerations([criticalAddonsOnly, { key: 'components.gke.io/gke-managed-components', operator: 'Exists' }]),
  volumes: [
    { emptyDir: {}, name: 'tmp-dir' },
    { configMap: { defaultMode: 420, name: 'metrics-server-config' }, name: 'metrics-server-config-volume' },
  ],
});

const eventExporter = frozen<PodTemplate>({
  annotations: { 'components.gke.io/component-name': 'event-exporter', 'components.gke.io/component-version': '1.3.3' },
  containers: [
    {
      name: 'event-exporter',
      image: images.eventExporter,
      command: ['/event-exporter', '-sink-opts=-location=europe-west4 -cluster=prod-eu', '-prometheus-endpoint=:8080'],
      resources: {},
      securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['all'] } },
    },
    {
      name: 'prometheus-to-sd-exporter',
      image: images.prometheusToSd,
      command: [
        '/monitor',
        '--stackdriver-prefix=container.googleapis.com/internal/addons',
        '--api-override=https://monitoring.googleapis.com/',
        '--source=event_exporter:http://localhost:8080?whitelisted=stackdriver_sink_received_entry_count,stackdriver_sink_request_count,stackdriver_sink_successfully_sent_entry_count',
        '--pod-id=$(POD_NAME)',
        '--namespace-id=$(POD_NAMESPACE)',
        '--node-name=$(NODE_NAME)',
      ],
      env: [fieldEnv('POD_NAME', 'metadata.name'), fieldEnv('POD_NAMESPACE', 'metadata.namespace'), fieldEnv('NODE_NAME', 'spec.nodeName')],
      resources: {},
      securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['all'] } },
    },
  ],
  nodeSelector: linux,
  securityContext: { runAsGroup: 1000, runAsUser: 1000 },
  serviceAccountName: 'event-exporter-sa',
  terminationGracePeriodSeconds: 30,
  tolerations: admittedTolerations([{ key: 'components.gke.io/gke-managed-components', operator: 'Exists' }]),
});

/** Karpenter's controller: Guaranteed QoS, and kept off the nodes it manages. */
const karpenterController = frozen<PodTemplate>({
  containers: [
    {
      name: 'controller',
      image: images.karpenter,
      env: [
        { name: 'KUBERNETES_MIN_VERSION', value: '1.19.0-0' },
        { name: 'KARPENTER_SERVICE', value: 'karpenter' },
        { name: 'LOG_LEVEL', value: 'info' },
        { name: 'METRICS_PORT', value: '8080' },
        { name: 'HEALTH_PROBE_PORT', value: '8081' },
        fieldEnv('SYSTEM_NAMESPACE', 'metadata.namespace'),
        { name: 'MEMORY_LIMIT', valueFrom: { resourceFieldRef: { containerName: 'controller', divisor: '0', resource: 'limits.memory' } } },
        { name: 'BATCH_MAX_DURATION', value: '10s' },
        { name: 'BATCH_IDLE_DURATION', value: '1s' },
        { name: 'PROJECT_ID', value: cluster.project },
        { name: 'CLUSTER_NAME', value: cluster.name },
        { name: 'CLUSTER_LOCATION', value: cluster.region },
      ],
      livenessProbe: {
        failureThreshold: 3,
        httpGet: { path: '/healthz', port: 'http', scheme: 'HTTP' },
        initialDelaySeconds: 30,
        periodSeconds: 10,
        successThreshold: 1,
        timeoutSeconds: 30,
      },
      ports: [
        { containerPort: 8080, name: 'http-metrics', protocol: 'TCP' },
        { containerPort: 8081, name: 'http', protocol: 'TCP' },
      ],
      readinessProbe: {
        failureThreshold: 3,
        httpGet: { path: '/readyz', port: 'http', scheme: 'HTTP' },
        initialDelaySeconds: 5,
        periodSeconds: 10,
        successThreshold: 1,
        timeoutSeconds: 30,
      },
      resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1', memory: '1Gi' } },
      securityContext: {
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
        readOnlyRootFilesystem: true,
        runAsGroup: 65532,
        runAsNonRoot: true,
        runAsUser: 65532,
        seccompProfile: { type: 'RuntimeDefault' },
      },
    },
  ],
  affinity: {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [{ matchExpressions: [{ key: 'karpenter.sh/nodepool', operator: 'DoesNotExist' }] }],
      },
    },
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        {
          labelSelector: { matchLabels: { 'app.kubernetes.io/instance': 'karpenter', 'app.kubernetes.io/name': 'karpenter' } },
          topologyKey: 'kubernetes.io/hostname',
        },
      ],
    },
  },
  nodeSelector: linux,
  priorityClassName: 'system-cluster-critical',
  securityContext: { fsGroup: 65532 },
  serviceAccountName: 'karpenter',
  tolerations: admittedTolerations([criticalAddonsOnly]),
  topologySpreadConstraints: [
    {
      labelSelector: { matchLabels: { 'app.kubernetes.io/instance': 'karpenter', 'app.kubernetes.io/name': 'karpenter' } },
      maxSkew: 1,
      topologyKey: 'topology.kubernetes.io/zone',
      whenUnsatisfiable: 'DoNotSchedule',
    },
  ],
});

/** The Deployments on the system pool, with their pods' labels and replica counts. */
export const systemDeployments: readonly { namespace: string; name: string; template: PodTemplate; labels: Record<string, string>; replicas: number }[] = [
  { namespace: 'kube-system', name: 'kube-dns', template: kubeDns, labels: { 'k8s-app': 'kube-dns' }, replicas: 2 },
  { namespace: 'kube-system', name: 'konnectivity-agent', template: konnectivityAgent, labels: { 'k8s-app': 'konnectivity-agent' }, replicas: 2 },
  {
    namespace: 'kube-system',
    name: 'metrics-server-v1.32.2',
    template: metricsServer,
    labels: { 'k8s-app': 'metrics-server', version: 'v1.32.2' },
    replicas: 1,
  },
  { namespace: 'kube-system', name: 'event-exporter-gke', template: eventExporter, labels: { 'k8s-app': 'event-exporter' }, replicas: 1 },
  // Two replicas that repel each other: the system pool has two nodes at least.
  {
    namespace: 'karpenter',
    name: 'karpenter',
    template: karpenterController,
    labels: { 'app.kubernetes.io/instance': 'karpenter', 'app.kubernetes.io/name': 'karpenter' },
    replicas: 2,
  },
];
