import { describe, expect, it } from 'vitest';
import { importedIdentity } from '@taintgate/domain';

const reasons = (object: unknown) => {
  const result = importedIdentity(object);
  return result.ok ? [] : result.error.map((e) => `${e.path.render()}: ${e.type}`);
};

describe('importedIdentity: what an imported object keeps from its cluster', () => {
  it('keeps the uid, the creation and deletion times and the grace period kubectl prints', () => {
    const result = importedIdentity({
      metadata: {
        uid: '1F0C3A2E-9B7D-4C1E-8E5A-0D2B4F6A8C10',
        creationTimestamp: '2026-03-01T10:20:30Z',
        deletionTimestamp: '2026-03-02T00:00:00+01:00',
        deletionGracePeriodSeconds: 30,
      },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        uid: '1f0c3a2e-9b7d-4c1e-8e5a-0d2b4f6a8c10',
        creationTimestamp: Date.parse('2026-03-01T10:20:30Z'),
        deletionTimestamp: Date.parse('2026-03-01T23:00:00Z'),
        deletionGracePeriodSeconds: 30,
      },
    });
  });

  it('takes nothing from an object that has none of them (taintgate gives them, as on create)', () => {
    expect(importedIdentity({ metadata: { name: 'n1' } })).toEqual({ ok: true, value: {} });
    expect(importedIdentity({ metadata: { uid: '', creationTimestamp: null } })).toEqual({ ok: true, value: {} });
  });

  // metav1.Time parses with time.RFC3339, which takes a fraction of a second when parsing.
  it.each([
    ['2026-03-01T10:20:30.123456Z', []],
    ['2026-03-01 10:20:30Z', ['metadata.creationTimestamp: FieldValueInvalid']],
    ['2026-03-01', ['metadata.creationTimestamp: FieldValueInvalid']],
    ['2026-13-45T10:20:30Z', ['metadata.creationTimestamp: FieldValueInvalid']],
    [12345, ['metadata.creationTimestamp: FieldValueTypeInvalid']],
  ])('creationTimestamp %j', (creationTimestamp, expected) => {
    expect(reasons({ metadata: { creationTimestamp } })).toEqual(expected);
  });

  it('names each bad field: a uid that is no UUID, a negative grace period', () => {
    expect(reasons({ metadata: { uid: 'pod-1', deletionGracePeriodSeconds: -1, deletionTimestamp: 'soon' } })).toEqual([
      'metadata.uid: FieldValueInvalid',
      'metadata.deletionTimestamp: FieldValueInvalid',
      'metadata.deletionGracePeriodSeconds: FieldValueInvalid',
    ]);
  });
});
