import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../libs/domain/src/types';
import { type DrainFlags, drainErrors, drainWarnings, podDeleteStatus } from '../../../../libs/domain/src/kubectl/drain-filters';

/**
 * kubectl drain's filters (k8s.io/kubectl pkg/drain/filters.go), case by case as TestDrain
 * (pkg/cmd/drain/drain_test.go) drives them: whether each pod is deleted, and kubectl's warning or
 * error. An orphaned DaemonSet pod is not a case here: the twin holds no DaemonSets, so a pod's
 * DaemonSet is taken to exist.
 */

const owned = (kind: string) => [{ apiVersion: kind === 'ReplicationController' ? 'v1' : 'apps/v1', kind, name: 'owner', uid: 'u1', controller: true }];

function pod(extra: { kind?: string; phase?: string; emptyDir?: boolean; mirror?: boolean } = {}): Pod {
  return {
    metadata: {
      name: 'bar',
      namespace: 'default',
      ...(extra.kind ? { ownerReferences: owned(extra.kind) } : {}),
      ...(extra.mirror ? { annotations: { 'kubernetes.io/config.mirror': 'abc' } } : {}),
    },
    spec: { nodeName: 'node', ...(extra.emptyDir ? { volumes: [{ name: 'scratch', emptyDir: {} }] } : {}) },
    status: { phase: extra.phase ?? 'Running' },
  };
}

const flags = (given: Partial<DrainFlags> = {}): DrainFlags => ({ ignoreDaemonSets: false, deleteEmptyDirData: false, force: false, ...given });

describe('podDeleteStatus: kubectl drain filters, as TestDrain', () => {
  const cases: { name: string; pod: Pod; flags: DrainFlags; delete: boolean; warning?: string; error?: string }[] = [
    { name: 'RC-managed pod: deleted', pod: pod({ kind: 'ReplicationController' }), flags: flags(), delete: true },
    {
      name: 'DS-managed pod: not deleted, and fatal without --ignore-daemonsets',
      pod: pod({ kind: 'DaemonSet' }),
      flags: flags(),
      delete: false,
      error: 'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/bar',
    },
    {
      name: 'DS-managed terminated pod: deleted (any finished pod can be removed)',
      pod: pod({ kind: 'DaemonSet', phase: 'Succeeded' }),
      flags: flags(),
      delete: true,
    },
    {
      name: 'DS-managed pod with --ignore-daemonsets: kept, with a warning',
      pod: pod({ kind: 'DaemonSet' }),
      flags: flags({ ignoreDaemonSets: true }),
      delete: false,
      warning: 'ignoring DaemonSet-managed Pods: default/bar',
    },
    {
      name: 'DS-managed pod with emptyDir with --ignore-daemonsets: kept, the DaemonSet warning only',
      pod: pod({ kind: 'DaemonSet', emptyDir: true }),
      flags: flags({ ignoreDaemonSets: true }),
      delete: false,
      warning: 'ignoring DaemonSet-managed Pods: default/bar',
    },
    {
      name: 'Job-managed pod with local storage and --delete-emptydir-data: deleted, the local storage warning dropped by the next filter',
      pod: pod({ kind: 'Job', emptyDir: true }),
      flags: flags({ force: true, deleteEmptyDirData: true }),
      delete: true,
    },
    {
      name: 'Job-managed terminated pod with local storage: deleted',
      pod: pod({ kind: 'Job', phase: 'Failed', emptyDir: true }),
      flags: flags(),
      delete: true,
    },
    { name: 'RS-managed pod: deleted', pod: pod({ kind: 'ReplicaSet' }), flags: flags(), delete: true },
    {
      name: 'naked pod: fatal',
      pod: pod(),
      flags: flags(),
      delete: false,
      error: 'cannot delete Pods that declare no controller (use --force to override): default/bar',
    },
    {
      name: 'naked pod with --force: deleted, with a warning',
      pod: pod(),
      flags: flags({ force: true }),
      delete: true,
      warning: 'deleting Pods that declare no controller: default/bar',
    },
    {
      name: 'pod with EmptyDir: fatal even with --force',
      pod: pod({ emptyDir: true }),
      flags: flags({ force: true }),
      delete: false,
      error: 'cannot delete Pods with local storage (use --delete-emptydir-data to override): default/bar',
    },
    { name: 'terminated pod with emptyDir: deleted', pod: pod({ emptyDir: true, phase: 'Succeeded' }), flags: flags(), delete: true },
    {
      name: 'naked pod with EmptyDir and --delete-emptydir-data and --force: deleted, the last warning kept',
      pod: pod({ emptyDir: true }),
      flags: flags({ force: true, deleteEmptyDirData: true }),
      delete: true,
      warning: 'deleting Pods that declare no controller: default/bar',
    },
    { name: 'mirror pod: skipped without a word', pod: pod({ mirror: true }), flags: flags(), delete: false },
  ];
  it.each(cases)('$name', ({ pod: p, flags: f, delete: deleted, warning, error }) => {
    const status = podDeleteStatus(p, f);
    expect(status.delete).toBe(deleted);
    const statuses = [{ pod: p, status }];
    expect(drainWarnings(statuses)).toBe(warning ?? '');
    expect(drainErrors(statuses)).toEqual(error ? [error] : []);
  });

  it('groups the pods of one message into one line, messages joined by "; " in the order their first pod came', () => {
    const a = { ...pod({ kind: 'DaemonSet' }), metadata: { name: 'a', namespace: 'kube-system', ownerReferences: owned('DaemonSet') } };
    const b = { ...pod(), metadata: { name: 'b', namespace: 'default' } };
    const c = { ...pod({ kind: 'DaemonSet' }), metadata: { name: 'c', namespace: 'kube-system', ownerReferences: owned('DaemonSet') } };
    const f = flags({ ignoreDaemonSets: true, force: true });
    const statuses = [a, b, c].map((p) => ({ pod: p, status: podDeleteStatus(p, f) }));
    expect(drainWarnings(statuses)).toBe('ignoring DaemonSet-managed Pods: kube-system/a, kube-system/c; deleting Pods that declare no controller: default/b');
  });
});
