import { describe, expect, it } from 'vitest';
import {
  type Failure,
  type Preconditions,
  type Result,
  type StoredVersion,
  checkDelete,
  checkUpdate,
  checkWrite,
  type WriteMode,
  parseDeleteOptions,
  sentResourceVersion,
} from '@taintgate/domain';
import { parseResourceVersion } from '../../../../libs/domain/src/concurrency/preconditions';

/** The outcome as a line: `ok`, or the failure's reason and message. */
const outcome = (result: Result<unknown, Failure>): string => (result.ok ? 'ok' : `${result.error.reason}: ${result.error.message}`);

const UID = '6f1c1a52-3d0b-4a3e-9a57-2f1c4b1e8d01';
const stored: StoredVersion = { uid: UID, resourceVersion: '42' };
const modified = 'the object has been modified; please apply your changes to the latest version and try again';

// APIObjectVersioner.ObjectResourceVersion (k8s.io/apiserver/pkg/storage/etcd3/api_object_versioner.go): strconv.ParseUint(s, 10, 64).
describe('parseResourceVersion (APIObjectVersioner.ObjectResourceVersion)', () => {
  it.each<[string, bigint | undefined | string]>([
    ['', undefined],
    ['0', undefined],
    ['000', undefined],
    ['1', 1n],
    ['007', 7n],
    ['18446744073709551615', 18446744073709551615n],
    ['18446744073709551616', 'strconv.ParseUint: parsing "18446744073709551616": value out of range'],
    ['abc', 'strconv.ParseUint: parsing "abc": invalid syntax'],
    ['-1', 'strconv.ParseUint: parsing "-1": invalid syntax'],
    ['+1', 'strconv.ParseUint: parsing "+1": invalid syntax'],
    [' 1', 'strconv.ParseUint: parsing " 1": invalid syntax'],
    ['1_000', 'strconv.ParseUint: parsing "1_000": invalid syntax'],
    ['0x10', 'strconv.ParseUint: parsing "0x10": invalid syntax'],
    ['1.5', 'strconv.ParseUint: parsing "1.5": invalid syntax'],
    // ParseUint stops at the first digit that overflows, before it sees the bad byte after it.
    ['99999999999999999999x', 'strconv.ParseUint: parsing "99999999999999999999x": value out of range'],
    ['x99999999999999999999', 'strconv.ParseUint: parsing "x99999999999999999999": invalid syntax'],
  ])('%j', (text, expected) => {
    const result = parseResourceVersion(text);
    expect(result.ok ? result.value : result.error).toEqual(expected);
  });
});

describe('sentResourceVersion: metadata.resourceVersion of a PUT', () => {
  const reasons = (object: unknown) => {
    const result = sentResourceVersion(object);
    return result.ok ? result.value : result.error.map((e) => `${e.path.render()}: ${e.reason}`);
  };

  it.each<[string, unknown, unknown]>([
    ['no metadata', {}, undefined],
    ['no resourceVersion', { metadata: { name: 'n1' } }, undefined],
    ['null', { metadata: { resourceVersion: null } }, undefined],
    ['empty', { metadata: { resourceVersion: '' } }, undefined],
    ['"0": unconditional, as Store.Update reads 0', { metadata: { resourceVersion: '0' } }, undefined],
    ['a version', { metadata: { resourceVersion: '482913' } }, 482913n],
    [
      'not decimal',
      { metadata: { resourceVersion: 'v7' } },
      ['metadata.resourceVersion: Invalid value: "v7": strconv.ParseUint: parsing "v7": invalid syntax'],
    ],
    ['a number, where ObjectMeta has a string', { metadata: { resourceVersion: 7 } }, ['metadata.resourceVersion: Invalid value: 7: must be a string']],
  ])('%s', (_name, object, expected) => {
    expect(reasons(object)).toEqual(expected);
  });
});

// Store.Update (k8s.io/apiserver/pkg/registry/generic/registry/store.go), in its GuaranteedUpdate's tryUpdate.
describe('checkUpdate (Store.Update)', () => {
  it.each<[string, StoredVersion | undefined, bigint | undefined, string]>([
    ['no resourceVersion, object stored: unconditional replace', stored, undefined, 'ok'],
    ['no resourceVersion, nothing stored: unconditional create', undefined, undefined, 'ok'],
    ['the stored resourceVersion', stored, 42n, 'ok'],
    ['an older resourceVersion', stored, 41n, `Conflict: Operation cannot be fulfilled on nodes "n1": ${modified}`],
    ['a newer resourceVersion (another cluster’s)', stored, 482913n, `Conflict: Operation cannot be fulfilled on nodes "n1": ${modified}`],
    // existingResourceVersion == 0 && !AllowCreateOnUpdate(): apierrors.NewNotFound, whatever was sent.
    ['a resourceVersion, nothing stored: an update of nothing', undefined, 42n, 'NotFound: nodes "n1" not found'],
  ])('%s', (_name, object, resourceVersion, expected) => {
    expect(outcome(checkUpdate('Node', 'n1', object, resourceVersion))).toBe(expected);
  });

  it('names the resource of the kind: pods', () => {
    expect(outcome(checkUpdate('Pod', 'web-1', stored, 1n))).toBe(`Conflict: Operation cannot be fulfilled on pods "web-1": ${modified}`);
  });
});

// Store.Create (AlreadyExists from the store's create) and Store.Update without AllowCreateOnUpdate.
describe('checkWrite: create only, update only, or either', () => {
  it.each<[string, WriteMode, StoredVersion | undefined, bigint | undefined, string]>([
    ['create of a new object', 'create', undefined, undefined, 'ok'],
    ['create of a stored object', 'create', stored, undefined, 'AlreadyExists: nodes "n1" already exists'],
    // The etcd3 store refuses it before it looks for the object.
    ['create naming a resourceVersion', 'create', stored, 42n, 'BadRequest: resourceVersion should not be set on objects to be created'],
    ['update of nothing, without a resourceVersion', 'update', undefined, undefined, 'NotFound: nodes "n1" not found'],
    ['update of a stored object', 'update', stored, undefined, 'ok'],
    ['update at another version', 'update', stored, 41n, `Conflict: Operation cannot be fulfilled on nodes "n1": ${modified}`],
    ['create or replace of nothing', 'createOrReplace', undefined, undefined, 'ok'],
    ['create or replace of a stored object', 'createOrReplace', stored, 42n, 'ok'],
  ])('%s', (_name, mode, object, resourceVersion, expected) => {
    expect(outcome(checkWrite('Node', 'n1', mode, object, resourceVersion))).toBe(expected);
  });
});

// Store.Delete, and rest.BeforeDelete's early check of the preconditions (k8s.io/apiserver/pkg/registry/rest/delete.go).
describe('checkDelete (Store.Delete, rest.BeforeDelete)', () => {
  const uidMismatch = (sent: string) =>
    `Conflict: Operation cannot be fulfilled on Node "n1": the UID in the precondition (${sent}) does not match the UID in record (${UID}). The object might have been deleted and then recreated`;
  const rvMismatch = (sent: string) =>
    `Conflict: Operation cannot be fulfilled on Node "n1": the ResourceVersion in the precondition (${sent}) does not match the ResourceVersion in record (42). The object might have been modified`;
  const other = '0b7e3f1a-1111-4c2d-8e3f-9a0b1c2d3e4f';

  it.each<[string, StoredVersion | undefined, Preconditions, string]>([
    ['no preconditions', stored, {}, 'ok'],
    ['nothing stored', undefined, {}, 'NotFound: nodes "n1" not found'],
    ['nothing stored, preconditions sent: NotFound first (the Get)', undefined, { uid: UID }, 'NotFound: nodes "n1" not found'],
    ['the uid', stored, { uid: UID }, 'ok'],
    ['the resourceVersion', stored, { resourceVersion: '42' }, 'ok'],
    ['both', stored, { uid: UID, resourceVersion: '42' }, 'ok'],
    ['another uid: deleted and created again', stored, { uid: other }, uidMismatch(other)],
    ['an empty uid is a precondition too', stored, { uid: '' }, uidMismatch('')],
    ['another resourceVersion', stored, { resourceVersion: '41' }, rvMismatch('41')],
    // Preconditions are compared as text, not parsed.
    ['the same version written otherwise', stored, { resourceVersion: '042' }, rvMismatch('042')],
    ['both wrong: the uid is told first', stored, { uid: other, resourceVersion: '41' }, uidMismatch(other)],
    ['the uid right, the resourceVersion wrong', stored, { uid: UID, resourceVersion: '41' }, rvMismatch('41')],
  ])('%s', (_name, object, preconditions, expected) => {
    expect(outcome(checkDelete('Node', 'n1', object, preconditions))).toBe(expected);
  });
});

describe('parseDeleteOptions: a DELETE body (metav1.DeleteOptions)', () => {
  const parsed = (body: unknown, query?: unknown) => {
    const result = parseDeleteOptions(body, query);
    return result.ok ? result.value : result.error.map((e) => `${e.path.render()}: ${e.reason}`);
  };
  /** What a body that names no grace period and no dry run answers. */
  const only = (preconditions: object) => ({ preconditions, dryRun: false });

  it.each<[string, unknown, unknown]>([
    ['no body', undefined, only({})],
    ['null', null, only({})],
    ['empty', {}, only({})],
    [
      'what client-go sends with preconditions',
      { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: UID, resourceVersion: '42' } },
      only({ uid: UID, resourceVersion: '42' }),
    ],
    ['meta.k8s.io/v1', { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1', preconditions: { uid: UID } }, only({ uid: UID })],
    [
      'kubectl delete: a grace period and a propagation policy, taken and not refused',
      { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0, propagationPolicy: 'Background' },
      { preconditions: {}, dryRun: false, gracePeriodSeconds: 0 },
    ],
    ['orphanDependents alone', { orphanDependents: false }, only({})],
    ['null preconditions', { preconditions: null }, only({})],
    ['null uid', { preconditions: { uid: null, resourceVersion: '42' } }, only({ resourceVersion: '42' })],
    ['an empty uid is kept: it is a precondition', { preconditions: { uid: '' } }, only({ uid: '' })],
    ['fields Go’s decoder ignores', { preconditions: { uid: UID }, unknown: 1 }, only({ uid: UID })],
    ['dryRun: []: a real delete', { dryRun: [] }, only({})],
    ['a body that is no object', 'x', ['<body>: Invalid value: "x": must be an object']],
    ['another kind', { kind: 'Node' }, ['kind: Unsupported value: "Node": supported values: "DeleteOptions"']],
    ['another apiVersion', { apiVersion: 'apps/v1' }, ['apiVersion: Unsupported value: "apps/v1": supported values: "v1", "meta.k8s.io/v1"']],
    ['a uid that is no string', { preconditions: { uid: 5 } }, ['preconditions.uid: Invalid value: 5: must be a string']],
    ['a resourceVersion that is no string', { preconditions: { resourceVersion: 42 } }, ['preconditions.resourceVersion: Invalid value: 42: must be a string']],
    ['preconditions that are no object', { preconditions: 'x' }, ['preconditions: Invalid value: "x": must be an object']],
    ['a grace period that is no integer', { gracePeriodSeconds: '30' }, ['gracePeriodSeconds: Invalid value: "30": must be an integer']],
    [
      'a propagation policy Kubernetes does not have',
      { propagationPolicy: 'Cascade' },
      ['propagationPolicy: Unsupported value: "Cascade": supported values: "Foreground", "Background", "Orphan"'],
    ],
    [
      'orphanDependents beside a propagation policy (ValidateDeleteOptions)',
      { orphanDependents: true, propagationPolicy: 'Orphan' },
      ['orphanDependents: Forbidden: OrphanDependents and DeletionPropagation cannot be both set'],
    ],
    ['kubectl delete --dry-run=server', { kind: 'DeleteOptions', apiVersion: 'v1', dryRun: ['All'] }, { preconditions: {}, dryRun: true }],
    // ValidateDeleteOptions' ValidateDryRun: All is the only value, and the list is the bad value.
    ['another dryRun value', { dryRun: ['All', 'Some'] }, ['dryRun: Unsupported value: ["All","Some"]: supported values: "All"']],
    ['a dryRun that is no list', { dryRun: 5 }, ['dryRun: Invalid value: 5: must be an array']],
  ])('%s', (_name, body, expected) => {
    expect(parsed(body)).toEqual(expected);
  });

  it.each<[string, unknown, unknown, unknown]>([
    ['?dryRun=All, no body', undefined, 'All', { preconditions: {}, dryRun: true }],
    ['?dryRun=All beside a body with preconditions', { preconditions: { uid: UID } }, 'All', { preconditions: { uid: UID }, dryRun: true }],
    ['?dryRun=Yes', undefined, 'Yes', ['dryRun: Unsupported value: ["Yes"]: supported values: "All"']],
  ])('the query’s dryRun: %s', (_name, body, query, expected) => {
    expect(parsed(body, query)).toEqual(expected);
  });
});
