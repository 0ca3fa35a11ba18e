import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toleratesTaint } from '@taintgate/domain';
import { untoleratedTaints } from '../../../../libs/domain/src/tolerations/match';
import { taint, taints, toleration } from '../support/arbitraries';

describe('laws of toleration matching', () => {
  it('an Exists toleration with an empty key and effect tolerates every taint', () => {
    fc.assert(fc.property(taint, (t) => toleratesTaint({ operator: 'Exists' }, t)));
  });

  it('an Exists toleration for the key and effect of a taint tolerates it, whatever its value', () => {
    fc.assert(fc.property(taint, (t) => toleratesTaint({ key: t.key, operator: 'Exists', effect: t.effect }, t)));
  });

  it('a toleration that spells the taint out tolerates it', () => {
    fc.assert(fc.property(taint, (t) => toleratesTaint({ key: t.key, operator: 'Equal', value: t.value ?? '', effect: t.effect }, t)));
  });

  it('a toleration with another effect never tolerates', () => {
    fc.assert(
      fc.property(toleration, taint, (tol, t) => {
        fc.pre(!!tol.effect && tol.effect !== t.effect);
        return !toleratesTaint(tol, t);
      }),
    );
  });

  it('adding a toleration never leaves more taints untolerated', () => {
    fc.assert(
      fc.property(taints, fc.array(toleration, { maxLength: 4 }), toleration, (ts, tols, extra) => {
        expect(untoleratedTaints(ts, [...tols, extra]).length).toBeLessThanOrEqual(untoleratedTaints(ts, tols).length);
      }),
    );
  });

  it('Gt and Lt never both tolerate one taint for the same threshold', () => {
    fc.assert(
      fc.property(taint, fc.constantFrom('0', '5', '-3', '10'), (t, threshold) => {
        const gt = toleratesTaint({ key: t.key, operator: 'Gt', value: threshold }, t);
        const lt = toleratesTaint({ key: t.key, operator: 'Lt', value: threshold }, t);
        return !(gt && lt);
      }),
    );
  });
});
