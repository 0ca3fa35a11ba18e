import { cluster } from './gke';
import { images } from './images';
import { frozen, type JsonObject } from './json';
import type { PodTemplate } from './pod-template';
import { sortedKeys } from './sorted';
import { fieldEnv, hostPath, linux, mount, requests } from './template-parts';
import { daemonSetTolerations } from './tolerations';

/** What runs on every GKE node: the static kube-proxy, the DaemonSets, and the GPU device plugin on GPU nodes. */

/** Tolerate every taint of these effects (empty key, Exists). */
const anyEffect: JsonObject[] = [
  { effect: 'NoExecute', operator: 'Exists' },
  { effect: 'NoSchedule', operator: 'Exists' },
];
const everything: JsonObject[] = [{ operator: 'Exists' }];

/** The static pod kube-proxy, from the node's manifest; the API shows its mirror. */
export const kubeProxy = frozen<PodTemplate>({
  containers: [
    {
      name: 'kube-proxy',
      image: images.kubeProxy,
      command: [
        '/bin/sh',
        '-c',
        // Go's JSON encoder writes `>` and `&` as \u003e and \u0026: kubectl's output has them.
        `exec kube-proxy --master=https://${cluster.master} --kubeconfig=/var/lib/kube-proxy/kubeconfig --cluster-cidr=${cluster.podRange} --oom-score-adj=-998 --v=2 --iptables-sync-period=1m --iptables-min-sync-period=10s --ipvs-sync-period=1m --ipvs-min-sync-period=10s --detect-local-mode=NodeCIDR 1>>/var/log/kube-proxy.log 2>&1`,
      ],
      resources: requests('100m'),
      securityContext: { privileged: true },
      volumeMounts: [
        mount('etc-ssl-certs', '/etc/ssl/certs', true),
        mount('usr-ca-certs', '/usr/share/ca-certificates', true),
        mount('varlog', '/var/log'),
        mount('kubeconfig', '/var/lib/kube-proxy/kubeconfig'),
        mount('iptableslock', '/run/xtables.lock'),
        mount('lib-modules', '/lib/modules', true),
      ],
    },
  ],
  hostNetwork: true,
  priorityClassName: 'system-node-critical',
  tolerations: anyEffect,
  volumes: [
    hostPath('usr-ca-certs', '/usr/share/ca-certificates'),
    hostPath('etc-ssl-certs', '/etc/ssl/certs'),
    hostPath('kubeconfig', '/var/lib/kube-proxy/kubeconfig', 'FileOrCreate'),
    hostPath('varlog', '/var/log'),
    hostPath('iptableslock', '/run/xtables.lock', 'FileOrCreate'),
    hostPath('lib-modules', '/lib/modules'),
  ],
});

const fluentbit = frozen<PodTemplate>({
  annotations: sortedKeys({
    // GKE's own annotations on this DaemonSet start with capitals: they sort before the rest.
    EnableNodeJournal: 'false',
    EnablePodSecurityPolicy: 'false',
    SystemOnlyLogging: 'false',
    'components.gke.io/component-name': 'fluentbit',
    'components.gke.io/component-version': '1.33.6',
    'monitoring.gke.io/path': '/api/v1/metrics/prometheus',
  }),
  containers: [
    {
      name: 'fluentbit',
      image: images.fluentBit,
      livenessProbe: {
        failureThreshold: 3,
        httpGet: { path: '/', port: 2020, scheme: 'HTTP' },
        initialDelaySeconds: 120,
        periodSeconds: 60,
        successThreshold: 1,
        timeoutSeconds: 1,
      },
      ports: [{ containerPort: 2020, hostPort: 2020, name: 'metrics', protocol: 'TCP' }],
      resources: { limits: { memory: '250Mi' }, requests: { cpu: '50m', memory: '100Mi' } },
      volumeMounts: [
        mount('varrun', '/var/run/google-fluentbit/pos-files'),
        mount('varlog', '/var/log'),
        mount('varlibkubeletpods', '/var/lib/kubelet/pods'),
        mount('varlibdockercontainers', '/var/lib/docker/containers', true),
        mount('config-volume', '/fluent-bit/etc/'),
      ],
    },
    {
      name: 'fluentbit-gke',
      image: images.fluentBitExporter,
      command: [
        '/fluent-bit-gke-exporter',
        '--kubernetes-separator=_',
        '--stackdriver-resource-model=k8s',
        '--enable-pod-label-discovery',
        '--pod-label-dot-replacement=_',
        '--split-stdout-stderr',
        '--logging-port=2021',
        '--metrics-port=2020',
      ],
      env: [fieldEnv('NODE_NAME', 'spec.nodeName')],
      livenessProbe: {
        failureThreshold: 3,
        httpGet: { path: '/healthz', port: 2021, scheme: 'HTTP' },
        initialDelaySeconds: 120,
        periodSeconds: 60,
        successThreshold: 1,
        timeoutSeconds: 1,
      },
      ports: [{ containerPort: 2021, hostPort: 2021, name: 'metrics-exp', protocol: 'TCP' }],
      resources: { limits: { memory: '250Mi' }, requests: { cpu: '50m', memory: '100Mi' } },
    },
  ],
  dnsPolicy: 'Default',
  hostNetwork: true,
  nodeSelector: linux,
  priorityClassName: 'system-node-critical',
  serviceAccountName: 'fluentbit-gke',
  terminationGracePeriodSeconds: 120,
  tolerations: daemonSetTolerations(anyEffect, true),
  volumes: [
    hostPath('varrun', '/var/run/google-fluentbit/pos-files'),
    hostPath('varlog', '/var/log'),
    hostPath('varlibkubeletpods', '/var/lib/kubelet/pods'),
    hostPath('varlibdockercontainers', '/var/lib/docker/containers'),
    { configMap: { defaultMode: 420, name: 'fluentbit-gke-config-v1.4.0' }, name: 'config-volume' },
  ],
});

const metadataServer = frozen<PodTemplate>({
  annotations: {
    'components.gke.io/component-name': 'gke-metadata-server',
    'components.gke.io/component-version': '0.4.301',
    'monitoring.gke.io/path': '/metricz',
  },
  containers: [
    {
      name: 'gke-metadata-server',
      image: images.metadataServer,
      command: [
        '/gke-metadata-server',
        '--logtostderr',
        '--token-exchange-endpoint=https://securetoken.googleapis.com/v1/identitybindingtoken',
        `--identity-namespace=${cluster.project}.svc.id.goog`,
        `--identity-provider-id=https://container.googleapis.com/v1/projects/${cluster.project}/locations/${cluster.region}/clusters/${cluster.name}`,
        '--passthrough-ksa-list=kube-system:konnectivity-agent,kube-system:kube-dns,kube-system:metrics-server,kube-system:pdcsi-node-sa',
        '--enable-identity-endpoint=true',
        '--component-version=0.4.301',
      ],
      livenessProbe: {
        failureThreshold: 3,
        httpGet: { host: '127.0.0.1', path: '/healthz', port: 54898, scheme: 'HTTP' },
        initialDelaySeconds: 3,
        periodSeconds: 10,
        successThreshold: 1,
        timeoutSeconds: 3,
      },
      resources: { limits: { memory: '100Mi' }, requests: { cpu: '100m', memory: '100Mi' } },
      securityContext: { privileged: true },
      volumeMounts: [mount('kubelet-credentials', '/var/lib/kubelet/pki/', true), mount('container-runtime-interface', '/var/run/containerd/')],
    },
  ],
  dnsPolicy: 'Default',
  hostNetwork: true,
  nodeSelector: { 'iam.gke.io/gke-metadata-server-enabled': 'true', 'kubernetes.io/os': 'linux' },
  priorityClassName: 'system-node-critical',
  serviceAccountName: 'gke-metadata-server',
  terminationGracePeriodSeconds: 30,
  // Its own `Exists` and the DaemonSet controller's seven: the eight a real one carries.
  tolerations: daemonSetTolerations(everything, true),
  volumes: [
    hostPath('kubelet-credentials', '/var/lib/kubelet/pki/', 'Directory'),
    hostPath('container-runtime-interface', '/var/run/containerd/', 'Directory'),
  ],
});

const pdCsiNode = frozen<PodTemplate>({
  annotations: { 'components.gke.io/component-name': 'pdcsi', 'components.gke.io/component-version': '0.21.20' },
  containers: [
    {
      name: 'csi-driver-registrar',
      image: images.csiRegistrar,
      args: ['--v=5', '--csi-address=/csi/csi.sock', '--kubelet-registration-path=/var/lib/kubelet/plugins/pd.csi.storage.gke.io/csi.sock'],
      env: [fieldEnv('KUBE_NODE_NAME', 'spec.nodeName')],
      resources: { limits: { memory: '50Mi' }, requests: { cpu: '5m', memory: '10Mi' } },
      volumeMounts: [mount('plugin-dir', '/csi'), mount('registration-dir', '/registration')],
    },
    {
      name: 'gce-pd-driver',
      image: images.pdCsiDriver,
      args: ['--v=5', '--endpoint=unix:/csi/csi.sock', '--run-controller-service=false', '--enable-data-cache', '--node-name=$(KUBE_NODE_NAME)'],
      env: [fieldEnv('KUBE_NODE_NAME', 'spec.nodeName')],
      resources: { limits: { memory: '350Mi' }, requests: { cpu: '5m', memory: '10Mi' } },
      securityContext: { privileged: true },
      volumeMounts: [
        { mountPath: '/var/lib/kubelet', mountPropagation: 'Bidirectional', name: 'kubelet-dir' },
        mount('plugin-dir', '/csi'),
        mount('device-dir', '/dev'),
        mount('udev-rules-etc', '/etc/udev'),
        mount('udev-rules-lib', '/lib/udev'),
        mount('udev-socket', '/run/udev'),
        mount('sys', '/sys'),
      ],
    },
  ],
  nodeSelector: linux,
  priorityClassName: 'system-node-critical',
  serviceAccountName: 'pdcsi-node-sa',
  // Not on the host network: the DaemonSet controller adds six tolerations, not seven.
  tolerations: daemonSetTolerations(everything, false),
  volumes: [
    hostPath('registration-dir', '/var/lib/kubelet/plugins_registry/', 'Directory'),
    hostPath('kubelet-dir', '/var/lib/kubelet', 'Directory'),
    hostPath('plugin-dir', '/var/lib/kubelet/plugins/pd.csi.storage.gke.io/', 'DirectoryOrCreate'),
    hostPath('device-dir', '/dev', 'Directory'),
    hostPath('udev-rules-etc', '/etc/udev', 'Directory'),
    hostPath('udev-rules-lib', '/lib/udev', 'Directory'),
    hostPath('udev-socket', '/run/udev', 'Directory'),
    hostPath('sys', '/sys', 'Directory'),
  ],
});

export const gpuDevicePlugin = frozen<PodTemplate>({
  annotations: { 'components.gke.io/component-name': 'nvidia-gpu-device-plugin', 'components.gke.io/component-version': '1.32.1-gke.3' },
  containers: [
    {
      name: 'nvidia-gpu-device-plugin',
      image: images.gpuDevicePlugin,
      command: ['/usr/bin/nvidia-gpu-device-plugin', '-logtostderr', '--enable-container-gpu-metrics', '--enable-health-monitoring'],
      env: [
        { name: 'LD_LIBRARY_PATH', value: '/usr/local/nvidia/lib64' },
        { name: 'GOMAXPROCS', value: '1' },
      ],
      ports: [{ containerPort: 2112, name: 'metrics', protocol: 'TCP' }],
      resources: { limits: { cpu: '50m', memory: '200Mi' }, requests: { cpu: '50m', memory: '100Mi' } },
      securityContext: { privileged: true },
      volumeMounts: [
        mount('device-plugin', '/device-plugin'),
        mount('dev', '/dev'),
        mount('nvidia', '/usr/local/nvidia'),
        mount('pod-resources', '/var/lib/kubelet/pod-resources'),
      ],
    },
  ],
  priorityClassName: 'system-node-critical',
  tolerations: daemonSetTolerations(anyEffect, false),
  volumes: [
    hostPath('device-plugin', '/var/lib/kubelet/device-plugins'),
    hostPath('dev', '/dev'),
    hostPath('nvidia', '/home/kubernetes/bin/nvidia', 'Directory'),
    hostPath('pod-resources', '/var/lib/kubelet/pod-resources'),
  ],
});

/** The DaemonSets on every node, with the labels and template generation their pods carry. */
export const everyNodeDaemonSets: readonly { name: string; template: PodTemplate; labels: Record<string, string>; generation: number }[] = [
  {
    name: 'fluentbit-gke',
    template: fluentbit,
    labels: { component: 'fluentbit-gke', 'k8s-app': 'fluentbit-gke', 'kubernetes.io/cluster-service': 'true' },
    generation: 12,
  },
  { name: 'gke-metadata-server', template: metadataServer, labels: { 'k8s-app': 'gke-metadata-server' }, generation: 7 },
  { name: 'pdcsi-node', template: pdCsiNode, labels: { 'k8s-app': 'gcp-compute-persistent-disk-csi-driver' }, generation: 9 },
];
