import type { JsonObject } from './json';

/** Small builders for the pod templates' recurring pieces, each with its keys in Go's order. */

export const hostPath = (name: string, path: string, type = ''): JsonObject => ({ hostPath: { path, type }, name });
export const mount = (name: string, mountPath: string, readOnly = false): JsonObject => (readOnly ? { mountPath, name, readOnly: true } : { mountPath, name });
export const fieldEnv = (name: string, fieldPath: string): JsonObject => ({ name, valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath } } });
export const requests = (cpu: string, memory?: string): JsonObject => ({ requests: memory === undefined ? { cpu } : { cpu, memory } });
export const linux = { 'kubernetes.io/os': 'linux' };
