import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryBody, markdownOf, signatureOf } from '../../../../../apps/api/src/control-loops/webhook-delivery/webhook-bodies';
import type { EvictionData, ToldEvent } from '../../../../../apps/api/src/control-loops/webhook-delivery/webhook-events';

const eviction = {
  id: '7',
  pod: { namespace: 'default', name: 'web-1', uid: '0b7c3f0e-1111-4222-8333-944445555666' },
  node: 'n1',
  taint: { key: 'dedicated', value: 'gpu', effect: 'NoExecute' },
  status: 'Executed',
  startedAt: '2026-11-24T09:00:00.000Z',
  scheduledFor: '2026-11-24T09:00:30.000Z',
  tolerationSeconds: 30,
  firedAt: '2026-11-24T09:00:30.000Z',
  cancelledAt: null,
  reason: null,
};

const executed: ToldEvent = {
  origin: 'events/12',
  event: 'EvictionExecuted',
  cluster: 'prod',
  at: '2026-11-24T09:00:30.000Z',
  pod: eviction.pod,
  node: 'n1',
  taint: eviction.taint,
  eviction,
  message: 'Marking for deletion Pod default/web-1',
};

describe('signatureOf', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"> with the secret', () => {
    const body = '{"id":"x","event":"TaintAdded"}';
    expect(signatureOf('s3cret-s3cret-s3cret', body, 1_764_400_000)).toBe(
      `t=1764400000,v1=${createHmac('sha256', 's3cret-s3cret-s3cret').update(`1764400000.${body}`).digest('hex')}`,
    );
    // A fraction of a second is dropped, and the time is signed: another time, another signature.
    expect(signatureOf('k', body, 1_764_400_000.9)).toBe(signatureOf('k', body, 1_764_400_000));
    expect(signatureOf('k', body, 1_764_400_001)).not.toBe(signatureOf('k', body, 1_764_400_000).replace('t=1764400000', 't=1764400001'));
  });

  it('signs the bytes: text beyond ASCII as UTF-8', () => {
    expect(signatureOf('k', 'é', 7)).toBe(`t=7,v1=${createHmac('sha256', 'k').update(Buffer.from('7.é', 'utf8')).digest('hex')}`);
  });
});

describe('deliveryBody', () => {
  it('json: the delivery id, event, cluster and time first, then what it is about; never where it is stored', () => {
    const body = JSON.parse(deliveryBody('d-1', executed, 'json'));
    expect(Object.keys(body)).toEqual(['id', 'event', 'cluster', 'at', 'pod', 'node', 'taint', 'eviction', 'message']);
    expect(body).toMatchObject({ id: 'd-1', event: 'EvictionExecuted', cluster: 'prod', node: 'n1', eviction: { id: '7', status: 'Executed' } });
    expect(body.origin).toBeUndefined();
  });

  it('slack: {"text": <the Markdown line>} and nothing else', () => {
    expect(JSON.parse(deliveryBody('d-1', executed, 'slack'))).toEqual({
      text: '`prod`: pod `default/web-1` evicted from node `n1` (taint `dedicated=gpu:NoExecute`)',
    });
  });
});

describe('markdownOf', () => {
  const taintAdded: ToldEvent = {
    origin: 'outbox_events/3',
    event: 'TaintAdded',
    cluster: 'prod',
    at: '2026-11-24T09:00:00.000Z',
    node: 'n1',
    taint: { key: 'maint', effect: 'NoSchedule' },
    actor: 'apikey:ci',
  };

  it.each<[string, ToldEvent, string]>([
    ['an eviction executed', executed, '`prod`: pod `default/web-1` evicted from node `n1` (taint `dedicated=gpu:NoExecute`)'],
    [
      'an eviction scheduled',
      { ...executed, event: 'EvictionScheduled' },
      '`prod`: pod `default/web-1` on node `n1` will be evicted at 2026-11-24T09:00:30.000Z (taint `dedicated=gpu:NoExecute`)',
    ],
    [
      'an eviction cancelled',
      { ...executed, event: 'EvictionCancelled' },
      '`prod`: eviction of pod `default/web-1` from node `n1` cancelled (taint `dedicated=gpu:NoExecute`)',
    ],
    [
      "a mirror's eviction predicted",
      { ...executed, event: 'EvictionPredicted' },
      '`prod`: pod `default/web-1` on node `n1` is predicted to be evicted by its cluster at 2026-11-24T09:00:30.000Z (taint `dedicated=gpu:NoExecute`)',
    ],
    [
      "a mirror's prediction come true",
      { ...executed, eviction: { ...(executed.eviction as EvictionData), reason: 'DeletedAtSource' } },
      '`prod`: pod `default/web-1` evicted from node `n1` by its cluster, as predicted (taint `dedicated=gpu:NoExecute`)',
    ],
    ['a taint added, and by whom', taintAdded, '`prod`: taint `maint:NoSchedule` added to node `n1` by `apikey:ci`'],
    [
      'a taint removed by the service itself',
      { ...taintAdded, event: 'TaintRemoved', actor: 'system' },
      '`prod`: taint `maint:NoSchedule` removed from node `n1`',
    ],
    [
      'an import',
      {
        origin: 'outbox_events/4',
        event: 'ImportFinished',
        cluster: 'prod',
        at: '2026-11-24T09:00:00.000Z',
        import: { nodes: { created: 3, updated: 1, unchanged: 0, deleted: 0 }, pods: { created: 10, updated: 0, unchanged: 2, deleted: 1 }, rejected: 1 },
      },
      '`prod`: import finished: nodes 3 created, 1 updated, 0 unchanged, 0 deleted; pods 10 created, 0 updated, 2 unchanged, 1 deleted; 1 rejected',
    ],
    [
      'a name with a backtick, fenced longer',
      { ...taintAdded, taint: { key: 'a`b', effect: 'NoSchedule' }, actor: undefined },
      '`prod`: taint `` a`b:NoSchedule `` added to node `n1`',
    ],
  ])('%s', (_what, told, line) => {
    expect(markdownOf(told)).toBe(line);
  });
});
