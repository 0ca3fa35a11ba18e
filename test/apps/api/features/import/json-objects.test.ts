import { stringify } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { UnreadableBodyError } from '../../../../../apps/api/src/features/import/import-body';
import { readKubectlObjects, readWholeBody } from '../../../../../apps/api/src/features/import/kubectl-objects';
import { kubectlNode, kubectlPod } from '../../../../support/kubectl-objects';
import { chunksOf, cutAt, kubectlJson, objectsOf, readAll } from './read-body';

/** Annotation values that a byte scanner could take for JSON syntax. */
const TRICKY = {
  'example.com/braces': '{"spec":{"taints":[{"key":"a"}]}}',
  'example.com/closers': '}]}]},{"kind":"List","items":[',
  'example.com/quotes': 'say "items": ["x"] \\"twice\\"',
  'example.com/backslash-last': 'C:\\path\\',
  'example.com/backslashes': '\\\\\\"\\',
  'example.com/multi-byte': 'nœud réservé — ノード予約済み 🚀',
  'example.com/escapes': '\u0001\u001f\n\t\u2028',
};

function trickyNode(name = 'worker-1') {
  const node = kubectlNode(name);
  return { ...node, metadata: { ...node.metadata, annotations: { ...node.metadata.annotations, ...TRICKY } } };
}

/** A small List (two kubectl objects with tricky strings), small enough to cut at every byte. */
function smallList() {
  const node = trickyNode();
  const pod = kubectlPod();
  const small = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: node.metadata.name, annotations: TRICKY, labels: { items: '[]' } },
    spec: { taints: node.spec.taints },
  };
  // The pod keeps a nested "items" array (its projected volume's configMap), and an int64 beyond 2^53.
  const smallPod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: pod.metadata.name, namespace: 'shop' },
    spec: { volumes: pod.spec.volumes, tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 9223372036854775807n }] },
  };
  return [small, smallPod];
}

describe('reading JSON bodies (import/json-objects.ts)', () => {
  it('a List from `kubectl get nodes,pods -A -o json`: its items, with their positions', () => {
    const items = [trickyNode('worker-1'), trickyNode('worker-2'), kubectlPod('web-1'), kubectlPod('web-2')];
    const text = kubectlJson(items);
    const entries = readAll('json', chunksOf(text, 1000));
    expect(entries.map((e) => e.ok && e.object)).toEqual(items);
    const bytes = Buffer.from(text);
    entries.forEach((entry, item) => {
      expect(entry.position.document).toBe(0);
      expect(entry.position.item).toBe(item);
      // Each item starts at its `{`, at kubectl's indentation, on the line the position says.
      expect(bytes.subarray(entry.position.offset - 9, entry.position.offset + 1).toString()).toBe('\n        {');
      expect(bytes.subarray(0, entry.position.offset).toString().split('\n').length).toBe(entry.position.line);
    });
  });

  it('items are the same wherever the body is cut into two chunks, and in chunks of one byte', () => {
    const items = smallList();
    const text = kubectlJson(items);
    const bytes = Buffer.from(text);
    expect(bytes.length).toBeGreaterThan(text.length); // multi-byte characters are cut too
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(objectsOf('json', cutAt(bytes, cut)), `cut at byte ${cut}`).toEqual(items);
    }
    expect(objectsOf('json', chunksOf(bytes, 1))).toEqual(items);
  });

  it('items are the same wherever the compact body is cut into three chunks', () => {
    const items = smallList();
    const bytes = Buffer.from(stringify({ kind: 'List', apiVersion: 'v1', items }) ?? '');
    for (let first = 0; first <= bytes.length; first += 7) {
      for (let second = first; second <= bytes.length; second += 11) {
        expect(objectsOf('json', cutAt(bytes, first, second)), `cut at bytes ${first} and ${second}`).toEqual(items);
      }
    }
  });

  it.each([
    ['NodeList', 'v1', [kubectlNode('a'), kubectlNode('b')]],
    ['PodList', 'v1', [kubectlPod('a'), kubectlPod('b')]],
    ['List', 'v1', []],
  ])('a %s yields its items', (kind, apiVersion, items) => {
    const text = JSON.stringify({ kind, apiVersion, metadata: { resourceVersion: '482913' }, items });
    expect(objectsOf('json', chunksOf(text, 333))).toEqual(items);
  });

  it('a single object (`kubectl get node worker-1 -o json`) yields itself', () => {
    const node = kubectlNode();
    const text = JSON.stringify(node, null, 4);
    const [entry] = readAll('json', `${text}\n`);
    // `bytes`: what it took of the body, for the import's size limit.
    expect(entry).toEqual({ ok: true, object: node, position: { document: 0, offset: 0, line: 1 }, bytes: Buffer.byteLength(text) });
  });

  it('objects one after the other (`kubectl get pods -w -o json`) are documents of their own', () => {
    const pods = [kubectlPod('a'), kubectlPod('b'), kubectlPod('c')];
    const text = pods.map((pod) => JSON.stringify(pod, null, 4)).join('\n');
    const entries = readAll('json', chunksOf(text, 500));
    expect(entries.map((e) => e.ok && e.object)).toEqual(pods);
    expect(entries.map((e) => [e.position.document, e.position.item])).toEqual([
      [0, undefined],
      [1, undefined],
      [2, undefined],
    ]);
  });

  it('a List and objects may follow each other', () => {
    const list = JSON.stringify({ apiVersion: 'v1', items: [kubectlNode('a')], kind: 'List' });
    const text = `${list}\n${JSON.stringify(kubectlPod('p'))}`;
    expect(objectsOf('json', text)).toEqual([kubectlNode('a'), kubectlPod('p')]);
  });

  it('an object with an items array must be a List: its entries are read as they arrive, and its kind comes after them', () => {
    // No Node or Pod has an `items` field; kubectl prints a List's kind after its items.
    const odd = { apiVersion: 'example.com/v1', kind: 'Inventory', metadata: { name: 'x' }, items: [{ a: 1 }] };
    expect(() => objectsOf('json', JSON.stringify(odd))).toThrow(
      new UnreadableBodyError(
        'an object with an "items" array is read as a List, and must be one (kind List, NodeList or PodList, as kubectl prints), not kind "Inventory"',
        {
          document: 0,
          offset: 0,
          line: 1,
        },
      ),
    );
    expect(() => objectsOf('json', JSON.stringify({ items: [kubectlNode()] }))).toThrow(/not an object without a kind/);
  });

  it('of two "items" keys the last counts, as with JSON.parse: a List whose last one is no array is refused', () => {
    const text = '{"kind":"List","items":[{"kind":"Node"}],"items":null}';
    expect(() => objectsOf('json', text)).toThrow(/a List whose last "items" key is not an array/);
  });

  it('a string holding NUL spoils its object alone; a lone surrogate is read as U+FFFD, as Go reads it', () => {
    const text = kubectlJson([
      { kind: 'Node', metadata: { name: 'nul', annotations: { a: 'x\u0000y' } } },
      { kind: 'Node', metadata: { name: 'lone', annotations: { a: 'x\ud800y' } } },
    ]);
    const [nul, lone] = readAll('json', text);
    expect(nul).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^metadata\.annotations\.a: Invalid value: "x\\x00y": may not contain the NUL/),
      position: { item: 0 },
    });
    expect(lone).toMatchObject({ ok: true, object: { metadata: { annotations: { a: 'x\ufffdy' } } } });
  });

  it('"items" written with an escape is still items', () => {
    expect(objectsOf('json', '{"kind":"List","\\u0069tems":[{"kind":"Node"},{"kind":"Pod"}]}')).toEqual([{ kind: 'Node' }, { kind: 'Pod' }]);
  });

  it('integers beyond 2^53 are kept exactly, as bigints; others are numbers', () => {
    const pod = kubectlPod();
    const text = kubectlJson([pod]).replace('"tolerationSeconds": 300', '"tolerationSeconds": 9223372036854775807');
    const [object] = objectsOf('json', chunksOf(text, 64)) as [typeof pod];
    expect(object.spec.tolerations[0]?.tolerationSeconds).toBe(9223372036854775807n);
    expect(object.spec.tolerations[1]?.tolerationSeconds).toBe(300);
    expect(object.spec.terminationGracePeriodSeconds).toBe(30);
  });

  it.each([
    ['a single object', '{"kind":"Pod","spec":{"priority":-9223372036854775808}}', [{ kind: 'Pod', spec: { priority: -9223372036854775808n } }]],
    ['a List entry that is a number', '{"kind":"List","items":[9223372036854775807, 12]}', [9223372036854775807n, 12]],
    ['16 digits, 2^53 - 1 and 2^53', '{"kind":"List","items":[{"a":9007199254740991,"b":9007199254740992}]}', [{ a: 9007199254740991, b: 9007199254740992n }]],
    ['a float with many digits', '{"kind":"List","items":[{"a":0.12345678901234567,"b":1e30}]}', [{ a: Number('0.12345678901234567'), b: 1e30 }]],
    ['digits in a string', '{"kind":"List","items":[{"uid":"12345678901234567890"}]}', [{ uid: '12345678901234567890' }]],
  ])('integers beyond 2^53 in %s', (_name, text, expected) => {
    for (let cut = 0; cut <= text.length; cut++) expect(objectsOf('json', cutAt(text, cut)), `cut at byte ${cut}`).toEqual(expected);
  });

  it('a body that is empty, or only whitespace, holds no objects', () => {
    expect(readAll('json', [])).toEqual([]);
    expect(readAll('json', ' \n\t\r\n')).toEqual([]);
  });

  it('a UTF-8 byte order mark is skipped; a UTF-16 one is refused', () => {
    const node = kubectlNode();
    expect(objectsOf('json', [Buffer.from([0xef, 0xbb]), Buffer.from([0xbf]), Buffer.from(JSON.stringify(node))])).toEqual([node]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(node), 'utf16le')]);
    expect(() => readAll('json', [utf16])).toThrow(/the body is UTF-16 .*: send it as UTF-8, at document 0 \(line 1, byte 0\)/);
  });

  describe('what is refused: the whole body, with where', () => {
    /** The error reading `text` throws. */
    function refusal(text: string, chunkSize = 100): UnreadableBodyError {
      try {
        readAll('json', chunksOf(text, chunkSize));
      } catch (error) {
        if (error instanceof UnreadableBodyError) return error;
        throw error;
      }
      throw new Error('the body was read');
    }

    it('malformed JSON in an item: the item, its byte offset and its line', () => {
      const text = kubectlJson([kubectlNode('a'), kubectlPod('b'), kubectlPod('c')]);
      const broken = text.replace('"restartPolicy": "Always",', '"restartPolicy": "Always"'); // in item 1 (the first pod)
      const error = refusal(broken);
      const offset = Buffer.from(broken).indexOf('"schedulerName"');
      expect(error.reason).toBe(`malformed JSON: Comma ',' expected after value but got '"'`);
      expect(error.position).toEqual({ document: 0, item: 1, offset, line: broken.slice(0, offset).split('\n').length });
      expect(error.message).toBe(`${error.reason}, at document 0, item 1 (line ${error.position.line}, byte ${offset})`);
    });

    it('the byte offset counts bytes, not characters, after multi-byte characters', () => {
      const text = kubectlJson([trickyNode(), { kind: 'Pod', spec: { hostNetwork: 'TRUE' } }]).replace('"TRUE"', 'tru');
      const error = refusal(text);
      expect(error.reason).toBe("malformed JSON: Object value expected after ':'");
      expect(error.position.offset).toBe(Buffer.from(text).indexOf('tru\n'));
      expect(error.position.offset).toBeGreaterThan(text.indexOf('tru\n'));
    });

    it.each([
      ['a top-level array', '[{"kind":"Node"}]', /a JSON array at the top level is not a Kubernetes object/, 0],
      ['a top-level string', '"Node"', /expected a JSON object \('\{'\) but found '"'/, 0],
      ['garbage after an object', '{"kind":"Node"} x', /expected a JSON object \('\{'\) but found 'x', at document 1 /, 16],
      ['a stray closing brace', '{"kind":"Node"}}', /but found '\}'/, 15],
      ['a body cut short in a string', '{"kind":"List","items":[{"kind":"No', /the body ends inside a string: the JSON is cut short/, 35],
      ['a body cut short after an item', '{"kind":"List","items":[{"kind":"Node"},', /the body ends with 2 object\(s\) or array\(s\) still open/, 40],
      ['a trailing comma in items', '{"kind":"List","items":[{"kind":"Node"},]}', /a comma before the end of the "items" array/, 40],
      ['an empty entry in items', '{"kind":"List","items":[,{"kind":"Node"}]}', /an empty entry in the "items" array/, 24],
      [
        'two items with no comma between',
        '{"kind":"List","items":[{"kind":"Node"} {"kind":"Pod"}]}',
        /malformed JSON: Expected end of input but got '\{', at document 0, item 0/,
        40,
      ],
      ['items closed by a brace', '{"kind":"List","items":[{"kind":"Node"}}', /the "items" array is closed by '\}'/, 39],
      ['malformed JSON around the items', '{"kind":"List" "items":[{"kind":"Node"}]}', /malformed JSON: Comma ',' expected after value but got '"'/, 15],
      [
        'malformed JSON after the items',
        '{"kind":"List","items":[{"kind":"Node"}],"metadata":{]}',
        /malformed JSON: Quoted object key expected but got '\]'/,
        53,
      ],
    ])('%s', (_name, text, reason, offset) => {
      const error = refusal(text, 7);
      expect(error.message).toMatch(reason);
      expect(error.position.offset).toBe(offset);
    });

    it.each([
      ['a __proto__ key', '{"kind":"Pod","metadata":{"labels":{"__proto__":{"polluted":"yes"}}}}'],
      ['an escaped __proto__ key', '{"kind":"Pod","metadata":{"labels":{"\\u005f_proto__":{"polluted":"yes"}}}}'],
      ['a constructor.prototype key', '{"kind":"Pod","metadata":{"constructor":{"prototype":{"polluted":"yes"}}}}'],
    ])('%s in a List item, as fastify refuses it', (_name, pod) => {
      const text = `{"apiVersion":"v1","items":[{"kind":"Node"},${pod}],"kind":"List"}`;
      const error = refusal(text);
      expect(error.reason).toMatch(/refused as prototype poisoning/);
      expect(error.position).toEqual({ document: 0, item: 1, offset: text.indexOf('{"kind":"Pod"'), line: 1 });
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });

    it('a __proto__ key beside the items, in the List itself', () => {
      const error = refusal('{"kind":"List","__proto__":{"polluted":"yes"},"items":[{"kind":"Node"}]}');
      expect(error.reason).toMatch(/refused as prototype poisoning/);
      expect(error.position).toEqual({ document: 0, offset: 0, line: 1 });
    });

    it('objects before the error have been handed out by then', () => {
      const text = `${JSON.stringify(kubectlNode('a'))}\n${JSON.stringify(kubectlNode('b'))}\n{"kind":`;
      const entries: unknown[] = [];
      expect(() => {
        for (const entry of readWholeBody('json', [Buffer.from(text)])) entries.push(entry);
      }).toThrow(UnreadableBodyError);
      expect(entries).toHaveLength(2);
    });
  });
});

describe('reading a JSON body as it arrives (import/kubectl-objects.ts)', () => {
  /** A body whose chunks the test hands over one at a time, when it says. */
  function arriving() {
    const chunks: Buffer[] = [];
    let wake: (() => void) | undefined;
    let ended = false;
    const body = {
      format: 'json' as const,
      bytes: undefined,
      chunks: {
        async *[Symbol.asyncIterator]() {
          for (;;) {
            const chunk = chunks.shift();
            if (chunk) yield chunk;
            else if (ended) return;
            else await new Promise<void>((resolve) => (wake = resolve));
          }
        },
      },
    };
    const send = (bytes: string | Buffer) => {
      chunks.push(Buffer.from(bytes));
      wake?.();
    };
    const end = () => {
      ended = true;
      wake?.();
    };
    return { body, send, end };
  }

  it("hands out each entry of a List once it has arrived, before the List's end (and its kind) has", async () => {
    const { body, send, end } = arriving();
    const reader = readKubectlObjects(body);
    const text = kubectlJson([kubectlNode('a'), kubectlPod('p')]);
    const secondItem = readAll('json', text)[1]?.position.offset ?? 0;
    // The first entry and the start of the second: the first is handed out.
    send(text.slice(0, secondItem));
    const first = await reader.next();
    expect(first.value).toMatchObject({ ok: true, object: kubectlNode('a'), position: { document: 0, item: 0 } });
    send(text.slice(secondItem));
    end();
    expect((await reader.next()).value).toMatchObject({ ok: true, object: kubectlPod('p'), position: { item: 1 } });
    expect((await reader.next()).done).toBe(true);
  });

  it('the same entries, positions and errors as a body read whole, wherever it is cut', async () => {
    const text = `${kubectlJson([trickyNode('a'), kubectlPod('p')])}${JSON.stringify(kubectlNode('b'))}`;
    const whole = readAll('json', text);
    for (const size of [1, 7, 100, 4096]) {
      const { body, send, end } = arriving();
      // Cut anywhere, a multi-byte character's bytes too.
      for (const chunk of chunksOf(text, size)) send(chunk);
      end();
      const entries: unknown[] = [];
      for await (const entry of readKubectlObjects(body)) entries.push(entry);
      expect(entries).toEqual(whole);
    }
  });

  it('a body cut short fails at its end, after the entries that arrived whole', async () => {
    const { body, send, end } = arriving();
    const text = kubectlJson([kubectlNode('a'), kubectlNode('b')]);
    // Cut inside the second entry.
    send(text.slice(0, (readAll('json', text)[1]?.position.offset ?? 0) + 40));
    end();
    const entries: unknown[] = [];
    await expect(async () => {
      for await (const entry of readKubectlObjects(body)) entries.push(entry);
    }).rejects.toThrow(/the JSON is cut short/);
    expect(entries).toHaveLength(1);
  });
});
