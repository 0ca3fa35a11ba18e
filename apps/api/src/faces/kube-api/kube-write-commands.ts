import { type Failure, FieldPath, type Result, ShapeChecker, dryRunOf, err, failure, ok } from '@taintgate/domain';
import { createdObject } from '../../http/edge/kubernetes-objects';
import { operation } from '../../http/edge/operation';
import { checked, nameText } from '../../http/edge/request-fields';
import { type PatchNodeCommand, type UpsertNodeCommand, nodeWrite } from '../../features/nodes/node-commands';
import { type PatchPodCommand, type UpsertPodCommand, podWrite } from '../../features/pods/pod-commands';

/**
 * The Kubernetes API's writes of nodes and pods, parsed into the same commands as REST's PUT: a
 * create (POST, named by its body or its generateName) that never replaces, an update (PUT) that
 * never creates, and PATCHes of nodes and pods whose format is their Content-Type.
 */

const root = FieldPath.root();

/**
 * `?dryRun=All` (kubectl --dry-run=server): the write runs whole and stores nothing. A value other
 * than All is refused as ValidateDryRun refuses it, before the body is looked at.
 */
function withDryRun<C>(sent: unknown, write: () => Result<C, Failure>): Result<C & { dryRun: boolean }, Failure> {
  const shape = new ShapeChecker();
  const dryRun = dryRunOf(shape, sent, root.child('dryRun'));
  if (shape.errors.length) return err(failure.badFields(shape.errors));
  const parsed = write();
  return parsed.ok ? ok({ ...parsed.value, dryRun }) : parsed;
}

/** POST /api/v1/nodes: kubectl create and apply's first write. */
export const kubeCreateNode = operation<UpsertNodeCommand>({
  rest: ({ body, query }) => ({ node: body, dryRun: query.dryRun }),
  parse: (input) =>
    withDryRun(input.dryRun, () => {
      const { object, name } = createdObject(input.node);
      return nodeWrite(name, object, 'create');
    }),
});

/** PUT /api/v1/nodes/{name}: kubectl replace. */
export const kubeUpdateNode = operation<UpsertNodeCommand>({
  rest: ({ params, body, query }) => ({ name: params.name, node: body, dryRun: query.dryRun }),
  parse: (input) => withDryRun(input.dryRun, () => nodeWrite(nameText(input.name), input.node, 'update')),
});

/** POST /api/v1/namespaces/{namespace}/pods: the body's namespace, if any, must be the path's. */
export const kubeCreatePod = operation<UpsertPodCommand>({
  rest: ({ params, body, query }) => ({ namespace: params.namespace, pod: body, dryRun: query.dryRun }),
  parse: (input, settings) =>
    withDryRun(input.dryRun, () => {
      const { object, name } = createdObject(input.pod);
      return podWrite(nameText(input.namespace) || 'default', name, object, 'create', settings);
    }),
});

/** PUT /api/v1/namespaces/{namespace}/pods/{name}: kubectl replace. */
export const kubeUpdatePod = operation<UpsertPodCommand>({
  rest: ({ params, body, query }) => ({ namespace: params.namespace, name: params.name, pod: body, dryRun: query.dryRun }),
  parse: (input, settings) =>
    withDryRun(input.dryRun, () => podWrite(nameText(input.namespace) || 'default', nameText(input.name), input.pod, 'update', settings)),
});

/** PATCH /api/v1/nodes/{name}: kubectl taint, cordon, label, annotate, edit, patch and apply; the patch's format is its Content-Type. */
export const kubePatchNode = operation<PatchNodeCommand>({
  rest: ({ params, body, headers, query }) => ({ name: params.name, patchType: headers?.['content-type'], patch: body, dryRun: query.dryRun }),
  parse: (input) =>
    withDryRun(input.dryRun, () => {
      const shape = new ShapeChecker();
      const name = shape.string(input.name, root.child('name'), true) ?? '';
      const patchType = typeof input.patchType === 'string' ? input.patchType : '';
      return checked(shape, () => ({ name, patchType, patch: input.patch }));
    }),
});

/** PATCH /api/v1/namespaces/{namespace}/pods/{name}: kubectl label, annotate, patch and apply. */
export const kubePatchPod = operation<PatchPodCommand>({
  rest: ({ params, body, headers, query }) => ({
    namespace: params.namespace,
    name: params.name,
    patchType: headers?.['content-type'],
    patch: body,
    dryRun: query.dryRun,
  }),
  parse: (input) =>
    withDryRun(input.dryRun, () => {
      const shape = new ShapeChecker();
      const namespace = shape.string(input.namespace, root.child('namespace'), true) ?? '';
      const name = shape.string(input.name, root.child('name'), true) ?? '';
      const patchType = typeof input.patchType === 'string' ? input.patchType : '';
      return checked(shape, () => ({ namespace, name, patchType, patch: input.patch }));
    }),
});
