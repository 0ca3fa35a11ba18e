import { type Failure, failure } from '../failures/failure';
import { type Result, err, ok } from '../failures/result';
import { goFormat, goTypeOf, isJsonMap, setMember } from './go-values';
import { type PatchSchema, type PatchSchemaTable, lookupField } from './patch-strategies';

/**
 * Strategic merge patch as kube-apiserver applies it: a port of the apply half of
 * k8s.io/apimachinery/pkg/util/strategicpatch/patch.go (StrategicMergeMapPatch -> mergeMap,
 * mergeSlice, mergePatchIntoOriginal), with MergeOptions{MergeParallelList: true,
 * IgnoreUnmatchedNulls: true}, the server's options. The client half (CreateTwoWayMergePatch,
 * CreateThreeWayMergePatch) is kubectl's business: we receive what it computed.
 *
 * Directives: `$patch: replace|delete|merge`, `$retainKeys`, `$deleteFromPrimitiveList/<field>`,
 * `$setElementOrder/<field>`. Ref: https://git.k8s.io/community/contributors/devel/sig-api-machinery/strategic-merge-patch.md
 */

type JsonMap = Record<string, unknown>;

const DIRECTIVE_MARKER = '$patch';
const DELETE_DIRECTIVE = 'delete';
const REPLACE_DIRECTIVE = 'replace';
const MERGE_DIRECTIVE = 'merge';
const RETAIN_KEYS_DIRECTIVE = '$retainKeys';
const DELETE_FROM_PRIMITIVE_LIST_PREFIX = '$deleteFromPrimitiveList';
const SET_ELEMENT_ORDER_PREFIX = '$setElementOrder';

/**
 * How the API server answers each error (handlers/patch.go, interpretStrategicMergePatchError):
 * mergepatch's format errors are 400; lists of lists are 422 with apierrors' generic words; any
 * other error reaches the client as a 500 with its text, which we answer as a 400 with the same
 * text, the fault being the patch's.
 */
type Answer = 'badRequest' | 'unprocessable';

/** Thrown inside the recursion only, caught by strategicMergePatch: threading a Result through every level would bury the port's logic. */
class PatchError extends Error {
  constructor(
    message: string,
    readonly answer: Answer = 'badRequest',
  ) {
    super(message);
  }
}

// k8s.io/apimachinery/pkg/util/mergepatch/errors.go
const errNoListOfLists = () => new PatchError('lists of lists are not supported', 'unprocessable');
const errBadPatchFormatForPrimitiveList = () => new PatchError('invalid patch format of primitive list');
const errBadPatchFormatForRetainKeys = () => new PatchError('invalid patch format of retainKeys');
const errBadPatchFormatForSetElementOrderList = () => new PatchError('invalid patch format of setElementOrder list');
const errNoMergeKey = (m: JsonMap, key: string) => new PatchError(`map: ${goFormat(m)} does not contain declared merge key: ${key}`);
const errBadArgType = (expected: string, actual: unknown) => new PatchError(`expected a ${expected}, but received a ${goTypeOf(actual)}`);
const errBadPatchType = (t: unknown, m: JsonMap) => new PatchError(`unknown patch type: ${goFormat(t)} in map: ${goFormat(m)}`);

/** apierrors.NewGenericServerResponse(422, ...): the message is apierrors' own, and the server's text is dropped. */
export const UNPROCESSABLE_PATCH_MESSAGE = 'the server rejected our request due to an error in our request';

/** The Go struct a level of the document is (undefined: one with no tags below), and the table to look fields up in. */
interface Level {
  readonly types: PatchSchemaTable;
  readonly type: string | undefined;
}

/**
 * Applies `patch` to `original` by the strategies of `schema`. Neither argument is changed: the
 * merge works on copies, as apimachinery works on maps decoded for it.
 */
export function strategicMergePatch(original: JsonMap, patch: JsonMap, schema: PatchSchema): Result<JsonMap, Failure> {
  try {
    const merged = mergeMap(structuredClone(original), structuredClone(patch), { types: schema.types, type: schema.root });
    return ok(merged);
  } catch (e) {
    if (!(e instanceof PatchError)) throw e;
    return err(e.answer === 'unprocessable' ? { reason: 'Invalid', message: UNPROCESSABLE_PATCH_MESSAGE } : failure.badRequest(e.message));
  }
}

function mergeMap(original: JsonMap | undefined, patch: JsonMap, level: Level): JsonMap {
  if (Object.hasOwn(patch, DIRECTIVE_MARKER)) return handleDirectiveInMergeMap(patch[DIRECTIVE_MARKER], patch);
  const target = original ?? {};
  applyRetainKeysDirective(target, patch);
  mergePatchIntoOriginal(target, patch, level);

  for (const [patchKey, patchV] of Object.entries(patch)) {
    const isDeleteList = patchKey.startsWith(DELETE_FROM_PRIMITIVE_LIST_PREFIX);
    const k = isDeleteList ? extractKey(patchKey, DELETE_FROM_PRIMITIVE_LIST_PREFIX) : patchKey;

    // null deletes; a null for a key the original lacks is dropped (IgnoreUnmatchedNulls).
    if (patchV === null) {
      Reflect.deleteProperty(target, k);
      continue;
    }
    if (!Object.hasOwn(target, k) || goTypeOf(target[k]) !== goTypeOf(patchV)) {
      // Absent, or of another type: the patch value replaces it (a delete list has nothing to delete from).
      if (!isDeleteList) setPatchValue(target, k, patchV, true);
      continue;
    }
    const originalV = target[k];
    if (isJsonMap(originalV) && isJsonMap(patchV)) {
      const field = lookupField(level.types, level.type, k);
      setMember(target, k, field.strategy === REPLACE_DIRECTIVE ? patchV : mergeMap(originalV, patchV, { types: level.types, type: field.type }));
    } else if (Array.isArray(originalV) && Array.isArray(patchV)) {
      const field = lookupField(level.types, level.type, k);
      const merge = field.strategy === MERGE_DIRECTIVE || isDeleteList;
      setMember(target, k, merge ? mergeSlice(originalV, patchV, { types: level.types, type: field.type }, field.mergeKey, isDeleteList) : patchV);
    } else {
      setPatchValue(target, k, patchV, false);
    }
  }
  return target;
}

/** The patch's value in place of the original's, directives removed (and its nulls too where it is new). */
function setPatchValue(target: JsonMap, key: string, patchV: unknown, discardNulls: boolean): void {
  if (discardNulls) discardNullValuesFromPatch(patchV);
  const [value, keep] = removeDirectives(patchV);
  if (keep) setMember(target, key, value);
  else Reflect.deleteProperty(target, key);
}

function handleDirectiveInMergeMap(directive: unknown, patch: JsonMap): JsonMap {
  if (directive === REPLACE_DIRECTIVE) {
    // The map is the patch, as it is (its nested directives stay, as in apimachinery).
    Reflect.deleteProperty(patch, DIRECTIVE_MARKER);
    return patch;
  }
  if (directive === DELETE_DIRECTIVE) return {};
  throw errBadPatchType(directive, patch);
}

/** `$deleteFromPrimitiveList/finalizers` -> `finalizers` (strings.SplitN(s, "/", 2)). */
function extractKey(key: string, prefix: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) {
    throw prefix === DELETE_FROM_PRIMITIVE_LIST_PREFIX ? errBadPatchFormatForPrimitiveList() : errBadPatchFormatForSetElementOrderList();
  }
  return key.slice(slash + 1);
}

/**
 * `$retainKeys: [names]`: the original keeps only the keys named; every non-null key of the
 * patch (directives aside) must be named too.
 */
function applyRetainKeysDirective(original: JsonMap, patch: JsonMap): void {
  if (!Object.hasOwn(patch, RETAIN_KEYS_DIRECTIVE)) return;
  const retainKeys = patch[RETAIN_KEYS_DIRECTIVE];
  Reflect.deleteProperty(patch, RETAIN_KEYS_DIRECTIVE);
  if (!Array.isArray(retainKeys)) throw errBadPatchFormatForRetainKeys();
  const retained = new Set<unknown>(retainKeys);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || k.startsWith(DELETE_FROM_PRIMITIVE_LIST_PREFIX) || k.startsWith(SET_ELEMENT_ORDER_PREFIX)) continue;
    if (!retained.has(k)) throw errBadPatchFormatForRetainKeys();
  }
  for (const k of Object.keys(original)) {
    if (!retained.has(k)) Reflect.deleteProperty(original, k);
  }
}

/**
 * `$setElementOrder/<field>`: merges the field's list (if the patch has one) and orders the result:
 * the directive's order for the items it names, the live order for the others, interleaved.
 * Both the directive and the field leave the patch, so that mergeMap does not merge them again.
 * Ref: https://git.k8s.io/design-proposals-archive/cli/preserve-order-in-strategic-merge-patch.md
 */
function mergePatchIntoOriginal(original: JsonMap, patch: JsonMap, level: Level): void {
  for (const [key, order] of Object.entries(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER_PREFIX)) continue;
    Reflect.deleteProperty(patch, key);
    if (!Array.isArray(order)) throw errBadArgType('[]interface {}', order);
    const originalKey = extractKey(key, SET_ELEMENT_ORDER_PREFIX);
    const foundOriginal = Object.hasOwn(original, originalKey);
    const foundPatch = Object.hasOwn(patch, originalKey);
    const originalList = asList(original[originalKey], foundOriginal);
    const patchList = asList(patch[originalKey], foundPatch);
    const field = lookupField(level.types, level.type, originalKey);
    validatePatchWithSetOrderList(patchList, order, field.mergeKey);

    let merged: unknown[];
    if (foundOriginal && !foundPatch) merged = originalList;
    else if (!foundOriginal && foundPatch) merged = removeDirectives(patchList)[0] as unknown[];
    else if (foundOriginal && foundPatch) {
      merged =
        field.strategy === MERGE_DIRECTIVE ? mergeSlice(originalList, patchList, { types: level.types, type: field.type }, field.mergeKey, false) : patchList;
    } else continue;

    const [patchItems, serverOnlyItems] = partitionByPresence(merged, order, field.mergeKey);
    const kind = sliceElementKind(originalList, patchList);
    setMember(original, originalKey, normalizeElementOrder(patchItems, serverOnlyItems, order, originalList, field.mergeKey, kind));
    Reflect.deleteProperty(patch, originalKey);
  }
}

/** A list field's value, checked (an absent one is empty). */
function asList(value: unknown, found: boolean): unknown[] {
  if (!found) return [];
  if (!Array.isArray(value)) throw errBadArgType('[]interface {}', value);
  return value;
}

/**
 * The $setElementOrder list must name the patch's items (deletions aside) in the same relative
 * order; it may name more (items the patch leaves as they are).
 */
function validatePatchWithSetOrderList(patchList: unknown[], order: unknown[], mergeKey: string): void {
  if (order.length === 0 || patchList.length === 0) return;
  const nonDelete = mergeKey === '' ? patchList : extractToDeleteItems(patchList)[0];
  let patchIndex = 0;
  let orderIndex = 0;
  while (patchIndex < nonDelete.length && orderIndex < order.length) {
    if (containsDirectiveMarker(nonDelete[patchIndex])) {
      patchIndex++;
      continue;
    }
    if (mergeKeyValueEqual(nonDelete[patchIndex], order[orderIndex], mergeKey)) patchIndex++;
    orderIndex++;
  }
  if (patchIndex < nonDelete.length && orderIndex >= order.length) {
    throw new PatchError(`The order in patch list:\n${goFormat(patchList)}\n doesn't match ${SET_ELEMENT_ORDER_PREFIX} list:\n${goFormat(order)}\n`);
  }
}

const containsDirectiveMarker = (item: unknown): boolean => isJsonMap(item) && Object.hasOwn(item, DIRECTIVE_MARKER);

function mergeKeyValueEqual(left: unknown, right: unknown, mergeKey: string): boolean {
  if (mergeKey === '') return left === right;
  const l = mapWithMergeKey(left, mergeKey);
  const r = mapWithMergeKey(right, mergeKey);
  return l[mergeKey] === r[mergeKey];
}

function mapWithMergeKey(item: unknown, mergeKey: string): JsonMap {
  if (!isJsonMap(item)) throw errBadArgType('map[string]interface {}', item);
  if (!Object.hasOwn(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
  return item;
}

/** Splits a list of maps into the items to keep and those marked `$patch: delete`. */
function extractToDeleteItems(list: unknown[]): [unknown[], unknown[]] {
  const keep: unknown[] = [];
  const toDelete: unknown[] = [];
  for (const item of list) {
    if (!isJsonMap(item)) throw errBadArgType('map[string]interface {}', item);
    (item[DIRECTIVE_MARKER] === DELETE_DIRECTIVE ? toDelete : keep).push(item);
  }
  return [keep, toDelete];
}

/** Lists merge by their items' kind: maps by merge key, anything else as a set of scalars. */
type ElementKind = 'map' | 'scalar';

/** sliceElementType: every item of both lists is of one Go type, and not a list. */
function sliceElementKind(...lists: unknown[][]): ElementKind {
  let first: string | undefined;
  for (const list of lists) {
    for (const item of list) {
      const type = goTypeOf(item);
      if (first === undefined) {
        first = type;
        if (type === '[]interface {}') throw errNoListOfLists();
      } else if (type !== first) {
        throw new PatchError(`list element types are not identical: ${goFormat(lists)}`);
      }
    }
  }
  if (first === undefined) throw new PatchError('no elements in any of the given slices');
  return first === 'map[string]interface {}' ? 'map' : 'scalar';
}

function mergeSlice(original: unknown[], patch: unknown[], level: Level, mergeKey: string, isDeleteList: boolean): unknown[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = sliceElementKind(original, patch);
  let merged: unknown[];
  let live = original;
  let patchItems = patch;
  if (kind === 'scalar') {
    if (isDeleteList) return deleteFromSlice(original, patch);
    merged = deduplicateScalars([...original, ...patch]);
  } else {
    // apimachinery names the Go kind of the list's elements; core/v1's merge lists without a key (finalizers, podCIDRs) hold strings.
    if (mergeKey === '') throw new PatchError('cannot merge lists without merge key for string');
    [live, patchItems] = mergeSliceWithSpecialElements(original, patch, mergeKey);
    merged = mergeSliceWithoutSpecialElements([...live], patchItems, mergeKey, level);
  }
  // Enforce the order: the patch's items in the patch's order, the others where they were.
  const [inPatch, serverOnly] = partitionByPresence(merged, patchItems, mergeKey);
  return normalizeElementOrder(inPatch, serverOnly, patchItems, live, mergeKey, kind);
}

/**
 * Applies the `$patch` items of a list of maps: `delete` removes every item with that merge key,
 * `replace` makes the list the patch's other items. Returns the live list and the patch without them.
 */
function mergeSliceWithSpecialElements(original: unknown[], patch: unknown[], mergeKey: string): [unknown[], unknown[]] {
  const plain: unknown[] = [];
  let live = original;
  let replace = false;
  for (const v of patch) {
    const item = v as JsonMap;
    if (!Object.hasOwn(item, DIRECTIVE_MARKER)) {
      plain.push(item);
      continue;
    }
    const directive = item[DIRECTIVE_MARKER];
    if (directive === DELETE_DIRECTIVE) {
      if (!Object.hasOwn(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
      live = deleteMatchingEntries(live, mergeKey, item[mergeKey]);
    } else if (directive === REPLACE_DIRECTIVE) {
      // Go on through the list, to prune the other $patch items.
      replace = true;
    } else if (directive === MERGE_DIRECTIVE) {
      throw new PatchError('merging lists cannot yet be specified in the patch');
    } else {
      throw errBadPatchType(directive, item);
    }
  }
  return replace ? [plain, []] : [live, plain];
}

function deleteMatchingEntries(original: unknown[], mergeKey: string, value: unknown): unknown[] {
  return original.filter((item) => !(isJsonMap(item) && Object.hasOwn(item, mergeKey) && item[mergeKey] === value));
}

/** Merges each patch item into the live item with its merge key, or appends it (as it is: directives and nulls too, as apimachinery does). */
function mergeSliceWithoutSpecialElements(original: unknown[], patch: unknown[], mergeKey: string, level: Level): unknown[] {
  for (const v of patch) {
    const item = v as JsonMap;
    if (!Object.hasOwn(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
    const found = findInSlice(original, mergeKey, item[mergeKey]);
    if (found === undefined) original.push(item);
    else original[found] = mergeMap(original[found] as JsonMap, item, level);
  }
  return original;
}

/** findMapInSliceBasedOnKeyValue: the index of the first map whose merge key has `value`. */
function findInSlice(list: unknown[], key: string, value: unknown): number | undefined {
  for (const [i, item] of list.entries()) {
    if (!isJsonMap(item)) throw new PatchError(`value for key ${i} is not a map`);
    if (Object.hasOwn(item, key) && item[key] === value) return i;
  }
  return undefined;
}

/** The parallel list `$deleteFromPrimitiveList/<field>`: removes these scalars from the field. */
function deleteFromSlice(current: unknown[], toDelete: unknown[]): unknown[] {
  const gone = new Set(toDelete);
  return current.filter((v) => !gone.has(v));
}

/** deduplicateScalars, with its order: a duplicate is overwritten by the last item. */
function deduplicateScalars(s: unknown[]): unknown[] {
  let length = s.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (s[i] === s[j]) {
        s[j] = s[length];
        s.length = length;
        length--;
        j--;
      }
    }
  }
  return s;
}

/** Splits `list` into the items present in `by` (by merge key, or by value) and the others. */
function partitionByPresence(list: unknown[], by: unknown[], mergeKey: string): [unknown[], unknown[]] {
  const present: unknown[] = [];
  const absent: unknown[] = [];
  if (mergeKey === '') {
    const inBy = new Set(by);
    for (const v of list) (inBy.has(v) ? present : absent).push(v);
    return [present, absent];
  }
  for (const v of list) {
    const item = mapWithMergeKey(v, mergeKey);
    (findInSlice(by, mergeKey, item[mergeKey]) === undefined ? absent : present).push(v);
  }
  return [present, absent];
}

/**
 * Sorts the patch's items by the patch's order and the server-only items by the live order, then
 * interleaves them (mergeSortedSlice): a server-only item goes before the first patch item that
 * follows it in the live list.
 */
function normalizeElementOrder(patch: unknown[], serverOnly: unknown[], patchOrder: unknown[], serverOrder: unknown[], mergeKey: string, kind: ElementKind) {
  const left = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
  const right = normalizeSliceOrder(patch, patchOrder, mergeKey, kind);
  const all: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) all.push(right[j++]);
    else if (j >= right.length) all.push(left[i++]);
    else {
      const li = indexOf(serverOrder, left[i], mergeKey, kind);
      const ri = indexOf(serverOrder, right[j], mergeKey, kind);
      if (li >= 0 && ri >= 0 && li < ri) all.push(left[i++]);
      else all.push(right[j++]);
    }
  }
  return all;
}

/**
 * A stable sort of `toSort` by the positions in `order`, items marked `$patch: delete` last. Every
 * item is in `order` where this is called (the lists are partitioned by it), so apimachinery's
 * comparator, which is not a strict order for items missing from it, never meets one.
 */
function normalizeSliceOrder(toSort: unknown[], order: unknown[], mergeKey: string, kind: ElementKind): unknown[] {
  let items = toSort;
  let toDelete: unknown[] = [];
  if (kind === 'map') {
    for (const list of [toSort, order]) for (const item of list) mapWithMergeKey(item, mergeKey);
    [items, toDelete] = extractToDeleteItems(toSort);
  }
  const position = new Map(items.map((item) => [item, indexOf(order, item, mergeKey, kind)]));
  const sorted = [...items].sort((a, b) => {
    const ia = position.get(a) ?? -1;
    const ib = position.get(b) ?? -1;
    return ia >= 0 && ib >= 0 ? ia - ib : 0;
  });
  return [...sorted, ...toDelete];
}

function indexOf(list: unknown[], item: unknown, mergeKey: string, kind: ElementKind): number {
  const valueOf = (v: unknown): unknown => (kind === 'map' ? (isJsonMap(v) ? v[mergeKey] : undefined) : v);
  const wanted = valueOf(item);
  return list.findIndex((v) => valueOf(v) === wanted);
}

/** Removes nulls from maps (not from lists), where a patch value lands where nothing was. */
function discardNullValuesFromPatch(value: unknown): void {
  if (Array.isArray(value)) for (const v of value) discardNullValuesFromPatch(v);
  else if (isJsonMap(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (v === null) Reflect.deleteProperty(value, k);
      else discardNullValuesFromPatch(v);
    }
  }
}

/** Drops every map carrying `$patch` (and says whether the value itself is kept). */
function removeDirectives(value: unknown): [unknown, boolean] {
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    for (const v of value) {
      const [item, keep] = removeDirectives(v);
      if (keep) kept.push(item);
    }
    return [kept, true];
  }
  if (isJsonMap(value)) {
    if (Object.hasOwn(value, DIRECTIVE_MARKER)) return [undefined, false];
    for (const [k, v] of Object.entries(value)) {
      const [item, keep] = removeDirectives(v);
      if (keep) setMember(value, k, item);
      else Reflect.deleteProperty(value, k);
    }
  }
  return [value, true];
}
