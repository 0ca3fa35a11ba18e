import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '@taintgate/domain';
import type { ContainerImage, PodSpec } from '../../../../libs/domain/src/types';
import { snapshotOf } from '../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { imageLocalityScores, imageLocalityWeight, normalizedImageName } from '../../../../libs/domain/src/scheduling/image-locality';

const mb = 1024 * 1024;
const containers = (...images: string[]) => images.map((image, i) => ({ name: `c${i}`, image }));
const image = (sizeMB: number, ...names: string[]): ContainerImage => ({ names, sizeBytes: sizeMB * mb });
const makeImageNode = (name: string, images: ContainerImage[]): Node => ({ metadata: { name }, status: { images } });
const podOf = (spec: PodSpec): Pod => ({ metadata: { name: 'p' }, spec });

/** The upstream test scores every node of the snapshot. */
const scores = (spec: PodSpec, nodes: Node[]) => imageLocalityScores(podOf(spec), nodes, snapshotOf(nodes, []));

describe('ImageLocality weight (default_plugins.go)', () => {
  it('is 1', () => {
    expect(imageLocalityWeight).toBe(1);
  });
});

// Kubernetes' TestImageLocalityPriority (imagelocality/image_locality_test.go), case by case.
describe('ImageLocality Score (TestImageLocalityPriority)', () => {
  const test40250: PodSpec = { containers: containers('gcr.io/40', 'gcr.io/250') };
  const test40300: PodSpec = { containers: containers('gcr.io/40', 'gcr.io/300') };
  const testMinMax: PodSpec = { containers: containers('gcr.io/10', 'gcr.io/4000') };
  const test300600900: PodSpec = { containers: containers('gcr.io/300', 'gcr.io/600', 'gcr.io/900') };
  const test3040: PodSpec = { containers: containers('gcr.io/30', 'gcr.io/40') };
  const test30Init300: PodSpec = { containers: containers('gcr.io/30'), initContainers: [{ name: 'init', image: 'gcr.io/300' }] };

  const node403002000 = [
    image(40, 'gcr.io/40:latest', 'gcr.io/40:v1', 'gcr.io/40:v1'),
    image(300, 'gcr.io/300:latest', 'gcr.io/300:v1'),
    image(2000, 'gcr.io/2000:latest'),
  ];
  const node25010 = [image(250, 'gcr.io/250:latest'), image(10, 'gcr.io/10:latest', 'gcr.io/10:v1')];
  const node60040900 = [image(600, 'gcr.io/600:latest'), image(40, 'gcr.io/40:latest'), image(900, 'gcr.io/900:latest')];
  const node300600900 = [image(300, 'gcr.io/300:latest'), image(600, 'gcr.io/600:latest'), image(900, 'gcr.io/900:latest')];
  const node400030 = [image(4000, 'gcr.io/4000:latest'), image(30, 'gcr.io/30:latest')];
  const node203040 = [image(20, 'gcr.io/20:latest'), image(30, 'gcr.io/30:latest'), image(40, 'gcr.io/40:latest')];
  const nodeWithNoImages: ContainerImage[] = [];

  it.each<[string, PodSpec, Node[], number[]]>([
    // node2: 100 * (250M/2 - 23M) / (1000M * 2 - 23M) = 5
    [
      'two images spread on two nodes, prefer the larger image one',
      test40250,
      [makeImageNode('node1', node403002000), makeImageNode('node2', node25010)],
      [0, 5],
    ],
    // node1: 100 * ((40M + 300M)/2 - 23M) / (1000M * 2 - 23M) = 7
    ['two images on one node, prefer this node', test40300, [makeImageNode('node1', node403002000), makeImageNode('node2', node25010)], [7, 0]],
    // node1: 4000M * 1/2 >= 1000M * 2, max-threshold
    ['if exceed limit, use limit', testMinMax, [makeImageNode('node1', node400030), makeImageNode('node2', node25010)], [100, 0]],
    // node1: 100 * (4000M/3 - 23M) / (1000M * 2 - 23M) = 66
    [
      'if exceed limit, use limit (with node which has no images present)',
      testMinMax,
      [makeImageNode('node1', node400030), makeImageNode('node2', node25010), makeImageNode('node3', nodeWithNoImages)],
      [66, 0, 0],
    ],
    // node1: 100 * (600M * 2/3 + 900M * 2/3 - 23M) / (1000M * 3 - 23M) = 32; node2 adds 300M * 1/3: 36
    [
      'pod with multiple large images, node2 is preferred',
      test300600900,
      [makeImageNode('node1', node60040900), makeImageNode('node2', node300600900), makeImageNode('node3', nodeWithNoImages)],
      [32, 36, 0],
    ],
    // node1: 100 * (30M + 40M * 1/2 - 23M) / (1000M * 2 - 23M) = 1
    ['pod with multiple small images', test3040, [makeImageNode('node1', node203040), makeImageNode('node2', node400030)], [1, 0]],
    // node1: 100 * (300M * 1/2 - 23M) / (1000M * 2 - 23M) = 6
    [
      'include InitContainers: two images spread on two nodes, prefer the larger image one',
      test30Init300,
      [makeImageNode('node1', node403002000), makeImageNode('node2', node203040)],
      [6, 0],
    ],
  ])('%s', (_name, spec, nodes, expected) => {
    expect(scores(spec, nodes)).toEqual(expected);
  });

  it('the spread counts every node of the snapshot, not only the feasible ones', () => {
    // 2000M on one node of two: 1000M, 100 * (1000M - 23M) / (1000M - 23M) = 100; of four: 500M, 48.
    const pod = podOf({ containers: containers('gcr.io/2000') });
    const holder = makeImageNode('a', [image(2000, 'gcr.io/2000:latest')]);
    const others = [makeImageNode('b', []), makeImageNode('c', []), makeImageNode('d', [])];
    expect(imageLocalityScores(pod, [holder], snapshotOf([holder, others[0] as Node], []))).toEqual([100]);
    expect(imageLocalityScores(pod, [holder], snapshotOf([holder, ...others], []))).toEqual([48]);
  });
});

describe('ImageLocality Score over nodes that share one images list (a snapshot holds one per pool)', () => {
  it('scores as over nodes with a copy each; a name listed twice counts once, at the last size; two containers of one image count it twice', () => {
    const pool = [image(300, 'gcr.io/300:latest'), image(600, 'gcr.io/600:latest')];
    const twice = [image(900, 'gcr.io/300:latest'), image(300, 'gcr.io/300:latest')];
    const pod = podOf({ containers: containers('gcr.io/300', 'gcr.io/300') });
    // gcr.io/300:latest on all four nodes, at 300M on each (the last of `twice`): 2 x 300M, 100 * (600M - 23M) / (2000M - 23M) = 29.
    const shared = [...['a', 'b', 'c'].map((name) => makeImageNode(name, pool)), makeImageNode('d', twice)];
    const copies = [...['a', 'b', 'c'].map((name) => makeImageNode(name, structuredClone(pool))), makeImageNode('d', twice)];
    expect(imageLocalityScores(pod, shared, snapshotOf(shared, []))).toEqual([29, 29, 29, 29]);
    expect(imageLocalityScores(pod, copies, snapshotOf(copies, []))).toEqual([29, 29, 29, 29]);
    // gcr.io/600:latest on three nodes of four: 600M * 3/4 = 450M, 100 * (450M - 23M) / (1000M - 23M) = 43, and 0 where it is not.
    const six = podOf({ containers: containers('gcr.io/600') });
    expect(imageLocalityScores(six, shared, snapshotOf(shared, []))).toEqual([43, 43, 43, 0]);
  });
});

const fakeDigest = (content: string) => `sha256:${createHash('sha256').update(content).digest('hex')}`;

// Kubernetes' TestNormalizedImageName.
describe('normalizedImageName (TestNormalizedImageName)', () => {
  it.each([
    ['add :latest postfix 1', 'root', 'root:latest'],
    ['add :latest postfix 2', 'gcr.io:5000/root', 'gcr.io:5000/root:latest'],
    ['keep it as is 1', 'root:tag', 'root:tag'],
    ['keep it as is 2', `root@${fakeDigest('root')}`, `root@${fakeDigest('root')}`],
  ])('%s', (_name, input, output) => {
    expect(normalizedImageName(input)).toBe(output);
  });
});
