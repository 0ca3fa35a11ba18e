import { describe, expect, it } from 'vitest';
import { SharedChecks } from '../../../../apps/api/src/store/shared-checks';

/** A check that answers when the test says: what Postgres would read at the moment it is sent. */
function harness() {
  const sent: { key: string; answer: (value: number) => void; fail: (error: Error) => void }[] = [];
  const checks = new SharedChecks<number>(
    (key) =>
      new Promise<number>((answer, fail) => {
        sent.push({ key, answer, fail });
      }),
  );
  return { checks, sent };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SharedChecks', () => {
  it('sends at once when nothing is on its way', () => {
    const { checks, sent } = harness();
    void checks.check('c');
    expect(sent).toHaveLength(1);
  });

  it('a caller arriving after the check was sent does not join it: it waits for the next', async () => {
    const { checks, sent } = harness();
    const first = checks.check('c');
    const second = checks.check('c');
    // Sent before `second` began: its answer may predate a write acknowledged in between.
    expect(sent).toHaveLength(1);
    sent[0]?.answer(1);
    expect(await first).toBe(1);
    await flush();
    expect(sent).toHaveLength(2);
    sent[1]?.answer(2);
    expect(await second).toBe(2);
  });

  it('every caller arriving while one is in flight shares the one check sent next', async () => {
    const { checks, sent } = harness();
    void checks.check('c');
    const waiting = [checks.check('c'), checks.check('c'), checks.check('c')];
    sent[0]?.answer(1);
    await flush();
    expect(sent).toHaveLength(2);
    sent[1]?.answer(7);
    expect(await Promise.all(waiting)).toEqual([7, 7, 7]);
    expect(sent).toHaveLength(2);
  });

  it('a caller arriving once the shared check was sent waits for a third', async () => {
    const { checks, sent } = harness();
    void checks.check('c');
    const second = checks.check('c');
    sent[0]?.answer(1);
    await flush();
    // The second check is on its way now: a newcomer must not take its answer.
    const third = checks.check('c');
    sent[1]?.answer(2);
    expect(await second).toBe(2);
    await flush();
    expect(sent).toHaveLength(3);
    sent[2]?.answer(3);
    expect(await third).toBe(3);
  });

  it('keys are checked apart', () => {
    const { checks, sent } = harness();
    void checks.check('a');
    void checks.check('b');
    expect(sent.map((s) => s.key)).toEqual(['a', 'b']);
  });

  it('a failed check fails its callers only; the next is sent as usual', async () => {
    const { checks, sent } = harness();
    const first = checks.check('c');
    const second = checks.check('c');
    sent[0]?.fail(new Error('down'));
    await expect(first).rejects.toThrow('down');
    await flush();
    sent[1]?.answer(2);
    expect(await second).toBe(2);
  });

  it('keeps nothing for a key at rest', async () => {
    const { checks, sent } = harness();
    const one = checks.check('gone');
    sent[0]?.answer(0);
    await one;
    await flush();
    expect(checks.busy).toBe(0);
  });
});
