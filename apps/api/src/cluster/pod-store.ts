import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Pod } from '@taintgate/domain';
import type { Tx } from '../cluster/cluster-writer';
import { type PodRow, podColumnsOf, podOfRow } from '../cluster/pod-record';

/** Reads and writes pod rows inside a ClusterWriter transaction. */
@Injectable()
export class PodStore {
  async find(tx: Tx, namespace: string, name: string): Promise<PodRow | null> {
    return tx.pod.findUnique({ where: { namespace_name: { namespace, name } } });
  }

  async save(tx: Tx, revision: bigint, pod: Pod, existing: PodRow | null): Promise<Pod> {
    const namespace = pod.metadata.namespace as string;
    const name = pod.metadata.name;
    const columns = podColumnsOf(pod);
    const row = existing
      ? await tx.pod.update({ where: { namespace_name: { namespace, name } }, data: { ...columns, revision } })
      : await tx.pod.create({ data: { namespace, name, uid: randomUUID(), ...columns, revision } });
    return podOfRow(row);
  }

  async delete(tx: Tx, namespace: string, name: string): Promise<void> {
    await tx.pod.delete({ where: { namespace_name: { namespace, name } } });
  }
}
