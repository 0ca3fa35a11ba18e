import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { type ListTwinCommand, type TwinObjectKey, twinObjectKey } from '../../features/twin-objects/twin-object-commands';
import { TwinObjectsService } from '../../features/twin-objects/twin-objects.service';
import type { TwinKind } from '../../store/twin-kinds';
import { kubeListTwin } from './kube-list-commands';
import { type KubeOutput, kubeOutput, listAnswer, objectAnswer } from './kube-output';
import { kubePaths } from './kube-paths';
import { printerOf } from './kube-printers';
import { type WatchCommand, kubeWatchOf } from './watch/watch-commands';
import { WatchService } from './watch/watch.service';

type StorageKind = Exclude<TwinKind, 'Namespace'>;

/**
 * The storage kinds the twin keeps, read-only as imported: core/v1 persistentvolumes and
 * persistentvolumeclaims, storage.k8s.io/v1 storageclasses and csinodes (kubectl get pv, pvc,
 * sc, csinode; -o wide, -o yaml, -w), through the same TwinObjectsService as REST's lists.
 */
@ApiExcludeController()
@Controller()
export class KubeStorageController {
  constructor(
    private readonly objects: TwinObjectsService,
    private readonly watches: WatchService,
  ) {}

  @Get(kubePaths('api/v1/persistentvolumes'))
  persistentVolumes(
    @Command(clusterScope) cluster: string,
    @Command(kubeWatchOf('PersistentVolume')) watch: WatchCommand | undefined,
    @Command(kubeListTwin('PersistentVolume')) command: ListTwinCommand,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.listOrWatch('PersistentVolume', cluster, watch, command, output, reply);
  }

  @Get(kubePaths('api/v1/persistentvolumes/:name'))
  persistentVolume(
    @Command(clusterScope) cluster: string,
    @Command(twinObjectKey) key: TwinObjectKey,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.one('PersistentVolume', cluster, key, output, reply);
  }

  @Get([...kubePaths('api/v1/persistentvolumeclaims'), ...kubePaths('api/v1/namespaces/:namespace/persistentvolumeclaims')])
  persistentVolumeClaims(
    @Command(clusterScope) cluster: string,
    @Command(kubeWatchOf('PersistentVolumeClaim')) watch: WatchCommand | undefined,
    @Command(kubeListTwin('PersistentVolumeClaim')) command: ListTwinCommand,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.listOrWatch('PersistentVolumeClaim', cluster, watch, command, output, reply);
  }

  @Get(kubePaths('api/v1/namespaces/:namespace/persistentvolumeclaims/:name'))
  persistentVolumeClaim(
    @Command(clusterScope) cluster: string,
    @Command(twinObjectKey) key: TwinObjectKey,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.one('PersistentVolumeClaim', cluster, key, output, reply);
  }

  @Get(kubePaths('apis/storage.k8s.io/v1/storageclasses'))
  storageClasses(
    @Command(clusterScope) cluster: string,
    @Command(kubeWatchOf('StorageClass')) watch: WatchCommand | undefined,
    @Command(kubeListTwin('StorageClass')) command: ListTwinCommand,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.listOrWatch('StorageClass', cluster, watch, command, output, reply);
  }

  @Get(kubePaths('apis/storage.k8s.io/v1/storageclasses/:name'))
  storageClass(
    @Command(clusterScope) cluster: string,
    @Command(twinObjectKey) key: TwinObjectKey,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.one('StorageClass', cluster, key, output, reply);
  }

  @Get(kubePaths('apis/storage.k8s.io/v1/csinodes'))
  csiNodes(
    @Command(clusterScope) cluster: string,
    @Command(kubeWatchOf('CSINode')) watch: WatchCommand | undefined,
    @Command(kubeListTwin('CSINode')) command: ListTwinCommand,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.listOrWatch('CSINode', cluster, watch, command, output, reply);
  }

  @Get(kubePaths('apis/storage.k8s.io/v1/csinodes/:name'))
  csiNode(
    @Command(clusterScope) cluster: string,
    @Command(twinObjectKey) key: TwinObjectKey,
    @Command(kubeOutput) output: KubeOutput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.one('CSINode', cluster, key, output, reply);
  }

  /** A list, or with ?watch=true a watch (kubectl get -w, informers). */
  private async listOrWatch(
    kind: StorageKind,
    cluster: string,
    watch: WatchCommand | undefined,
    command: ListTwinCommand,
    output: KubeOutput,
    reply: FastifyReply,
  ) {
    if (watch) return this.watches.watch(cluster, watch, output, reply.raw);
    return listAnswer(reply, output, await this.objects.list(cluster, kind, command), printerOf(kind));
  }

  private async one(kind: StorageKind, cluster: string, key: TwinObjectKey, output: KubeOutput, reply: FastifyReply) {
    return objectAnswer(reply, output, await this.objects.get(cluster, kind, key), printerOf(kind));
  }
}
