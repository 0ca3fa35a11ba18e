import { stringify as stringifyYaml } from 'yaml';
import { kubectlNode, kubectlPod } from '../../../../support/kubectl-objects';

/**
 * What `kubectl get nodes,pods -A -o json` (or `-o yaml`) prints for a generated cluster, as the
 * chunks a socket would deliver it in: a `kind: List` of nodes then pods, each a real kubectl
 * object with its own name, indented as kubectl's printers indent (4 spaces in JSON, items at
 * column 0 in YAML). Big enough to pass V8's longest string (~512 MiB) without ever being one string.
 */
export interface GeneratedList {
  readonly chunks: Buffer[];
  readonly bytes: number;
  readonly objects: number;
}

export interface ListShape {
  readonly nodes: number;
  readonly pods: number;
  /** Size of each chunk but the last (64 KiB unless given). */
  readonly chunkBytes?: number;
  /** One object in this many carries a note in multi-byte UTF-8 (every one unless given). */
  readonly multiByteEvery?: number;
}

/** A name the templates hold in place of each object's own, replaced while writing. */
const NAME = 'generated-object-name';

/** A note in a language that UTF-8 writes in several bytes per character, so that characters straddle chunks. */
const MULTI_BYTE_NOTE = 'nœud réservé — ノード予約済み 🚀';
const ASCII_NOTE = 'reserved node';

export function kubectlJsonList(shape: ListShape): GeneratedList {
  const writer = new ChunkWriter(shape.chunkBytes);
  writer.write('{\n    "apiVersion": "v1",\n    "items": [\n');
  let first = true;
  for (const [name, template] of objectTemplates(shape, jsonTemplate)) {
    writer.write(first ? '' : ',\n');
    writer.write(template.join(name));
    first = false;
  }
  writer.write('\n    ],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n');
  return { ...writer.finish(), objects: shape.nodes + shape.pods };
}

export function kubectlYamlList(shape: ListShape): GeneratedList {
  const writer = new ChunkWriter(shape.chunkBytes);
  writer.write('apiVersion: v1\nitems:\n');
  for (const [name, template] of objectTemplates(shape, yamlTemplate)) writer.write(template.join(name));
  writer.write('kind: List\nmetadata:\n  resourceVersion: ""\n');
  return { ...writer.finish(), objects: shape.nodes + shape.pods };
}

/** Each object's name and template: the nodes, then the pods. */
function* objectTemplates(shape: ListShape, format: (object: unknown) => string[]): Generator<[string, string[]]> {
  const every = shape.multiByteEvery ?? 1;
  const templates = (note: string) => ({ node: format(nodeWith(note)), pod: format(podWith(note)) });
  const [plain, multiByte] = [templates(ASCII_NOTE), templates(MULTI_BYTE_NOTE)];
  for (let index = 0; index < shape.nodes + shape.pods; index++) {
    const { node, pod } = index % every === 0 ? multiByte : plain;
    yield index < shape.nodes ? [`worker-${index}`, node] : [`web-${index - shape.nodes}`, pod];
  }
}

function nodeWith(note: string) {
  const node = kubectlNode(NAME);
  return { ...node, metadata: { ...node.metadata, annotations: { ...node.metadata.annotations, 'example.com/note': note } } };
}

function podWith(note: string) {
  const pod = kubectlPod(NAME);
  return { ...pod, metadata: { ...pod.metadata, annotations: { 'example.com/note': note } } };
}

/** The object as an entry of kubectl's JSON List (4-space indent, at depth 2), split where its name goes. */
function jsonTemplate(object: unknown): string[] {
  return `        ${JSON.stringify(object, null, 4).replace(/\n/g, '\n        ')}`.split(NAME);
}

/** The object as an entry of kubectl's YAML List (`- ` at column 0), split where its name goes. */
function yamlTemplate(object: unknown): string[] {
  const lines = stringifyYaml(object).trimEnd().split('\n');
  return `${lines.map((line, index) => (index === 0 ? `- ${line}` : `  ${line}`)).join('\n')}\n`.split(NAME);
}

/** Writes text into fixed-size chunks, splitting it (and its characters) wherever a chunk fills. */
class ChunkWriter {
  private readonly chunks: Buffer[] = [];
  private current: Buffer;
  private used = 0;
  private bytes = 0;

  constructor(private readonly chunkBytes = 64 * 1024) {
    this.current = Buffer.allocUnsafe(chunkBytes);
  }

  write(text: string): void {
    const encoded = Buffer.from(text);
    for (let from = 0; from < encoded.length;) {
      const copied = encoded.copy(this.current, this.used, from);
      from += copied;
      this.used += copied;
      if (this.used === this.chunkBytes) this.flush();
    }
    this.bytes += encoded.length;
  }

  finish(): { chunks: Buffer[]; bytes: number } {
    if (this.used > 0) this.chunks.push(this.current.subarray(0, this.used));
    return { chunks: this.chunks, bytes: this.bytes };
  }

  private flush(): void {
    this.chunks.push(this.current);
    this.current = Buffer.allocUnsafe(this.chunkBytes);
    this.used = 0;
  }
}
