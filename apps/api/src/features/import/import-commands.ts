import { FieldPath, ShapeChecker, fieldError } from '@taintgate/domain';
import { operation } from '../../http/edge/operation';
import { checked, flag } from '../../http/edge/request-fields';
import type { ImportBody } from './import-body';
import { isImportBody } from './import-body-parser';

/** POST /v1/clusters/{cluster}/import: the body, its objects read one by one as the import pulls them, and what to do with them. */
export interface ImportCommand {
  body: ImportBody;
  /** Delete the cluster's objects the import does not name. */
  prune: boolean;
  /** Answer what the import would do, and store nothing. */
  dryRun: boolean;
}

const root = FieldPath.root();

/**
 * `?prune=true&dryRun=true` and a body of what kubectl prints, JSON or YAML, which the import
 * body parser has kept as its chunks (import-body-parser.ts).
 */
export const importObjects = operation<ImportCommand>({
  rest: ({ query, body }) => ({ ...query, body }),
  parse(input) {
    const shape = new ShapeChecker();
    const prune = flag(shape, input.prune, 'prune');
    const dryRun = flag(shape, input.dryRun, 'dryRun');
    const body = input.body;
    // The import body parser hands every import route its body (an empty one too): only a route wired wrongly gets anything else.
    if (!isImportBody(body)) throw new Error('an import route was handed a body the import body parser did not read');
    if (body.bytes === 0)
      shape.errors.push(fieldError.required(root, 'what `kubectl get nodes,pods -A -o json` prints (a List, NodeList or PodList, or objects)'));
    return checked(shape, () => ({ body, prune, dryRun }));
  },
});
