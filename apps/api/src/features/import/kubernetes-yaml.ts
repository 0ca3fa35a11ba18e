import {
  type CollectionTag,
  type DocumentOptions,
  type ParseOptions,
  type ScalarTag,
  type SchemaOptions,
  type Tags,
  type ToJSOptions,
  parseDocument,
} from 'yaml';

/**
 * YAML read as Kubernetes reads it. kube-apiserver and kubectl turn YAML into JSON with
 * sigs.k8s.io/yaml (YAMLToJSON): go-yaml v2 resolves each plain scalar by YAML 1.1's rules, and
 * the result is written out as JSON. The `yaml` package (eemeli/yaml) in YAML 1.1 mode matches
 * that for what a Kubernetes object holds, with these changes, each what go-yaml v2 does:
 *
 * - timestamps stay strings: `creationTimestamp: 2024-01-01T00:00:00Z` unquoted is the string
 *   it reads as (go-yaml resolves it as a timestamp, then hands an interface{} target the
 *   original text "for backward compatibility"; kubectl quotes them anyway);
 * - sexagesimal numbers are strings: `10:30` is "10:30" (go-yaml "purposefully" leaves base 60
 *   out; YAML 1.1 would read 630);
 * - integers beyond 2^53 are kept exactly, as bigints (go-yaml keeps int64, uint64 and big.Int,
 *   and JSON carries their digits), as exact-json.ts keeps them in JSON bodies;
 * - `0o17` is an integer (15), as Go's strconv.ParseInt reads it; `0755` is octal (493) in both;
 * - a float needs a digit: `.` alone (a key in every object's managedFields, `.: {}`, which go-yaml
 *   prints unquoted) is the string ".", where YAML 1.1's float pattern reads NaN;
 * - `.nan` and `.inf` make the object unreadable: JSON has no such numbers, and YAMLToJSON fails
 *   on them (json.Marshal: unsupported value);
 * - `!!binary`, `!!set`, `!!omap` and `!!pairs` are not resolved (the value stays a string, map
 *   or list, which JSON can hold); sigs.k8s.io/yaml does not support binary either.
 *
 * Unchanged from YAML 1.1, as in go-yaml: `yes`, `no`, `on`, `off`, `y`, `n` (and their
 * capitalized forms) are booleans, so `value: yes` in a taint is `true` and is then refused where
 * a string is required, exactly as Kubernetes refuses it; quote them to mean the string. `~`,
 * `null` and an empty value are null. `<<` merge keys are merged. A key given twice keeps its last
 * value, as go-yaml's non-strict decoding (YAMLToJSON) and JSON.parse do (kube-apiserver's strict
 * field validation would refuse it; JSON bodies here keep the last value too).
 */

const INT_TAG = 'tag:yaml.org,2002:int';
const FLOAT_TAG = 'tag:yaml.org,2002:float';

/** Tags that go-yaml v2 does not resolve, or resolves to nothing JSON can hold (see above). */
const LEFT_OUT = new Set([
  'tag:yaml.org,2002:timestamp',
  'tag:yaml.org,2002:binary',
  'tag:yaml.org,2002:set',
  'tag:yaml.org,2002:omap',
  'tag:yaml.org,2002:pairs',
]);

/** A number as JSON.parse would hold it, or a bigint where that would round (beyond 2^53). */
function exactInteger(value: bigint): number | bigint {
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : value;
}

/** One of YAML 1.1's integer tags (decimal, octal, hex, binary), with integers beyond 2^53 kept exactly. */
function exactIntegerTag(tag: ScalarTag): ScalarTag {
  return { ...tag, resolve: (text, onError, options) => exactInteger(tag.resolve(text, onError, { ...options, intAsBigInt: true }) as bigint) };
}

/** Go's `0o` octal (strconv.ParseInt with base 0), which YAML 1.1 does not have. */
const goOctalTag: ScalarTag = {
  identify: (value) => typeof value === 'bigint' || Number.isInteger(value),
  default: true,
  tag: INT_TAG,
  test: /^[-+]?0o[0-7_]+$/,
  resolve: (text) => {
    const negative = text.startsWith('-');
    const digits = text.replace(/^[-+]?0o/, '').replace(/_/g, '');
    const value = BigInt(`0o${digits}`);
    return exactInteger(negative ? -value : value);
  },
};

/**
 * YAML 1.1's float patterns, less what has no digit (`.`, `.e5`), which Go's strconv.ParseFloat
 * refuses and go-yaml then keeps as a string. Integers are matched before (the int tags come first).
 */
const GO_FLOAT = /^[-+]?(?:\.[0-9][0-9_]*|[0-9][0-9_]*\.[0-9_]*)$/;
const GO_FLOAT_EXPONENT = /^[-+]?(?:\.[0-9][0-9_]*|[0-9][0-9_]*(?:\.[0-9_]*)?)[eE][-+]?[0-9]+$/;

function goFloatTag(tag: ScalarTag): ScalarTag {
  if (tag.test?.test('.nan') === true) return notJsonTag(tag);
  return { ...tag, test: tag.format === 'EXP' ? GO_FLOAT_EXPONENT : GO_FLOAT };
}

/** `.nan`, `.inf`, `-.inf`: an error on the object, as JSON cannot hold them. */
function notJsonTag(tag: ScalarTag): ScalarTag {
  return {
    ...tag,
    resolve: (text, onError) => {
      onError(`${text} is not a number JSON can hold: Kubernetes refuses it too`);
      return text;
    },
  };
}

/** YAML 1.1's tags as go-yaml v2 resolves them (see above). The schema hands over tag objects; a tag's name is kept as it is. */
function kubernetesTags(tags: Tags): Tags {
  const kept: Tags = [];
  for (const tag of tags) {
    if (typeof tag === 'string') kept.push(tag);
    else if (LEFT_OUT.has(tag.tag) || tag.format === 'TIME') continue;
    else if (tag.tag === INT_TAG && isScalarTag(tag)) kept.push(exactIntegerTag(tag));
    else if (tag.tag === FLOAT_TAG && isScalarTag(tag)) kept.push(goFloatTag(tag));
    else kept.push(tag);
  }
  // Before the decimal integer tag, whose test does not match it anyway.
  kept.unshift(goOctalTag);
  return kept;
}

const isScalarTag = (tag: ScalarTag | CollectionTag): tag is ScalarTag => !('collection' in tag) || tag.collection === undefined;

const KUBERNETES_YAML: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.1',
  schema: 'yaml-1.1',
  customTags: kubernetesTags,
  merge: true,
  uniqueKeys: false,
  // Positions are given by the caller, in lines of the whole body, not of the piece parsed.
  prettyErrors: false,
};

/** What a document holds as JSON would (`maxAliasCount`: yaml's default guard against alias bombs). */
const TO_JSON: ToJSOptions = { maxAliasCount: 100 };

/** A YAML text parsed as Kubernetes parses it: its value, or its first error and where it is (index in the text). */
export type KubernetesYaml = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string; readonly index: number };

/** One YAML document (the text may hold only one), as Kubernetes reads it. */
export function parseKubernetesYaml(text: string): KubernetesYaml {
  const document = parseDocument(text, KUBERNETES_YAML);
  const [error] = document.errors;
  if (error !== undefined) return { ok: false, message: error.message, index: error.pos[0] };
  try {
    return { ok: true, value: document.toJS(TO_JSON) };
  } catch (thrown) {
    // toJS throws on too many aliases, the one error not known before.
    return { ok: false, message: thrown instanceof Error ? thrown.message : String(thrown), index: 0 };
  }
}

/**
 * The longest YAML piece (a document, or a List entry) read at all: a Kubernetes object is at most
 * 1.5 MiB (etcd's limit), and kubectl writes a List in block style, split into its entries; what is
 * longer is a flow-style List of everything or no object at all, read at under 1 MB/s.
 */
const MAX_YAML_PIECE_BYTES = 8 * 1024 * 1024;

/** How deep flow collections (`[...]`, `{...}`) may nest in a piece, as a JSON body may (edge/json-depth.ts). */
const MAX_FLOW_DEPTH = 100;

const OPENERS = new Set(['[', '{']);
const CLOSERS = new Set([']', '}']);

/**
 * Why a piece is not read, before the parser spends seconds on it (or exhausts its stack): longer
 * than MAX_YAML_PIECE_BYTES, or flow collections nested deeper than MAX_FLOW_DEPTH (counted outside
 * quotes and comments; a plain scalar's brackets may be miscounted, so the limit is far above any
 * object's). Undefined: read it.
 */
export function yamlPieceRefusal(text: string): Extract<KubernetesYaml, { ok: false }> | undefined {
  if (text.length > MAX_YAML_PIECE_BYTES)
    return {
      ok: false,
      message: `${text.length} characters in one YAML document or List entry, more than ${MAX_YAML_PIECE_BYTES} (a Kubernetes object is at most 1.5 MiB): send what kubectl prints (block style), or JSON`,
      index: 0,
    };
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === "'" && depth > 0) {
      for (i++; i < text.length && text[i] !== "'"; i++);
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1] as string))) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (OPENERS.has(c)) {
      if (++depth > MAX_FLOW_DEPTH) return { ok: false, message: `flow collections nested more than ${MAX_FLOW_DEPTH} deep`, index: i };
    } else if (CLOSERS.has(c) && depth > 0) depth--;
  }
  return undefined;
}
