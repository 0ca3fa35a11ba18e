import { describe, expect, it } from 'vitest';
import { kubectlJson } from './kubectl-json';
import { kubectlYaml } from './kubectl-yaml';

/**
 * kubectl 1.32.5's own output for one object (`kubectl label --local -f golden.json zzz- -o yaml`
 * and `-o json`): go-yaml v2's quoting, folding at column 80, literal blocks and non-indented
 * sequences; Go's JSON escapes.
 */
const golden = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    annotations: {
      a: 'x\ny',
      b: 'line\n',
      c: '  lead',
      z: '1 && <b>',
    },
    labels: {
      app: 'x',
    },
    name: 'golden',
  },
  spec: {
    a: [],
    b: {},
    containers: [],
    list: [
      '- x',
      [1, 2],
      {
        k: 'v',
      },
      {},
    ],
    nested: [
      {
        a: {
          b: 'c',
        },
      },
    ],
  },
  status: {
    b60: '1:20',
    c: 'a: b',
    colon: 'a:b',
    d: '2025-10-01',
    dash: '-x',
    e: '',
    f: '1.5',
    h: '0x1F',
    hash: 'a #b',
    j: '{"a":1}',
    long: 'aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd eeeeeeeeee ffffffffff gggggggggg hhhhhhhhhh iiiiiiiiii jjjjjjjjjj',
    msg: "0/20 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint {karpenter.sh/disrupted: }, 1 node(s) had untolerated taint {karpenter.sh/unregistered: }, 11 node(s) didn't match Pod's node affinity/selector.",
    n: '110',
    null: null,
    num: 3607,
    o: '0755',
    ok: 'true',
    on: 'On',
    pct: '100%',
    q: "it's",
    s: '- x',
    star: '*x',
    t: '2025-10-01T08:12:45Z',
    t2: true,
    tail: 'x ',
    tilde: '~',
    v: 'v1.32',
    x: '1e3',
    yes: 'yes',
  },
} as const;

const kubectlOutput =
  [
    'apiVersion: v1',
    'kind: Pod',
    'metadata:',
    '  annotations:',
    '    a: |-',
    '      x',
    '      y',
    '    b: |',
    '      line',
    "    c: '  lead'",
    '    z: 1 && <b>',
    '  labels:',
    '    app: x',
    '  name: golden',
    'spec:',
    '  a: []',
    '  b: {}',
    '  containers: []',
    '  list:',
    "  - '- x'",
    '  - - 1',
    '    - 2',
    '  - k: v',
    '  - {}',
    '  nested:',
    '  - a:',
    '      b: c',
    'status:',
    '  b60: "1:20"',
    "  c: 'a: b'",
    '  colon: a:b',
    '  d: "2025-10-01"',
    '  dash: -x',
    '  e: ""',
    '  f: "1.5"',
    '  h: "0x1F"',
    "  hash: 'a #b'",
    '  j: \'{"a":1}\'',
    '  long: aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd eeeeeeeeee ffffffffff gggggggggg',
    '    hhhhhhhhhh iiiiiiiiii jjjjjjjjjj',
    "  msg: '0/20 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated",
    '    taint {karpenter.sh/disrupted: }, 1 node(s) had untolerated taint {karpenter.sh/unregistered:',
    "    }, 11 node(s) didn''t match Pod''s node affinity/selector.'",
    '  "n": "110"',
    '  "null": null',
    '  num: 3607',
    '  o: "0755"',
    '  ok: "true"',
    '  "on": "On"',
    '  pct: 100%',
    "  q: it's",
    "  s: '- x'",
    "  star: '*x'",
    '  t: "2025-10-01T08:12:45Z"',
    '  t2: true',
    "  tail: 'x '",
    '  tilde: "~"',
    '  v: v1.32',
    '  x: "1e3"',
    '  "yes": "yes"',
  ].join('\n') + '\n';

describe('kubectlYaml and kubectlJson', () => {
  it('print what kubectl 1.32 prints', () => {
    expect(kubectlYaml(golden)).toBe(kubectlOutput);
    expect(kubectlJson(golden)).toBe(
      '{\n    "apiVersion": "v1",\n    "kind": "Pod",\n    "metadata": {\n        "annotations": {\n            "a": "x\\ny",\n            "b": "line\\n",\n            "c": "  lead",\n            "z": "1 \\u0026\\u0026 \\u003cb\\u003e"\n        },\n        "labels": {\n            "app": "x"\n        },\n        "name": "golden"\n    },\n    "spec": {\n        "a": [],\n        "b": {},\n        "containers": [],\n        "list": [\n            "- x",\n            [\n                1,\n                2\n            ],\n            {\n                "k": "v"\n            },\n            {}\n        ],\n        "nested": [\n            {\n                "a": {\n                    "b": "c"\n                }\n            }\n        ]\n    },\n    "status": {\n        "b60": "1:20",\n        "c": "a: b",\n        "colon": "a:b",\n        "d": "2025-10-01",\n        "dash": "-x",\n        "e": "",\n        "f": "1.5",\n        "h": "0x1F",\n        "hash": "a #b",\n        "j": "{\\"a\\":1}",\n        "long": "aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd eeeeeeeeee ffffffffff gggggggggg hhhhhhhhhh iiiiiiiiii jjjjjjjjjj",\n        "msg": "0/20 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint {karpenter.sh/disrupted: }, 1 node(s) had untolerated taint {karpenter.sh/unregistered: }, 11 node(s) didn\'t match Pod\'s node affinity/selector.",\n        "n": "110",\n        "null": null,\n        "num": 3607,\n        "o": "0755",\n        "ok": "true",\n        "on": "On",\n        "pct": "100%",\n        "q": "it\'s",\n        "s": "- x",\n        "star": "*x",\n        "t": "2025-10-01T08:12:45Z",\n        "t2": true,\n        "tail": "x ",\n        "tilde": "~",\n        "v": "v1.32",\n        "x": "1e3",\n        "yes": "yes"\n    }\n}\n',
    );
  });
});
