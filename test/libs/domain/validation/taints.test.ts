import { describe, expect, it } from 'vitest';
import { FieldPath, type Taint, fieldErrorText } from '@taintgate/domain';
import { validateNodeTaints, validateTaintEffect } from '../../../../libs/domain/src/validation/taints';
import { msg } from './messages';

const taintsPath = FieldPath.root('spec').child('taints');
/** `path: reason` lines, as kubectl shows them. */
const lines = (taints: Taint[]): string[] => validateNodeTaints(taints, taintsPath).map(fieldErrorText);
/** The line for a duplicate taint: its index, and the taint as Go's json.Marshal prints a core.Taint. */
const duplicate = (index: number, taintJson: string) => `spec.taints[${index}]: Duplicate value: ${taintJson}: taints must be unique by key and effect pair`;

describe('validateTaintEffect', () => {
  const at = FieldPath.root('x');
  it.each([
    { name: 'NoSchedule', effect: 'NoSchedule', allowEmpty: false, reasons: [] },
    { name: 'PreferNoSchedule', effect: 'PreferNoSchedule', allowEmpty: false, reasons: [] },
    { name: 'NoExecute', effect: 'NoExecute', allowEmpty: false, reasons: [] },
    { name: 'empty, required', effect: '', allowEmpty: false, reasons: ['Required value'] },
    { name: 'absent, required', effect: undefined, allowEmpty: false, reasons: ['Required value'] },
    { name: 'empty, allowed', effect: '', allowEmpty: true, reasons: [] },
    { name: 'unknown', effect: 'Foo', allowEmpty: true, reasons: [`Unsupported value: "Foo": ${msg.effects}`] },
    { name: 'case matters', effect: 'noschedule', allowEmpty: false, reasons: [`Unsupported value: "noschedule": ${msg.effects}`] },
    {
      name: 'NoScheduleNoAdmit is not implemented',
      effect: 'NoScheduleNoAdmit',
      allowEmpty: false,
      reasons: [`Unsupported value: "NoScheduleNoAdmit": ${msg.effects}`],
    },
  ])('$name', ({ effect, allowEmpty, reasons }) => {
    expect(validateTaintEffect(effect, allowEmpty, at).map((e) => e.reason)).toEqual(reasons);
  });
});

describe('validateNodeTaints: valid lists', () => {
  it.each<{ name: string; taints: Taint[] }>([
    { name: 'empty list', taints: [] },
    { name: 'key and effect', taints: [{ key: 'dedicated', effect: 'NoSchedule' }] },
    { name: 'key, value and effect', taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoExecute' }] },
    { name: 'prefixed key', taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2024-05-01T10:00:00Z' }] },
    {
      name: 'same key, different effects',
      taints: [
        { key: 'k', value: 'a', effect: 'NoSchedule' },
        { key: 'k', value: 'a', effect: 'NoExecute' },
        { key: 'k', value: 'a', effect: 'PreferNoSchedule' },
      ],
    },
    {
      name: 'same effect, different keys',
      taints: [
        { key: 'a', effect: 'NoSchedule' },
        { key: 'b', effect: 'NoSchedule' },
      ],
    },
    { name: 'a numeric value is only a label value', taints: [{ key: 'sla', value: '0950', effect: 'NoSchedule' }] },
  ])('$name', ({ taints }) => {
    expect(validateNodeTaints(taints, taintsPath)).toEqual([]);
  });
});

describe('validateNodeTaints: every rule, exact path and reason', () => {
  it.each<{ name: string; taints: Taint[]; lines: string[] }>([
    {
      name: 'unknown effect',
      taints: [
        { key: 'a', effect: 'NoSchedule' },
        { key: 'b', effect: 'Foo' },
      ],
      lines: [`spec.taints[1].effect: Unsupported value: "Foo": ${msg.effects}`],
    },
    { name: 'empty effect', taints: [{ key: 'a', effect: '' }], lines: ['spec.taints[0].effect: Required value'] },
    {
      name: 'absent effect',
      taints: [{ key: 'a' } as Taint],
      lines: ['spec.taints[0].effect: Required value'],
    },
    {
      name: 'duplicate key and effect (value differs)',
      taints: [
        { key: 'foo', value: 'bar', effect: 'NoSchedule' },
        { key: 'foo', value: 'baz', effect: 'NoSchedule' },
      ],
      lines: [duplicate(1, '{"Key":"foo","Value":"baz","Effect":"NoSchedule","TimeAdded":null}')],
    },
    {
      name: 'duplicate with timeAdded: metav1.Time in UTC, whole seconds',
      taints: [
        { key: 'foo', effect: 'NoExecute' },
        { key: 'foo', effect: 'NoExecute', timeAdded: '2024-05-01T12:00:00.5+02:00' },
      ],
      lines: [duplicate(1, '{"Key":"foo","Value":"","Effect":"NoExecute","TimeAdded":"2024-05-01T10:00:00Z"}')],
    },
    {
      name: 'a third copy is a duplicate too, each reported once',
      taints: [
        { key: 'k', effect: 'NoSchedule' },
        { key: 'k', effect: 'NoSchedule' },
        { key: 'k', effect: 'NoSchedule' },
      ],
      lines: [
        duplicate(1, '{"Key":"k","Value":"","Effect":"NoSchedule","TimeAdded":null}'),
        duplicate(2, '{"Key":"k","Value":"","Effect":"NoSchedule","TimeAdded":null}'),
      ],
    },
    {
      name: 'duplicates are still checked after other errors on the taint',
      taints: [
        { key: 'k', effect: 'Foo' },
        { key: 'k', effect: 'Foo' },
      ],
      lines: [
        `spec.taints[0].effect: Unsupported value: "Foo": ${msg.effects}`,
        `spec.taints[1].effect: Unsupported value: "Foo": ${msg.effects}`,
        duplicate(1, '{"Key":"k","Value":"","Effect":"Foo","TimeAdded":null}'),
      ],
    },
    {
      name: 'bad key',
      taints: [{ key: 'nospecialchars^=@', effect: 'NoSchedule' }],
      lines: [`spec.taints[0].key: Invalid value: "nospecialchars^=@": ${msg.nameRegex}`],
    },
    {
      name: 'empty key is checked (unlike tolerations)',
      taints: [{ key: '', effect: 'NoSchedule' }],
      lines: [`spec.taints[0].key: Invalid value: "": ${msg.nameEmpty}`, `spec.taints[0].key: Invalid value: "": ${msg.nameRegex}`],
    },
    {
      name: 'absent key is an empty key',
      taints: [{ effect: 'NoSchedule' } as Taint],
      lines: [`spec.taints[0].key: Invalid value: "": ${msg.nameEmpty}`, `spec.taints[0].key: Invalid value: "": ${msg.nameRegex}`],
    },
    {
      name: 'bad key prefix',
      taints: [{ key: 'Example.com/k', effect: 'NoSchedule' }],
      lines: [`spec.taints[0].key: Invalid value: "Example.com/k": ${msg.prefixRegex}`],
    },
    {
      name: 'bad value: one error, messages joined with ";"',
      taints: [{ key: 'k', value: `${'v'.repeat(64)}-`, effect: 'NoSchedule' }],
      lines: [`spec.taints[0].value: Invalid value: "${'v'.repeat(64)}-": ${msg.labelValueTooLong};${msg.labelValueRegex}`],
    },
    {
      name: 'bad value with a space',
      taints: [{ key: 'k', value: 'a b', effect: 'NoSchedule' }],
      lines: [`spec.taints[0].value: Invalid value: "a b": ${msg.labelValueRegex}`],
    },
    {
      name: 'order: key, value, effect',
      taints: [{ key: '-k', value: '-v', effect: 'Bad' }],
      lines: [
        `spec.taints[0].key: Invalid value: "-k": ${msg.nameRegex}`,
        `spec.taints[0].value: Invalid value: "-v": ${msg.labelValueRegex}`,
        `spec.taints[0].effect: Unsupported value: "Bad": ${msg.effects}`,
      ],
    },
    {
      name: 'an unknown effect is a named type: json.Marshal rendering',
      taints: [{ key: 'k', effect: 'No<Schedule>' }],
      lines: [`spec.taints[0].effect: Unsupported value: "No\\u003cSchedule\\u003e": ${msg.effects}`],
    },
  ])('$name', ({ taints, lines: expected }) => {
    expect(lines(taints)).toEqual(expected);
  });

  it('a duplicate keeps the taint as its bad value', () => {
    const second = { key: 'foo', value: 'baz', effect: 'NoSchedule' };
    const [error] = validateNodeTaints([{ key: 'foo', effect: 'NoSchedule' }, second], taintsPath);
    expect(error?.path.toString()).toBe('spec.taints[1]');
    expect(error).toMatchObject({ type: 'FieldValueDuplicate', badValue: second, detail: 'taints must be unique by key and effect pair' });
  });

  it('reports under whatever path it is given', () => {
    const [error] = validateNodeTaints([{ key: 'k', effect: '' }], FieldPath.root('metadata').child('taints'));
    expect(error?.path.toString()).toBe('metadata.taints[0].effect');
  });
});
