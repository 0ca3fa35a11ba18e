import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Node, type Taint, sameTaint } from '@taintgate/domain';
import type { Tx } from '../cluster/cluster-writer';
import { type NodeRow, nodeColumnsOf, nodeOfRow } from '../cluster/node-record';
import type { TaintEffect } from '../generated/prisma/client';

/**
 * Reads and writes node rows and their taint rows inside a ClusterWriter transaction.
 * The only place that knows how a Node is laid out in tables.
 */
@Injectable()
export class NodeStore {
  async find(tx: Tx, name: string): Promise<NodeRow | null> {
    return tx.node.findUnique({ where: { name }, include: { taints: true } });
  }

  async findAll(tx: Tx): Promise<NodeRow[]> {
    return tx.node.findMany({ include: { taints: true }, orderBy: { name: 'asc' } });
  }

  /**
   * Creates or replaces the node and its taints at `revision`. A taint keeps the time it was
   * added: the one sent, else that of the same stored taint (key, value and effect), else now.
   */
  async save(tx: Tx, revision: bigint, node: Node, existing: NodeRow | null, now: number): Promise<Node> {
    const name = node.metadata.name;
    const columns = nodeColumnsOf(node);
    if (existing) {
      await tx.node.update({ where: { name }, data: { ...columns, revision } });
    } else {
      await tx.node.create({ data: { name, uid: randomUUID(), ...columns, revision } });
    }
    await this.writeTaints(tx, name, node.spec?.taints ?? [], existing ? existing.taints.map((t) => nodeTaint(t)) : [], now);
    return nodeOfRow((await this.find(tx, name)) as NodeRow);
  }

  /** Replaces only the node's taints (and stamps the node with `revision`). */
  async saveTaints(tx: Tx, revision: bigint, existing: NodeRow, taints: readonly Taint[], now: number): Promise<Node> {
    await tx.node.update({ where: { name: existing.name }, data: { revision } });
    await this.writeTaints(tx, existing.name, taints, existing.taints.map((t) => nodeTaint(t)), now);
    return nodeOfRow((await this.find(tx, existing.name)) as NodeRow);
  }

  /** The Kubernetes Node of a row already read. */
  get(row: NodeRow): Node {
    return nodeOfRow(row);
  }

  async delete(tx: Tx, name: string): Promise<void> {
    await tx.node.delete({ where: { name } });
  }

  private async writeTaints(tx: Tx, nodeName: string, taints: readonly Taint[], before: readonly Taint[], now: number): Promise<void> {
    await tx.taint.deleteMany({ where: { nodeName } });
    if (taints.length === 0) return;
    await tx.taint.createMany({
      data: taints.map((taint, position) => ({
        nodeName,
        key: taint.key,
        value: taint.value ?? '',
        effect: taint.effect as TaintEffect,
        timeAdded: new Date(taint.timeAdded ?? before.find((old) => sameTaint(old, taint) && old.value === (taint.value ?? ''))?.timeAdded ?? now),
        position,
      })),
    });
  }
}

function nodeTaint(row: NodeRow['taints'][number]): Taint {
  return { key: row.key, value: row.value, effect: row.effect, timeAdded: row.timeAdded.toISOString() };
}
