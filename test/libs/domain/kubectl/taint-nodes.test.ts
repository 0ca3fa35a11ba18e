import { describe, expect, it } from 'vitest';
import { type Node, type Taint, parseLabelSelector, parseTaintArgs, taintNodes } from '@taintgate/domain';

const node = (name: string, labels: Record<string, string>, taints: Taint[] = []): Node => ({
  metadata: { name, labels },
  spec: { taints },
});
const nodes = [node('b', { pool: 'gpu' }, [{ key: 'k', effect: 'NoSchedule' }]), node('a', { pool: 'gpu' }), node('c', { pool: 'cpu' })];
const named = (name: string) => nodes.find((n) => n.metadata.name === name);
const change = (...args: string[]) => {
  const parsed = parseTaintArgs(args);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const selector = (text: string) => {
  const parsed = parseLabelSelector(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
};

describe('taintNodes (kubectl taint over the nodes a target names)', () => {
  it('each node once, in name order, with its taints after and the word kubectl prints', () => {
    const result = taintNodes({ by: 'all' }, change('x:NoExecute'), false, nodes, named);
    expect(result.ok && result.value.map((t) => [t.node.metadata.name, t.operation, t.taints.map((x) => `${x.key}:${x.effect}`)])).toEqual([
      ['a', 'tainted', ['x:NoExecute']],
      ['b', 'tainted', ['x:NoExecute', 'k:NoSchedule']],
      ['c', 'tainted', ['x:NoExecute']],
    ]);
  });

  it('a selector names the nodes whose labels match', () => {
    const result = taintNodes({ by: 'selector', selector: selector('pool=gpu') }, change('x:NoSchedule'), false, nodes, named);
    expect(result.ok && result.value.map((t) => t.node.metadata.name)).toEqual(['a', 'b']);
  });

  it('all or none: the first node that refuses the change fails the command', () => {
    const result = taintNodes({ by: 'all' }, change('k:NoSchedule'), false, nodes, named);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ reason: 'Conflict' }) });
  });

  it('a name that is not there is NotFound', () => {
    const result = taintNodes({ by: 'names', names: ['a', 'z'] }, change('x:NoSchedule'), false, nodes, named);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ reason: 'NotFound' }) });
  });
});
