import { FieldPath, ShapeChecker, err, failure, fieldError } from '@taintgate/domain';
import { operation } from '../../http/edge/operation';
import { checked, flag } from '../../http/edge/request-fields';
import type { ImportBody } from './import-body';
import { IMPORTED_KINDS, type ImportedKind } from './import-outcomes';
import { IMPORT_BODY_TYPES, isImportBody } from './import-body-parser';

/** POST /v1/clusters/{cluster}/import: the body, its objects read one by one as the import pulls them, and what to do with them. */
export interface ImportCommand {
  body: ImportBody;
  /** Delete the cluster's objects the import does not name, of the kinds `pruneKinds` names. */
  prune: boolean;
  /** The kinds prune deletes objects of: those named here, or (undefined) the kinds the body holds an object of. */
  pruneKinds: readonly ImportedKind[] | undefined;
  /** Answer what the import would do, and store nothing. */
  dryRun: boolean;
}

const root = FieldPath.root();

/**
 * `?pruneKinds=Node,Pod` (or the parameter repeated): kinds the twin keeps, refused by name when
 * one is not, and only beside prune=true, as kubectl's --prune-allowlist only goes with --prune.
 */
function pruneKinds(shape: ShapeChecker, value: unknown, prune: boolean): ImportedKind[] | undefined {
  if (value === undefined) return undefined;
  const field = root.child('pruneKinds');
  const texts = (Array.isArray(value) ? value : [value]).map((v) => shape.string(v, field) ?? '');
  const kinds = texts.flatMap((text) => text.split(',')).map((kind) => kind.trim());
  for (const kind of kinds) if (!IMPORTED_KINDS.includes(kind as ImportedKind)) shape.errors.push(fieldError.notSupported(field, kind, IMPORTED_KINDS));
  if (!prune) shape.errors.push(fieldError.invalid(field, value, 'is taken only with prune=true'));
  return [...new Set(kinds)] as ImportedKind[];
}

/**
 * `?prune=true&pruneKinds=Node,Pod&dryRun=true` and a body of what kubectl prints, JSON or YAML, which the import
 * body parser has kept as its chunks (import-body-parser.ts).
 */
export const importObjects = operation<ImportCommand>({
  rest: ({ query, body, headers }) => ({ ...query, body, contentType: headers?.['content-type'] }),
  parse(input) {
    const shape = new ShapeChecker();
    const prune = flag(shape, input.prune, 'prune');
    const kinds = pruneKinds(shape, input.pruneKinds, prune);
    const dryRun = flag(shape, input.dryRun, 'dryRun');
    const body = input.body;
    // The import body parser reads every body of an import's types (an empty one too); a body of
    // another type another parser read (a patch's, application/merge-patch+json) is no import.
    if (!isImportBody(body)) return err(failure.unsupportedMediaType(notAnImportType(input.contentType)));
    if (body.bytes === 0)
      shape.errors.push(fieldError.required(root, 'what `kubectl get nodes,pods -A -o json` prints (a List, NodeList or PodList, or objects)'));
    return checked(shape, () => ({ body, prune, pruneKinds: kinds, dryRun }));
  },
});

/** 415's words: the type sent, and the types an import reads. */
function notAnImportType(sent: unknown): string {
  const types = Object.keys(IMPORT_BODY_TYPES).join(', ');
  return `content type ${typeof sent === 'string' ? JSON.stringify(sent) : '(none)'} is not one an import reads: send what kubectl prints as JSON or YAML (${types})`;
}
