import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { describe, expect, it } from 'vitest';
import { reviewFromProtobuf } from '../../../../../apps/api/src/faces/kube-api/kube-protobuf-reviews';

/**
 * The reviews kubectl sends in protobuf, written here as client-go's generated marshalers write
 * them (k8s.io/api authorization/v1 generated.proto field numbers; apimachinery's runtime.Unknown
 * envelope behind the `k8s\0` magic), read back as the JSON kubectl would otherwise send.
 */

const LEN = WireType.LengthDelimited;
const MAGIC = Buffer.from('k8s\0', 'latin1');

function envelope(apiVersion: string, kind: string, raw: Uint8Array): Buffer {
  const unknown = new BinaryWriter()
    .tag(1, LEN)
    .bytes(new BinaryWriter().tag(1, LEN).string(apiVersion).tag(2, LEN).string(kind).finish())
    .tag(2, LEN)
    .bytes(raw)
    .tag(3, LEN)
    .string('')
    .tag(4, LEN)
    .string('')
    .finish();
  return Buffer.concat([MAGIC, unknown]);
}

const objectMeta = () => new BinaryWriter().tag(1, LEN).string('').finish();

describe('reviewFromProtobuf', () => {
  it('a SelfSubjectAccessReview of a resource (kubectl auth can-i create pods -n web)', () => {
    const attributes = new BinaryWriter()
      .tag(1, LEN)
      .string('web')
      .tag(2, LEN)
      .string('create')
      .tag(3, LEN)
      .string('')
      .tag(5, LEN)
      .string('pods')
      .tag(6, LEN)
      .string('eviction')
      .finish();
    const spec = new BinaryWriter().tag(1, LEN).bytes(attributes).finish();
    // A field this does not know (status, 3; a field number from a newer kubectl, 15 varint) is skipped.
    const review = new BinaryWriter()
      .tag(1, LEN)
      .bytes(objectMeta())
      .tag(2, LEN)
      .bytes(spec)
      .tag(3, LEN)
      .bytes(new Uint8Array())
      .tag(15, WireType.Varint)
      .uint32(7)
      .finish();
    expect(reviewFromProtobuf(envelope('authorization.k8s.io/v1', 'SelfSubjectAccessReview', review), 'selfsubjectaccessreviews')).toEqual({
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      spec: { resourceAttributes: { namespace: 'web', verb: 'create', group: '', resource: 'pods', subresource: 'eviction' } },
    });
  });

  it('a SelfSubjectAccessReview of a URL (kubectl auth can-i get /healthz)', () => {
    const spec = new BinaryWriter().tag(2, LEN).bytes(new BinaryWriter().tag(1, LEN).string('/healthz').tag(2, LEN).string('get').finish()).finish();
    const review = new BinaryWriter().tag(2, LEN).bytes(spec).finish();
    expect(reviewFromProtobuf(envelope('authorization.k8s.io/v1', 'SelfSubjectAccessReview', review), 'selfsubjectaccessreviews').spec).toEqual({
      nonResourceAttributes: { path: '/healthz', verb: 'get' },
    });
  });

  it('a SelfSubjectRulesReview and a SelfSubjectReview', () => {
    const rules = new BinaryWriter().tag(2, LEN).bytes(new BinaryWriter().tag(1, LEN).string('default').finish()).finish();
    expect(reviewFromProtobuf(envelope('authorization.k8s.io/v1', 'SelfSubjectRulesReview', rules), 'selfsubjectrulesreviews').spec).toEqual({
      namespace: 'default',
    });
    expect(reviewFromProtobuf(envelope('authentication.k8s.io/v1', 'SelfSubjectReview', objectMeta()), 'selfsubjectreviews')).toEqual({
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'SelfSubjectReview',
    });
  });

  it.each([
    ['no magic', Buffer.from('{"spec":{}}')],
    ['a message cut short', Buffer.concat([MAGIC, Buffer.from([0x12, 0x10, 0x0a])])],
  ])('%s: an error, never a guess', (_, body) => {
    expect(() => reviewFromProtobuf(body, 'selfsubjectaccessreviews')).toThrow();
  });
});
