import { describe, expect, it } from 'vitest';
import { comparablePodSpecs, defaultImagePullPolicy, formatSpecDifferences, specDifferences } from '../../../../libs/domain/src/validation/pod-spec-comparison';

/** How ValidatePodUpdate's specs are brought to one form before apiequality.Semantic.DeepEqual compares them. */

describe("SetDefaults_Container's pull policy, from the tag parsers.ParseImageName finds", () => {
  it.each([
    ['root', 'Always'],
    ['root:tag', 'IfNotPresent'],
    ['root:latest', 'Always'],
    ['user/repo', 'Always'],
    ['url:5000/repo', 'Always'],
    ['url:5000/repo:tag', 'IfNotPresent'],
    ['root@sha256:e5cf3b3cd2d3c0f9f1c5e1b3d7f3e1c2a3b4c5d6e7f8091a2b3c4d5e6f708192', 'IfNotPresent'],
    ['root:latest@sha256:e5cf3b3cd2d3c0f9f1c5e1b3d7f3e1c2a3b4c5d6e7f8091a2b3c4d5e6f708192', 'Always'],
    // The reference parser refuses these: no tag, so IfNotPresent.
    ['ROOT', 'IfNotPresent'],
    ['', 'IfNotPresent'],
  ])('%s: %s', (image, policy) => {
    expect(defaultImagePullPolicy(image)).toBe(policy);
  });
});

describe('comparablePodSpecs: defaults and Go zero values', () => {
  const kubectlSpec = {
    containers: [
      { name: 'web', image: 'nginx:1.27', imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' },
    ],
    dnsPolicy: 'ClusterFirst',
    enableServiceLinks: true,
    restartPolicy: 'Always',
    schedulerName: 'default-scheduler',
    securityContext: {},
    serviceAccount: 'default',
    serviceAccountName: 'default',
    terminationGracePeriodSeconds: 30,
  };

  it.each<[string, unknown, unknown]>([
    [
      'SetDefaults_PodSpec, SetDefaults_Pod and SetDefaults_Container fill in what a terse body leaves out',
      kubectlSpec,
      { containers: [{ name: 'web', image: 'nginx:1.27' }], serviceAccountName: 'default' },
    ],
    ['serviceAccount alone is serviceAccountName (Convert_v1_PodSpec_To_core_PodSpec)', { serviceAccountName: 'sa' }, { serviceAccount: 'sa' }],
    ['absent, null, "", [] and {} are one zero value', { nodeSelector: {}, tolerations: [], hostname: '' }, { nodeSelector: null }],
    ['false is the zero value of a non-pointer bool', { hostNetwork: false }, {}],
    [
      'requests default to limits (SetDefaults_Pod)',
      { containers: [{ name: 'c', resources: { limits: { cpu: '1' } } }] },
      { containers: [{ name: 'c', resources: { limits: { cpu: '1' }, requests: { cpu: '1' } } }] },
    ],
    [
      'quantities compare by value, after rounding up to milli-units (SetDefaults_ResourceList)',
      { overhead: { cpu: '1', memory: '1Gi' } },
      { overhead: { cpu: '1000m', memory: 1073741824 } },
    ],
    [
      'probe defaults (SetDefaults_Probe, SetDefaults_HTTPGetAction)',
      { containers: [{ name: 'c', livenessProbe: { httpGet: { port: 80 } } }] },
      {
        containers: [
          {
            name: 'c',
            livenessProbe: { httpGet: { port: 80, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
          },
        ],
      },
    ],
    [
      'volume defaults (SetDefaults_Volume, SetDefaults_SecretVolumeSource)',
      { volumes: [{ name: 'a' }, { name: 'b', secret: { secretName: 's' } }] },
      {
        volumes: [
          { name: 'a', emptyDir: {} },
          { name: 'b', secret: { secretName: 's', defaultMode: 420 } },
        ],
      },
    ],
    [
      'host networking makes container ports host ports (defaultHostNetworkPorts)',
      { hostNetwork: true, containers: [{ name: 'c', ports: [{ containerPort: 80 }] }] },
      { hostNetwork: true, containers: [{ name: 'c', ports: [{ containerPort: 80, hostPort: 80, protocol: 'TCP' }] }] },
    ],
  ])('%s', (_, before, after) => {
    const specs = comparablePodSpecs(before, after);
    expect(specDifferences(specs.before, specs.after)).toEqual([]);
  });

  it('a label value of "" in a map is data, not a zero value', () => {
    const specs = comparablePodSpecs({ nodeSelector: { gpu: '' } }, {});
    expect(formatSpecDifferences(specDifferences(specs.before, specs.after))).toBe('- spec.nodeSelector: {"gpu":""}');
  });
});

describe('formatSpecDifferences: one line per side, map keys in brackets, JSON values', () => {
  it('reports the fields that differ, old on "-" lines and new on "+" lines', () => {
    const specs = comparablePodSpecs(
      { nodeSelector: { disk: 'ssd', zone: 'a' }, containers: [{ name: 'c', resources: { requests: { cpu: '100m' } } }] },
      { nodeSelector: { disk: 'hdd', zone: 'a', extra: 'x' }, containers: [{ name: 'c', resources: { requests: { cpu: '0.1', memory: '1Gi' } } }] },
    );
    expect(formatSpecDifferences(specDifferences(specs.before, specs.after)).split('\n')).toEqual([
      '+ spec.containers[0].resources.requests[memory]: "1Gi"',
      '- spec.nodeSelector[disk]: "ssd"',
      '+ spec.nodeSelector[disk]: "hdd"',
      '+ spec.nodeSelector[extra]: "x"',
    ]);
  });
});
