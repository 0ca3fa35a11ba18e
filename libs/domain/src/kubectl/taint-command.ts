import { type Failure, failure } from '../failures/failure';
import { type Result, err, ok } from '../failures/result';
import { sameTaint, taintToString } from '../taints/taint';
import type { Taint } from '../types';
import { isQualifiedName, isValidLabelValue } from '../foundation/names';

/**
 * `kubectl taint` as kubectl implements it (kubectl/pkg/cmd/taint): argument syntax
 * (`k=v:E`, `k:E` to add; `k=v:E-`, `k:E-`, `k-` to remove), its checks and its messages,
 * and how a node's taints change, with the word kubectl prints (tainted, untainted, modified).
 */

/** kubectl refuses the arguments themselves: the client's mistake, whatever the nodes hold. */
const fail = (message: string) => err(failure.badRequest(message));

export interface TaintChange {
  toAdd: Taint[];
  /** Key and effect only; an empty effect removes every effect of the key. */
  toRemove: Taint[];
}

export type TaintOperation = 'tainted' | 'untainted' | 'modified';

const effects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** parseTaint: `<key>=<value>:<effect>`, `<key>:<effect>` or `<key>`. */
function parseTaint(spec: string): Result<Taint, Failure> {
  const parts = spec.split(':');
  let key: string;
  let value = '';
  let effect = '';
  if (parts.length === 1) {
    key = parts[0] ?? '';
  } else if (parts.length === 2) {
    effect = parts[1] ?? '';
    if (!effects.includes(effect)) return fail(`invalid taint effect: ${effect}, unsupported taint effect`);
    const kv = (parts[0] ?? '').split('=');
    if (kv.length > 2) return fail(`invalid taint spec: ${spec}`);
    key = kv[0] ?? '';
    if (kv.length === 2) {
      value = kv[1] ?? '';
      const problems = isValidLabelValue(value);
      if (problems.length) return fail(`invalid taint spec: ${spec}, ${problems.join('; ')}`);
    }
  } else {
    return fail(`invalid taint spec: ${spec}`);
  }
  const keyProblems = isQualifiedName(key);
  if (keyProblems.length) return fail(`invalid taint spec: ${spec}, ${keyProblems.join('; ')}`);
  const taint: Taint = { key, effect };
  if (value) taint.value = value;
  return ok(taint);
}

/** Go's %v of a Taint value: `{key value effect <nil>}`. */
const goTaint = (t: Taint) => `{${t.key} ${t.value ?? ''} ${t.effect} <nil>}`;

/**
 * One taint to add, in kubectl's syntax (`k=v:E` or `k:E`), as parseTaints reads an argument that
 * adds: a removal (`k-`, `k:E-`) or a taint without an effect is refused with kubectl's words.
 */
export function parseTaintToAdd(spec: string): Result<Taint, Failure> {
  if (spec.endsWith('-')) return fail(`invalid taint spec: ${spec}, a taint to add cannot end with "-" (that removes it)`);
  const parsed = parseTaint(spec);
  if (parsed.ok && !parsed.value.effect) return fail(`invalid taint spec: ${spec}`);
  return parsed;
}

/**
 * parseTaints + the add/remove conflict check of Validate. The first bad argument stops parsing,
 * as in kubectl; a removal keeps only key and effect.
 */
export function parseTaintArgs(specs: readonly string[]): Result<TaintChange, Failure> {
  if (specs.length === 0) return fail('at least one taint update is required');
  const toAdd: Taint[] = [];
  const toRemove: Taint[] = [];
  for (const spec of specs) {
    if (spec.endsWith('-')) {
      const parsed = parseTaint(spec.slice(0, -1));
      if (!parsed.ok) return parsed;
      toRemove.push({ key: parsed.value.key, effect: parsed.value.effect });
      continue;
    }
    const parsed = parseTaint(spec);
    if (!parsed.ok) return parsed;
    if (!parsed.value.effect) return fail(`invalid taint spec: ${spec}`);
    if (toAdd.some((t) => sameTaint(t, parsed.value))) return fail(`duplicated taints with the same key and effect: ${goTaint(parsed.value)}`);
    toAdd.push(parsed.value);
  }
  const conflicts: string[] = [];
  for (const add of toAdd) {
    for (const remove of toRemove) {
      if (add.key === remove.key && (!remove.effect || add.effect === remove.effect)) conflicts.push(`${remove.key}=${remove.effect}`);
    }
  }
  if (conflicts.length) return fail(`can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`);
  return ok({ toAdd, toRemove });
}

/**
 * updateTaints + reorganizeTaints for one node: without overwrite, adding a key+effect the node
 * already has is refused; removing a taint the node does not have is an error; new and changed
 * taints come first, then the node's other taints in their order.
 */
export function applyTaintChange(
  nodeName: string,
  current: readonly Taint[],
  change: TaintChange,
  overwrite: boolean,
): Result<{ operation: TaintOperation; taints: Taint[] }, Failure> {
  if (!overwrite) {
    const existing = change.toAdd.flatMap((add) => current.filter((old) => sameTaint(add, old)).map(() => add.key));
    // The arguments are fine; they clash with what the node holds.
    if (existing.length)
      return err(failure.conflict(`node ${nodeName} already has ${existing.join(',')} taint(s) with same effect(s) and --overwrite is false`));
  }
  // addTaints: each old taint is appended unless the list built so far (the adds, then the old
  // taints already appended) has its key and effect, so a repeated old taint also collapses.
  let taints: Taint[] = [...change.toAdd];
  for (const old of current) if (!taints.some((t) => sameTaint(t, old))) taints.push(old);
  const added = current.length !== taints.length;

  const errors: string[] = [];
  let removed = false; // kubectl keeps the outcome of the last removal only
  for (const remove of change.toRemove) {
    const before = taints.length;
    taints = taints.filter((t) => (remove.effect ? !sameTaint(t, remove) : t.key !== remove.key));
    removed = taints.length !== before;
    if (!removed) errors.push(`taint ${JSON.stringify(taintToString(remove))} not found`);
  }
  // utilerrors.NewAggregate: one distinct message as it is, several in brackets.
  const distinct = [...new Set(errors)];
  if (distinct.length) return err(failure.missing(distinct.length === 1 ? (distinct[0] as string) : `[${distinct.join(', ')}]`));
  const operation: TaintOperation = (added && removed) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  return ok({ operation, taints });
}

/** What kubectl prints for a node: `node/n1 tainted`. */
export function taintResultLine(nodeName: string, operation: TaintOperation): string {
  return `node/${nodeName} ${operation}`;
}
