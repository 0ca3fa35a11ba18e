import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { clusterPaths, clusterScope } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { ListQueries, streamedList } from '../../http/edge/list-answers';
import { Answers, Fails, GuardedOperations, OptionalQuery } from '../../http/operation-docs/operation-docs';
import { type ListTwinCommand, type TwinObjectKey, listTwinObjects, twinObjectKey } from './twin-object-commands';
import { TwinObjectsService } from './twin-objects.service';

const LABEL_SELECTOR = "kubectl's -l syntax: a=b,c!=d,e in (f,g),!h";

/**
 * The other kinds the twin keeps, as imported (POST /v1/import): namespaces, PersistentVolumes,
 * PersistentVolumeClaims, StorageClasses, CSINodes and PodDisruptionBudgets, read and listed as
 * /v1/nodes are.
 */
@ApiTags('namespaces, storage and disruption budgets')
@GuardedOperations()
@Controller(clusterPaths())
export class TwinObjectsController {
  constructor(private readonly objects: TwinObjectsService) {}

  @Get('namespaces')
  @ApiOperation({
    summary:
      'List namespaces (NamespaceList) by name: those imported, and those only implied (a pod is in it, or it is default: no uid, no creationTimestamp), a page at a time',
  })
  @ListQueries()
  @OptionalQuery('labelSelector', LABEL_SELECTOR)
  @Answers(200, 'a page of the namespaces', 'NamespaceList')
  @Fails(400, 404, 410)
  async namespaces(@Command(clusterScope) cluster: string, @Command(listTwinObjects) command: ListTwinCommand) {
    return streamedList(await this.objects.list(cluster, 'Namespace', command));
  }

  @Get('namespaces/:name')
  @ApiOperation({ summary: 'Read a namespace, imported or implied' })
  @Answers(200, 'the namespace', 'Namespace')
  @Fails(400, 404)
  namespace(@Command(clusterScope) cluster: string, @Command(twinObjectKey) key: TwinObjectKey) {
    return this.objects.get(cluster, 'Namespace', key);
  }

  @Get('persistentvolumes')
  @ApiOperation({ summary: 'List PersistentVolumes (PersistentVolumeList) by name, a page at a time' })
  @ListQueries()
  @OptionalQuery('labelSelector', LABEL_SELECTOR)
  @Answers(200, 'a page of the PersistentVolumes', 'PersistentVolumeList')
  @Fails(400, 404, 410)
  async persistentVolumes(@Command(clusterScope) cluster: string, @Command(listTwinObjects) command: ListTwinCommand) {
    return streamedList(await this.objects.list(cluster, 'PersistentVolume', command));
  }

  @Get('persistentvolumes/:name')
  @ApiOperation({ summary: 'Read a PersistentVolume' })
  @Answers(200, 'the PersistentVolume', 'PersistentVolume')
  @Fails(400, 404)
  persistentVolume(@Command(clusterScope) cluster: string, @Command(twinObjectKey) key: TwinObjectKey) {
    return this.objects.get(cluster, 'PersistentVolume', key);
  }

  @Get(['persistentvolumeclaims', 'namespaces/:namespace/persistentvolumeclaims'])
  @ApiOperation({ summary: 'List PersistentVolumeClaims (PersistentVolumeClaimList) of every namespace or of one, by namespace and name, a page at a time' })
  @ListQueries()
  @OptionalQuery('labelSelector', LABEL_SELECTOR)
  @Answers(200, 'a page of the PersistentVolumeClaims', 'PersistentVolumeClaimList')
  @Fails(400, 404, 410)
  async persistentVolumeClaims(@Command(clusterScope) cluster: string, @Command(listTwinObjects) command: ListTwinCommand) {
    return streamedList(await this.objects.list(cluster, 'PersistentVolumeClaim', command));
  }

  @Get('namespaces/:namespace/persistentvolumeclaims/:name')
  @ApiOperation({ summary: 'Read a PersistentVolumeClaim' })
  @Answers(200, 'the PersistentVolumeClaim', 'PersistentVolumeClaim')
  @Fails(400, 404)
  persistentVolumeClaim(@Command(clusterScope) cluster: string, @Command(twinObjectKey) key: TwinObjectKey) {
    return this.objects.get(cluster, 'PersistentVolumeClaim', key);
  }

  @Get('storageclasses')
  @ApiOperation({ summary: 'List StorageClasses (storage.k8s.io/v1 StorageClassList) by name, a page at a time' })
  @ListQueries()
  @OptionalQuery('labelSelector', LABEL_SELECTOR)
  @Answers(200, 'a page of the StorageClasses', 'StorageClassList')
  @Fails(400, 404, 410)
  async storageClasses(@Command(clusterScope) cluster: string, @Command(listTwinObjects) command: ListTwinCommand) {
    return streamedList(await this.objects.list(cluster, 'StorageClass', command));
  }

  @Get('storageclasses/:name')
  @ApiOperation({ summary: 'Read a StorageClass' })
  @Answers(200, 'the StorageClass', 'StorageClass')
  @Fails(400, 404)
  storageClass(@Command(clusterScope) cluster: string, @Command(twinObjectKey) key: TwinObjectKey) {
    return this.objects.get(cluster, 'StorageClass', key);
  }

  @Get('csinodes')
  @ApiOperation({ summary: 'List CSINodes (storage.k8s.io/v1 CSINodeList) by name, a page at a time' })
  @ListQueries()
  @OptionalQuery('labelSelector', LABEL_SELECTOR)
  @Answers(200, 'a page of the CSINodes', 'CSINodeList')
  @Fails(400, 404, 410)
  async csiNodes(@Command(clusterScope) cluster: string, @Command(listTwinObjects) command: ListTwinCommand) {
    return streamedList(await this.objects.list(cluster, 'CSINode', command));
  }

  @Get('csinodes/:name')
  @ApiOperation({ summary: 'Read a CSINode' })
  @Answers(200, 'the CSINode', 'CSINode')
  @Fails(400, 404)
  csiNode(@Command(clusterScope) cluster: string, @Command(twinObjectKey) key: TwinObjectKey) {
    return this.objects.get(cluster, 'CSINode', key);
  }

  @Get(['poddisruptionbudgets', 'namespaces/:namespace/poddisruptionbudgets'])
  @ApiOperation({
    summary: 'List PodDisruptionBudgets (policy/v1 PodDisruptionBudgetList) of every namespace or of one, by namespace and name, a page at a time',
  })
  @ListQueries()
  @OptionalQuery('labelSelector', LABEL_SELECTOR)
  @Answers(200, 'a page of the PodDisruptionBudgets', 'PodDisruptionBudgetList')
  @Fails(400, 404, 410)
  async podDisruptionBudgets(@Command(clusterScope) cluster: string, @Command(listTwinObjects) command: ListTwinCommand) {
    return streamedList(await this.objects.list(cluster, 'PodDisruptionBudget', command));
  }

  @Get('namespaces/:namespace/poddisruptionbudgets/:name')
  @ApiOperation({ summary: 'Read a PodDisruptionBudget' })
  @Answers(200, 'the PodDisruptionBudget', 'PodDisruptionBudget')
  @Fails(400, 404)
  podDisruptionBudget(@Command(clusterScope) cluster: string, @Command(twinObjectKey) key: TwinObjectKey) {
    return this.objects.get(cluster, 'PodDisruptionBudget', key);
  }
}
