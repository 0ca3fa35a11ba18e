import { describe, expect, it } from 'vitest';
import { MessageQueue } from '../../../../../apps/api/src/platform/threads/message-queue';

/** A thread's messages taken in order; its failure thrown only once every message before it is taken. */
describe('MessageQueue', () => {
  it('hands out the messages in the order they came, waiting for one that has not come yet', async () => {
    const queue = new MessageQueue<number>();
    queue.put(1);
    queue.put(2);
    expect(await queue.take()).toBe(1);
    expect(await queue.take()).toBe(2);
    const third = queue.take();
    setTimeout(() => queue.put(3), 5);
    expect(await third).toBe(3);
  });

  it('throws the failure after the messages before it, and then on every take; the first failure counts', async () => {
    const queue = new MessageQueue<string>();
    queue.put('last words');
    queue.fail(new Error('the thread stopped'));
    queue.fail(new Error('it exited'));
    expect(await queue.take()).toBe('last words');
    await expect(queue.take()).rejects.toThrow('the thread stopped');
    await expect(queue.take()).rejects.toThrow('the thread stopped');
  });

  it('wakes a reader waiting when the failure comes', async () => {
    const queue = new MessageQueue<string>();
    const waiting = queue.take();
    queue.fail(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
  });
});
