import { FieldPath, type IncludeObjectPolicy, IncludeObjectPolicies, type ObjectMeta, ShapeChecker, type Table, fieldError } from '@taintgate/domain';
import type { FastifyReply } from 'fastify';
import { type ListPage, streamedList } from '../../http/edge/list-answers';
import { operation } from '../../http/edge/operation';
import { checked } from '../../http/edge/request-fields';
import type { Printer } from './kube-printers';

const root = FieldPath.root();

/**
 * How a read answers: the objects, or the server-side print Table kubectl asks for first
 * (`Accept: application/json;as=Table;v=v1;g=meta.k8s.io, ..., application/json`), with the
 * row objects `?includeObject=` says (Metadata when absent).
 */
export interface KubeOutput {
  table: boolean;
  includeObject: IncludeObjectPolicy;
}

/** The Content-Type of a Table answer. */
const TABLE_CONTENT_TYPE = 'application/json;as=Table;v=v1;g=meta.k8s.io';

/** Whether the first of the accepted types that taintgate serves is a meta.k8s.io Table. */
export function acceptsTableFirst(accept: string | undefined): boolean {
  for (const type of (accept ?? '').split(',')) {
    const [mediaType = '', ...parameters] = type.split(';').map((p) => p.trim());
    const params = new Map(parameters.map((p) => p.split('=') as [string, string]));
    if (params.get('as') === 'Table' && params.get('g') === 'meta.k8s.io' && (params.get('v') === 'v1' || params.get('v') === 'v1beta1')) return true;
    if (mediaType === 'application/json' || mediaType === '*/*' || mediaType === 'application/*') return false;
  }
  return false;
}

export const kubeOutput = operation<KubeOutput>({
  rest: ({ query, headers }) => ({ includeObject: query.includeObject, accept: headers?.accept }),
  parse(input) {
    const shape = new ShapeChecker();
    const accept = typeof input.accept === 'string' ? input.accept : undefined;
    const sent = shape.string(input.includeObject, root.child('includeObject'));
    let includeObject: IncludeObjectPolicy = 'Metadata';
    if (sent !== undefined && sent !== '') {
      if ((IncludeObjectPolicies as readonly string[]).includes(sent)) includeObject = sent as IncludeObjectPolicy;
      else shape.errors.push(fieldError.notSupported(root.child('includeObject'), sent, IncludeObjectPolicies));
    }
    return checked(shape, () => ({ table: acceptsTableFirst(accept), includeObject }));
  },
});

/** A Table as the answer, with its content type (kubectl decodes by it). */
function tableTo(reply: FastifyReply, table: Table): Table {
  reply.header('content-type', TABLE_CONTENT_TYPE);
  return table;
}

/** A list page as the output asks: the objects (streamed), or its Table, printed now. */
export function listAnswer<T>(reply: FastifyReply, output: KubeOutput, page: ListPage<T>, print: Printer<T>) {
  if (!output.table) return streamedList(page);
  return tableTo(reply, print(page.items, { now: Date.now(), includeObject: output.includeObject, metadata: page.metadata }));
}

/** One object as the output asks: itself, or a Table of one row. */
export function objectAnswer<T extends { metadata: ObjectMeta }>(reply: FastifyReply, output: KubeOutput, object: T, print: Printer<T>) {
  if (!output.table) return object;
  // A stored object's resourceVersion is its revision, a string; a namespace (made up) has none.
  const version = object.metadata.resourceVersion;
  const metadata = typeof version === 'string' ? { resourceVersion: version } : {};
  return tableTo(reply, print([object], { now: Date.now(), includeObject: output.includeObject, metadata }));
}
