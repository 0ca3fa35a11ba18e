import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FieldPath, ShapeChecker, fieldError, formatFieldErrors } from '@taintgate/domain';
import { ApiError } from '../common/api-error';

/** POST /v1/taint: `kubectl taint` as JSON. Exactly one of nodes, selector or all. */
export class TaintCommandDto {
  @ApiPropertyOptional({ type: [String], example: ['node-1', 'node-2'], description: 'node names' })
  nodes?: string[];

  @ApiPropertyOptional({ example: 'pool=gpu', description: "label selector, kubectl's -l syntax" })
  selector?: string;

  @ApiPropertyOptional({ description: 'every node (kubectl --all)' })
  all?: boolean;

  @ApiProperty({ type: [String], example: ['dedicated=gpu:NoSchedule', 'old:NoExecute-', 'legacy-'] })
  taints!: string[];

  @ApiPropertyOptional({ description: 'replace a taint of the same key and effect (kubectl --overwrite)' })
  overwrite?: boolean;

  @ApiPropertyOptional({ description: 'answer what the nodes would become, change nothing' })
  dryRun?: boolean;
}

/** The body's JSON types checked field by field; a wrong one is a 400 naming the field. */
export function parseTaintCommand(body: unknown): TaintCommandDto {
  const shape = new ShapeChecker();
  const root = FieldPath.root();
  const obj = shape.object(body, root, true) ?? {};
  shape.strings(obj.nodes, root.child('nodes'));
  shape.string(obj.selector, root.child('selector'));
  shape.boolean(obj.all, root.child('all'));
  if (obj.taints === undefined) shape.errors.push(fieldError.required(root.child('taints')));
  shape.strings(obj.taints, root.child('taints'));
  shape.boolean(obj.overwrite, root.child('overwrite'));
  shape.boolean(obj.dryRun, root.child('dryRun'));
  if (shape.errors.length) {
    throw ApiError.badRequest(formatFieldErrors(shape.errors), shape.errors.map(({ field, reason }) => ({ field, reason })));
  }
  return obj as unknown as TaintCommandDto;
}
