import { coreV1PatchSchema, lookupField } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { allDefinitions, definitionOfStruct } from '../../../../../apps/api/src/faces/kube-api/openapi/definitions';
import { openApiV2, openApiV3CoreV1 } from '../../../../../apps/api/src/faces/kube-api/openapi/openapi-documents';
import { openApiV2Protobuf } from '../../../../../apps/api/src/faces/kube-api/openapi/openapi-v2-protobuf';

type Json = Record<string, unknown>;

const v3 = openApiV3CoreV1();
const v2 = openApiV2();
const schemas = v3.components.schemas as Record<string, Json>;

/** Every value under `node` with its key, depth first. */
function* walk(node: unknown, key = ''): Generator<[string, unknown]> {
  yield [key, node];
  if (Array.isArray(node)) for (const item of node) yield* walk(item);
  else if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) yield* walk(v, k);
}

const refs = (document: unknown) => [...walk(document)].filter(([key]) => key === '$ref').map(([, value]) => String(value));

/** The definition a property (or its list's items) refers to. */
function target(property: Json): string | undefined {
  const of = (s: Json | undefined): string | undefined => {
    const ref = (s?.$ref as string | undefined) ?? ((s?.allOf as Json[] | undefined)?.[0]?.$ref as string | undefined);
    return ref?.replace('#/components/schemas/', '');
  };
  return of(property) ?? of(property.items as Json | undefined);
}

describe('the OpenAPI documents kubectl reads', () => {
  it('every $ref resolves, in v3 and in v2', () => {
    const v3Refs = refs(v3);
    expect(v3Refs.length).toBeGreaterThan(100);
    for (const ref of v3Refs) expect(schemas, ref).toHaveProperty([ref.replace('#/components/schemas/', '')]);
    for (const ref of refs(v2)) expect(v2.definitions, ref).toHaveProperty([ref.replace('#/definitions/', '')]);
  });

  it('every operation names a kind that a schema is the body of (what kubectl explain looks for)', () => {
    const kinds = new Set(
      Object.values(schemas).flatMap((s) => ((s['x-kubernetes-group-version-kind'] as Json[] | undefined) ?? []).map((gvk) => JSON.stringify(gvk))),
    );
    for (const [path, item] of Object.entries(v3.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, Json>)) {
        if (method === 'parameters') continue;
        expect(kinds, `${method} ${path}`).toContain(JSON.stringify(op['x-kubernetes-group-version-kind']));
      }
    }
    for (const kind of ['Node', 'Pod', 'Event', 'Namespace', 'NodeList', 'PodList'])
      expect(kinds).toContain(JSON.stringify({ group: '', version: 'v1', kind }));
  });

  it('advertises dryRun on every write, which the server honours, and not fieldValidation, which it does not (kubectl then validates itself)', () => {
    const parameters = [...walk(v3.paths)].filter(([key]) => key === 'name').map(([, value]) => value);
    expect(parameters).not.toContain('fieldValidation');
    for (const [path, item] of Object.entries(v3.paths as Record<string, Record<string, { parameters?: { name: string }[] }>>)) {
      for (const method of ['post', 'put', 'patch', 'delete']) {
        const operation = item[method];
        if (operation)
          expect(
            operation.parameters?.map((p) => p.name),
            `${method} ${path}`,
          ).toContain('dryRun');
      }
    }
  });

  it('the patch strategies are the domain strategic-merge table, field by field', () => {
    let tagged = 0;
    for (const [name, schema] of Object.entries(schemas)) {
      const struct = name.slice(name.lastIndexOf('.') + 1);
      for (const [field, property] of Object.entries((schema.properties as Record<string, Json> | undefined) ?? {})) {
        const meta = lookupField(coreV1PatchSchema, definitionOfStruct(struct) === name ? struct : undefined, field);
        const strategy = property['x-kubernetes-patch-strategy'] as string | undefined;
        const strategies = coreV1PatchSchema[struct]?.[field]?.strategies;
        expect(strategy, `${name}.${field}`).toBe(strategies?.join(','));
        expect(property['x-kubernetes-patch-merge-key'] ?? '', `${name}.${field}`).toBe(meta.mergeKey);
        if (strategy !== undefined) tagged++;
        // A struct the table follows the field into is the one the document refers to.
        if (meta.type !== undefined && definitionOfStruct(meta.type) !== undefined)
          expect(target(property), `${name}.${field}`).toBe(definitionOfStruct(meta.type));
      }
    }
    expect(tagged).toBeGreaterThanOrEqual(20);
    // Every table entry of a published struct is published with its tags.
    for (const [struct, fields] of Object.entries(coreV1PatchSchema)) {
      const name = definitionOfStruct(struct);
      if (name === undefined) continue;
      for (const field of Object.keys(fields)) expect(schemas[name]?.properties, `${struct}.${field}`).toHaveProperty([field]);
    }
  });

  it('NodeSpec.taints and PodSpec.tolerations are atomic lists, replaced whole; a map list is keyed by its merge key', () => {
    const property = (type: string, field: string) => (schemas[`io.k8s.api.core.v1.${type}`]?.properties as Record<string, Json>)[field] ?? {};
    expect(property('NodeSpec', 'taints')).toMatchObject({ 'x-kubernetes-list-type': 'atomic' });
    expect(property('NodeSpec', 'taints')).not.toHaveProperty('x-kubernetes-patch-strategy');
    expect(property('PodSpec', 'tolerations')).toMatchObject({ 'x-kubernetes-list-type': 'atomic' });
    expect(property('PodSpec', 'containers')).toMatchObject({
      'x-kubernetes-list-map-keys': ['name'],
      'x-kubernetes-patch-merge-key': 'name',
      'x-kubernetes-patch-strategy': 'merge',
    });
    for (const [name, schema] of Object.entries(schemas)) {
      for (const [field, p] of Object.entries((schema.properties as Record<string, Json> | undefined) ?? {})) {
        const keys = p['x-kubernetes-list-map-keys'] as string[] | undefined;
        const mergeKey = p['x-kubernetes-patch-merge-key'] as string | undefined;
        if (keys && mergeKey) expect(keys, `${name}.${field}`).toContain(mergeKey);
      }
    }
  });

  it("the taint effects and toleration operators are the domain's", () => {
    expect((schemas['io.k8s.api.core.v1.Taint']?.properties as Record<string, Json>).effect?.enum).toEqual(['NoSchedule', 'PreferNoSchedule', 'NoExecute']);
    expect((schemas['io.k8s.api.core.v1.Toleration']?.properties as Record<string, Json>).operator?.enum).toEqual(['Equal', 'Exists', 'Gt', 'Lt']);
    expect(Object.keys(allDefinitions)).toContain('io.k8s.api.policy.v1.Eviction');
  });

  it('encodes v2 in protobuf: every definition by name', () => {
    const bytes = openApiV2Protobuf(v2);
    for (const name of Object.keys(v2.definitions)) expect(bytes.includes(Buffer.from(name)), name).toBe(true);
    expect(bytes.includes(Buffer.from('x-kubernetes-group-version-kind'))).toBe(true);
  });
});
