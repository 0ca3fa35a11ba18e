import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../apps/kubectl-plugin/src/failures';
import { manifestObjects, podOfManifests } from '../../../apps/kubectl-plugin/src/manifest-file';
import { outputFormat, tableText } from '../../../apps/kubectl-plugin/src/output';
import { impactArguments, impactBody } from '../../../apps/kubectl-plugin/src/taint-arguments';

describe('impact arguments, split as kubectl taint splits them', () => {
  it('names first, then taints; checked by kubectl taint rules', () => {
    expect(impactArguments(['nodes', 'n1', 'node/n2', 'maintenance=true:NoExecute', 'gpu:NoSchedule'])).toEqual({
      names: ['n1', 'n2'],
      taints: [
        { key: 'maintenance', value: 'true', effect: 'NoExecute' },
        { key: 'gpu', effect: 'NoSchedule' },
      ],
    });
    expect(() => impactArguments(['pods', 'k=v:NoExecute'])).toThrow(/impact is about nodes/);
    expect(() => impactArguments(['nodes', 'k=v:NoExecute', 'n1'])).toThrow('all resources must be specified before taint changes: n1');
    expect(() => impactArguments(['nodes', 'n1', 'k=v:Bogus'])).toThrow('invalid taint effect: Bogus, unsupported taint effect');
    expect(() => impactArguments(['nodes', 'n1'])).toThrow('at least one taint update is required');
    expect(() => impactArguments(['nodes', 'n1', 'k-'])).toThrow(UsageError);
  });

  it('the taints go as `taints`, as kubectl writes them, added together; the nodes one way only', () => {
    const one = [{ key: 'maintenance', value: 'true', effect: 'NoExecute' }];
    expect(impactBody(one, { names: [], selector: 'pool=spot' })).toEqual({ taints: ['maintenance=true:NoExecute'], selector: 'pool=spot' });
    const two = [...one, { key: 'gpu', effect: 'NoSchedule' }];
    expect(impactBody(two, { names: ['n1'] })).toEqual({ taints: ['maintenance=true:NoExecute', 'gpu:NoSchedule'], nodes: ['n1'] });
    expect(impactBody(one, { names: [], all: true })).toEqual({ taints: ['maintenance=true:NoExecute'], all: true });
    expect(() => impactBody(one, { names: [] })).toThrow(/at least one resource name/);
    expect(() => impactBody(one, { names: ['n1'], selector: 'a=b' })).toThrow(/not several/);
  });
});

describe('pod manifests', () => {
  it('a Pod as it is; a workload by its pod template, named and namespaced after it; integers beyond 2^53 exact', () => {
    const pod = podOfManifests(manifestObjects('{"kind": "Pod", "metadata": {"name": "p"}}', 'p.json'), 'p.json');
    expect(pod).toEqual({ kind: 'Pod', metadata: { name: 'p' } });
    const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    metadata: {labels: {app: web}}
    spec:
      tolerations: [{key: k, operator: Exists, effect: NoExecute, tolerationSeconds: 9223372036854775807}]
`;
    const fromTemplate = podOfManifests(manifestObjects(deployment, 'd.yaml'), 'd.yaml');
    expect(fromTemplate).toMatchObject({ kind: 'Pod', metadata: { name: 'web', namespace: 'shop', labels: { app: 'web' } } });
    expect((fromTemplate.spec as any).tolerations[0].tolerationSeconds).toBe(9223372036854775807n);
    expect(() => podOfManifests(manifestObjects('kind: Pod\n---\nkind: Pod\n', 'two.yaml'), 'two.yaml')).toThrow(/one pod .* not 2 objects/);
    expect(() => podOfManifests(manifestObjects('kind: ConfigMap\n', 'c.yaml'), 'c.yaml')).toThrow(/holds a ConfigMap/);
    expect(() => manifestObjects('a: [', 'bad.yaml')).toThrow(/error parsing bad.yaml/);
  });
});

describe('output', () => {
  it("tables as kubectl's tabwriter aligns them: upper-case headers, 3 spaces of padding, at least 6 wide, <none> for empty cells", () => {
    expect(
      tableText(
        ['Name', 'Score'],
        [
          ['a1', 100],
          ['longer-name', null],
        ],
      ),
    ).toBe('NAME          SCORE\na1            100\nlonger-name   <none>\n');
    expect(tableText(['A', 'B'], [['x', 'y']])).toBe('A     B\nx     y\n');
  });

  it('-o takes the formats a command prints; anything else is refused as kubectl refuses it', () => {
    expect(outputFormat(undefined, ['json', 'yaml'], 'keys')).toBe('table');
    expect(outputFormat('yaml', ['json', 'yaml'], 'keys')).toBe('yaml');
    expect(() => outputFormat('markdown', ['json', 'yaml'], 'keys')).toThrow(
      'unable to match a printer suitable for the output format "markdown", allowed formats are: json, yaml',
    );
  });
});
