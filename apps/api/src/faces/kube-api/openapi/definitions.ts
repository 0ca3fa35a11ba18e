import { coreV1PatchSchema } from '@taintgate/domain';
import { metaDefinitions } from './meta-definitions';
import { nodeDefinitions } from './node-definitions';
import { otherDefinitions } from './other-definitions';
import { podDefinitions } from './pod-definitions';
import { podSpecDefinitions } from './pod-spec-definitions';
import { policyDefinitions } from './policy-definitions';
import { storageDefinitions } from './storage-definitions';
import { CORE_V1, type Definitions, META_V1, isScalar } from './schema-dsl';

/** Every definition the documents publish, by full name. */
export const allDefinitions: Definitions = {
  ...metaDefinitions,
  ...nodeDefinitions,
  ...podSpecDefinitions,
  ...podDefinitions,
  ...otherDefinitions,
  ...storageDefinitions,
  ...policyDefinitions,
};

/** x-kubernetes-patch-strategy and -merge-key of a field. */
export interface PatchExtensions {
  readonly 'x-kubernetes-patch-strategy'?: string;
  readonly 'x-kubernetes-patch-merge-key'?: string;
}

/** The definition a struct of the domain's strategic-merge table is (NodeStatus -> io.k8s.api.core.v1.NodeStatus), if published. */
export function definitionOfStruct(struct: string): string | undefined {
  return [`${CORE_V1}${struct}`, `${META_V1}${struct}`].find((name) => Object.hasOwn(allDefinitions, name));
}

/**
 * The patch extensions of every published field, from the domain's strategic-merge table (the
 * one the server patches by), so that kubectl computes its patches by the same strategies. A
 * table field the published struct lacks is an error: the two would have drifted apart.
 */
function tablePatchExtensions(): ReadonlyMap<string, Readonly<Record<string, PatchExtensions>>> {
  const byDefinition = new Map<string, Record<string, PatchExtensions>>();
  for (const [struct, fields] of Object.entries(coreV1PatchSchema)) {
    const name = definitionOfStruct(struct);
    if (name === undefined) continue;
    const definition = allDefinitions[name];
    if (definition === undefined || isScalar(definition)) throw new Error(`${name} is no struct`);
    const extensions: Record<string, PatchExtensions> = {};
    for (const [field, meta] of Object.entries(fields)) {
      if (!Object.hasOwn(definition.properties, field)) throw new Error(`the strategic-merge table names ${struct}.${field}, which ${name} does not publish`);
      if (meta.strategies === undefined) continue;
      extensions[field] = {
        ...(meta.mergeKey === undefined ? {} : { 'x-kubernetes-patch-merge-key': meta.mergeKey }),
        'x-kubernetes-patch-strategy': meta.strategies.join(','),
      };
    }
    byDefinition.set(name, extensions);
  }
  return byDefinition;
}

export const patchExtensions = tablePatchExtensions();
