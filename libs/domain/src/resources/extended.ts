import { isQualifiedName } from '../foundation/names';

/** Native resources have no domain prefix, or the kubernetes.io one (IsNativeResource). */
export function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/**
 * Extended resources (e.g. `nvidia.com/gpu`, `example.com/fpga`): a domain-prefixed name outside
 * kubernetes.io that is still a valid name once turned into a quota name (IsExtendedResourceName).
 */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}
