import { isExtendedResourceName, isNativeResource } from './extended';

/**
 * Which resource names the scheduler and pod-level resources look at, by the helpers of
 * pkg/apis/core/v1/helper (v1helper), pkg/scheduler/util and component-helpers/resource.
 */

/** v1.ResourceHugePagesPrefix. */
const hugePagesPrefix = 'hugepages-';
/** v1.ResourceAttachableVolumesPrefix. */
const attachableVolumesPrefix = 'attachable-volumes-';
/** v1.ResourceDefaultNamespacePrefix. */
const defaultNamespacePrefix = 'kubernetes.io/';

/** IsHugePageResourceName: `hugepages-2Mi`, `hugepages-1Gi`. */
export const isHugePageResourceName = (name: string): boolean => name.startsWith(hugePagesPrefix);

/**
 * schedutil.IsScalarResourceName: the names kube-scheduler's framework.Resource keeps beside cpu,
 * memory, ephemeral-storage and pods (extended, hugepages, `*kubernetes.io/` and attachable
 * volumes). Any other name (`storage`, `foo`) is ignored by NodeResourcesFit.
 */
export function isScalarResourceName(name: string): boolean {
  return isHugePageResourceName(name) || name.includes(defaultNamespacePrefix) || name.startsWith(attachableVolumesPrefix) || isExtendedResourceName(name);
}

/** resourcehelper.IsSupportedPodLevelResource: cpu, memory and hugepages may be set for the pod as a whole. */
export function isSupportedPodLevelResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || isHugePageResourceName(name);
}

/** v1helper.IsOvercommitAllowed: native resources other than hugepages may be requested below their limit. */
export function isOvercommitAllowed(name: string): boolean {
  return isNativeResource(name) && !isHugePageResourceName(name);
}
