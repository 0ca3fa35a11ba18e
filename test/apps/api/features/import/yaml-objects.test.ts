import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { kubectlNode, kubectlPod } from '../../../../support/kubectl-objects';
import { chunksOf, cutAt, objectsOf, readAll } from './read-body';

/**
 * What `kubectl get ... -o yaml` prints: go-yaml's style, sequences in a mapping at the
 * mapping's column (`items:` then `- apiVersion` at column 0), two-space indents, timestamps quoted.
 */
function kubectlYaml(value: unknown): string {
  return stringify(value, { indentSeq: false, defaultStringType: 'PLAIN', defaultKeyType: 'PLAIN', lineWidth: 0 });
}

function kubectlYamlList(items: unknown[]): string {
  return kubectlYaml({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } });
}

describe('reading YAML bodies (import/yaml-objects.ts)', () => {
  it('a List from `kubectl get nodes,pods -A -o yaml`: its items, with their positions', () => {
    const items = [kubectlNode('worker-1'), kubectlPod('web-1'), kubectlPod('web-2')];
    const text = kubectlYamlList(items);
    expect(text).toMatch(/^items:\n- apiVersion: v1\n {2}kind: Node\n/m);
    const entries = readAll('yaml', chunksOf(text, 500));
    expect(entries.map((e) => e.ok && e.object)).toEqual(items);
    const lines = text.split('\n');
    entries.forEach((entry, item) => {
      expect([entry.position.document, entry.position.item]).toEqual([0, item]);
      expect(lines[entry.position.line - 1]).toBe('- apiVersion: v1');
      expect(Buffer.from(text).subarray(entry.position.offset).toString().startsWith('- apiVersion: v1\n')).toBe(true);
    });
  });

  it('a List whose items are indented under `items:` is split too', () => {
    const items = [kubectlNode('a'), kubectlPod('b')];
    const text = stringify({ apiVersion: 'v1', kind: 'List', items, metadata: { resourceVersion: '' } }, { indentSeq: true });
    expect(text).toMatch(/^items:\n {2}- apiVersion: v1\n/m);
    expect(objectsOf('yaml', text)).toEqual(items);
  });

  it('items are the same wherever the body is cut into two chunks', () => {
    const items = [
      {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: 'nœud-1', annotations: { note: 'ノード予約済み 🚀', script: '#!/bin/sh\n- not an item\nitems:\n---x\n' } },
      },
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'p', namespace: 'shop' },
        spec: { tolerations: [{ key: 'k', operator: 'Exists', tolerationSeconds: 300 }] },
      },
    ];
    const text = kubectlYamlList(items);
    const bytes = Buffer.from(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(objectsOf('yaml', cutAt(bytes, cut)), `cut at byte ${cut}`).toEqual(items);
    }
  });

  it('a NodeList and a PodList yield their items', () => {
    const nodes = [kubectlNode('a'), kubectlNode('b')];
    const pods = [kubectlPod('c')];
    const text = `${kubectlYaml({ apiVersion: 'v1', items: nodes, kind: 'NodeList', metadata: { resourceVersion: '1' } })}---\n${kubectlYaml({ apiVersion: 'v1', items: pods, kind: 'PodList', metadata: {} })}`;
    expect(objectsOf('yaml', text)).toEqual([...nodes, ...pods]);
  });

  it('an empty List (`items: []`) yields nothing', () => {
    expect(readAll('yaml', 'apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n')).toEqual([]);
  });

  it('a List in flow style (JSON is YAML too) is read whole, its items at its position', () => {
    const text = `---\n${JSON.stringify({ apiVersion: 'v1', items: [kubectlNode('a'), kubectlPod('b')], kind: 'List' }, null, 2)}\n`;
    const entries = readAll('yaml', text);
    expect(entries).toEqual([
      { ok: true, object: kubectlNode('a'), position: { document: 0, item: 0, offset: 0, line: 1 } },
      { ok: true, object: kubectlPod('b'), position: { document: 0, item: 1, offset: 0, line: 1 } },
    ]);
  });

  it('several documents: each object, empty documents skipped, positions naming each', () => {
    const node = kubectlNode();
    const pod = kubectlPod();
    const text = `# nodes and pods\n---\n${kubectlYaml(node)}---\n---\n# nothing here\n---\n${kubectlYaml(pod)}...\n---\n${kubectlYaml(kubectlPod('x'))}`;
    const entries = readAll('yaml', chunksOf(text, 100));
    expect(entries.map((e) => e.ok && e.object)).toEqual([node, pod, kubectlPod('x')]);
    // Every document YAML counts keeps its index, empty ones too: the text before the first --- is none.
    expect(entries.map((e) => [e.position.document, e.position.item, e.position.line])).toEqual([
      [0, undefined, 2],
      [3, undefined, text.split('\n').indexOf('---', 2 + kubectlYaml(node).split('\n').length + 2) + 1],
      [4, undefined, text.split('\n').lastIndexOf('---') + 1],
    ]);
  });

  it('a single object with no marker is one document', () => {
    const node = kubectlNode();
    expect(readAll('yaml', kubectlYaml(node))).toEqual([{ ok: true, object: node, position: { document: 0, offset: 0, line: 1 } }]);
  });

  it('a document that is a List beside documents that are objects', () => {
    const text = `${kubectlYamlList([kubectlNode('a'), kubectlNode('b')])}---\n${kubectlYaml(kubectlPod('p'))}`;
    const entries = readAll('yaml', text);
    expect(entries.map((e) => [e.ok && (e.object as { metadata: { name: string } }).metadata.name, e.position.document, e.position.item])).toEqual([
      ['a', 0, 0],
      ['b', 0, 1],
      ['p', 1, undefined],
    ]);
  });

  it('an object with an items sequence whose kind does not say List is one object', () => {
    const odd = { apiVersion: 'example.com/v1', kind: 'Inventory', items: [{ name: 'a' }, { name: 'b' }], metadata: { name: 'x' } };
    expect(objectsOf('yaml', kubectlYaml(odd))).toEqual([odd]);
  });

  it('YAML 1.1 scalars in a List item: yes is true, an unquoted timestamp a string, 0644 octal, big integers exact', () => {
    const text = [
      'apiVersion: v1',
      'items:',
      '- apiVersion: v1',
      '  kind: Pod',
      '  metadata:',
      '    name: p',
      '    creationTimestamp: 2024-01-01T00:00:00Z',
      '    labels:',
      '      enabled: yes',
      '      quoted: "yes"',
      '  spec:',
      '    volumes:',
      '    - name: config',
      '      configMap:',
      '        defaultMode: 0644',
      '    tolerations:',
      '    - key: k',
      '      operator: Exists',
      '      effect: NoExecute',
      '      tolerationSeconds: 9223372036854775807',
      'kind: List',
      '',
    ].join('\n');
    expect(objectsOf('yaml', text)).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'p', creationTimestamp: '2024-01-01T00:00:00Z', labels: { enabled: true, quoted: 'yes' } },
        spec: {
          volumes: [{ name: 'config', configMap: { defaultMode: 420 } }],
          tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 9223372036854775807n }],
        },
      },
    ]);
  });

  describe('an error spoils only its document or List item, named with its line; reading goes on', () => {
    it('a syntax error in one List item', () => {
      const text = kubectlYamlList([kubectlNode('a'), kubectlPod('b'), kubectlPod('c')]).replace('  name: b\n', '  name: [b\n');
      const entries = readAll('yaml', chunksOf(text, 256));
      expect(entries.map((e) => e.ok)).toEqual([true, false, true]);
      const failed = entries[1]!;
      expect(failed).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^malformed YAML: Flow sequence in block collection must be sufficiently indented/),
      });
      expect(failed.position.item).toBe(1);
      expect(failed.position.document).toBe(0);
      // On the bad entry's last line, not on the next entry's first.
      const lines = text.split('\n');
      expect(failed.position.line).toBeGreaterThan(lines.indexOf('  name: [b'));
      expect(failed.position.line).toBeLessThan(lines.lastIndexOf('- apiVersion: v1') + 1);
    });

    it('a syntax error in one document of several', () => {
      const text = `${kubectlYaml(kubectlNode('a'))}---\nkind: Pod\nmetadata:\n  name: "unclosed\n---\n${kubectlYaml(kubectlPod('c'))}`;
      const entries = readAll('yaml', text);
      expect(entries.map((e) => e.ok)).toEqual([true, false, true]);
      expect(entries[1]).toMatchObject({ ok: false, position: { document: 1 } });
      expect(entries[1]?.position.line).toBe(text.split('\n').indexOf('  name: "unclosed') + 1);
      if (!entries[1]?.ok) expect(entries[1]?.message).toMatch(/^malformed YAML: Missing closing "quote/);
    });

    it('a syntax error in a List beside its items', () => {
      const text = 'apiVersion: v1\nitems:\n- kind: Node\nkind: List\nmetadata: {resourceVersion: "1"\n';
      const entries = readAll('yaml', text);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ ok: false, position: { document: 0, line: 5 } });
    });

    it.each([
      ['a sequence', '- kind: Node\n- kind: Pod\n', 'a sequence'],
      ['a string', 'just text\n', 'a string'],
      ['a number', '42\n', 'a number'],
    ])('a document that is %s, not an object', (_name, text, shape) => {
      expect(readAll('yaml', `${text}---\nkind: Node\n`)).toEqual([
        {
          ok: false,
          message: `the document holds ${shape}, not a Kubernetes object: send what kubectl prints, objects or a List`,
          position: { document: 0, offset: 0, line: 1 },
        },
        { ok: true, object: { kind: 'Node' }, position: { document: 1, offset: text.length, line: text.split('\n').length } },
      ]);
    });

    it('.nan in an item', () => {
      const entries = readAll('yaml', 'apiVersion: v1\nitems:\n- kind: Pod\n  spec:\n    priority: .nan\n- kind: Node\nkind: List\n');
      expect(entries.map((e) => e.ok)).toEqual([false, true]);
      expect(entries[0]).toMatchObject({
        position: { document: 0, item: 0, line: 5 },
        message: 'malformed YAML: .nan is not a number JSON can hold: Kubernetes refuses it too',
      });
    });
  });

  it('`items:` with a comment after it, and a body with no line feed at its end', () => {
    const text = 'apiVersion: v1\nitems: # nodes\n- kind: Node\n  metadata:\n    name: a\n- kind: Node\n  metadata:\n    name: b\nkind: List';
    expect(readAll('yaml', text).map((e) => [e.ok && e.object, e.position.item, e.position.line])).toEqual([
      [{ kind: 'Node', metadata: { name: 'a' } }, 0, 3],
      [{ kind: 'Node', metadata: { name: 'b' } }, 1, 6],
    ]);
  });

  it("an alias to another entry's anchor is an error for that entry only (kubectl prints no anchors)", () => {
    const text = 'apiVersion: v1\nitems:\n- &node\n  kind: Node\n- *node\n- kind: Pod\nkind: List\n';
    expect(readAll('yaml', text).map((e) => e.ok)).toEqual([true, false, true]);
  });

  it('a UTF-8 byte order mark is skipped', () => {
    expect(objectsOf('yaml', [Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('kind: Node\n')])).toEqual([{ kind: 'Node' }]);
  });

  it('Windows line ends (CRLF) are read as line ends', () => {
    const text = kubectlYamlList([kubectlNode('a'), kubectlPod('b')]).replace(/\n/g, '\r\n');
    expect(objectsOf('yaml', text)).toEqual([kubectlNode('a'), kubectlPod('b')]);
  });
});
