import { type Result, err, ok } from '../failures/result';
import type { Node, ObjectMeta, Pod } from '../types';

/**
 * Field selectors as the API server reads `?fieldSelector=` (apimachinery fields.ParseSelector):
 * terms joined by commas, each `field=value`, `field==value` or `field!=value`; in values a
 * backslash escapes `\`, `,` and `=`. Each kind selects on a few fields of its own
 * (`selectableFields`), and a selector naming another is refused as the registry refuses it.
 */

interface FieldRequirement {
  field: string;
  /** `=` and `==` are the same test. */
  op: '=' | '!=';
  value: string;
}

export type FieldSelector = FieldRequirement[];

/** fields.splitTerms: commas not escaped by a backslash. */
function splitTerms(text: string): string[] {
  if (text === '') return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(text.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(text.slice(start));
  return terms;
}

/** fields.splitTerm: the first place where `!=`, `==` or `=` begins. */
function splitTerm(term: string): { lhs: string; op: '=' | '!='; rhs: string } | undefined {
  for (let i = 0; i < term.length; i++) {
    const rest = term.slice(i);
    for (const op of ['!=', '==', '='] as const) {
      if (rest.startsWith(op)) return { lhs: term.slice(0, i), op: op === '!=' ? '!=' : '=', rhs: term.slice(i + op.length) };
    }
  }
  return undefined;
}

/** fields.UnescapeValue, with its errors' words (a rune printed as Go's %v prints one: its code). */
function unescapeValue(value: string): Result<string, string> {
  if (!/[\\,=]/.test(value)) return ok(value);
  let out = '';
  let inSlash = false;
  for (const c of value) {
    if (inSlash) {
      if (c !== '\\' && c !== ',' && c !== '=') return err(`invalid field selector: invalid escape sequence: \\${c}`);
      out += c;
      inSlash = false;
      continue;
    }
    if (c === '\\') inSlash = true;
    else if (c === ',' || c === '=') return err(`invalid field selector: unescaped character in value: ${c.codePointAt(0) ?? 0}`);
    else out += c;
  }
  return inSlash ? err('invalid field selector: invalid escape sequence: \\') : ok(out);
}

/** Parses `?fieldSelector=`; the terms sorted, as ParseSelector sorts them. */
export function parseFieldSelector(text: string): Result<FieldSelector, string> {
  const selector: FieldSelector = [];
  for (const part of splitTerms(text).sort()) {
    if (part === '') continue;
    const term = splitTerm(part);
    if (!term) return err(`invalid selector: '${text}'; can't understand '${part}'`);
    const value = unescapeValue(term.rhs);
    if (!value.ok) return value;
    selector.push({ field: term.lhs, op: term.op, value: value.value });
  }
  return ok(selector);
}

/** The fields each kind selects on, by their names in pkg/apis/core/v1/conversion.go's field label conversions. */
const SELECTABLE: Record<
  'Node' | 'Pod' | 'Event' | 'Namespace' | 'PersistentVolume' | 'PersistentVolumeClaim' | 'StorageClass' | 'CSINode' | 'PodDisruptionBudget',
  readonly string[]
> = {
  Node: ['metadata.name', 'spec.unschedulable'],
  Pod: [
    'metadata.name',
    'metadata.namespace',
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'spec.hostNetwork',
    'status.phase',
    'status.podIP',
    'status.nominatedNodeName',
  ],
  Event: [
    'metadata.name',
    'metadata.namespace',
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
  ],
  Namespace: ['metadata.name', 'status.phase'],
  // No field label conversion of their own: apimachinery's default, the object's name and namespace.
  PersistentVolume: ['metadata.name', 'metadata.namespace'],
  PersistentVolumeClaim: ['metadata.name', 'metadata.namespace'],
  StorageClass: ['metadata.name', 'metadata.namespace'],
  CSINode: ['metadata.name', 'metadata.namespace'],
  PodDisruptionBudget: ['metadata.name', 'metadata.namespace'],
};

export type SelectableKind = keyof typeof SELECTABLE;

/** The first field the kind does not select on, in the registry's words; none when all are known. */
export function unsupportedField(kind: SelectableKind, selector: FieldSelector): string | undefined {
  const known = SELECTABLE[kind];
  const bad = selector.find((r) => !known.includes(r.field));
  return bad && `field label not supported: ${bad.field}`;
}

/** Whether the object's selectable fields (a field missing is "") meet every requirement. */
export function fieldsMatch(selector: FieldSelector, fields: Readonly<Record<string, string | undefined>>): boolean {
  return selector.every((r) => ((fields[r.field] ?? '') === r.value) === (r.op === '='));
}

/** The fields every object selects on (generic.ObjectMetaFieldsSet): its name, and its namespace ('' for a kind that has none). */
export const objectMetaFields = (metadata: ObjectMeta): Record<string, string> => ({
  'metadata.name': metadata.name,
  'metadata.namespace': metadata.namespace ?? '',
});

/** A namespace's selectable fields (pkg/registry/core/namespace NamespaceToSelectableFields). */
export const namespaceFields = (namespace: { metadata: ObjectMeta; status?: { phase?: string } }): Record<string, string> => ({
  'metadata.name': namespace.metadata.name,
  'status.phase': namespace.status?.phase ?? '',
});

/** A node's selectable fields (pkg/registry/core/node NodeToSelectableFields). */
export const nodeFields = (node: Node): Record<string, string> => ({
  'metadata.name': node.metadata.name,
  'spec.unschedulable': String(node.spec?.unschedulable === true),
});

/**
 * A pod's selectable fields (pkg/registry/core/pod ToSelectableFields), with the defaults the API
 * server would have stored (restartPolicy Always, the default scheduler and service account).
 */
export function podFields(pod: Pod): Record<string, string> {
  const spec = (pod.spec ?? {}) as Record<string, unknown>;
  const status = (pod.status ?? {}) as Record<string, unknown>;
  const text = (value: unknown, otherwise = '') => (typeof value === 'string' ? value : otherwise);
  return {
    'metadata.name': pod.metadata.name,
    'metadata.namespace': pod.metadata.namespace ?? 'default',
    'spec.nodeName': text(spec.nodeName),
    'spec.restartPolicy': text(spec.restartPolicy, 'Always'),
    'spec.schedulerName': text(spec.schedulerName, 'default-scheduler'),
    'spec.serviceAccountName': text(spec.serviceAccountName, 'default'),
    'spec.hostNetwork': String(spec.hostNetwork === true),
    'status.phase': text(status.phase),
    'status.podIP': text(status.podIP),
    'status.nominatedNodeName': text(status.nominatedNodeName),
  };
}
