import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('KeyedQueue', () => {
  it('runs work on the same key one at a time, in the order asked, and tells the later ones they waited', async () => {
    const q = new KeyedQueue();
    const log: string[] = [];
    let inside = 0;
    let most = 0;
    const job = (name: string) =>
      q.run(['dep-1'], async (waited) => {
        inside++;
        most = Math.max(most, inside);
        log.push(`${name} start${waited ? ' (waited)' : ''}`);
        await tick();
        log.push(`${name} end`);
        inside--;
        return name;
      });
    expect(await Promise.all([job('a'), job('b'), job('c')])).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(log).toEqual(['a start', 'a end', 'b start (waited)', 'b end', 'c start (waited)', 'c end']);
    expect(q.busyKeys).toBe(0);
  });

  it('lets work on other keys run alongside', async () => {
    const q = new KeyedQueue();
    let inside = 0;
    let most = 0;
    const job = (key: string) =>
      q.run([key], async (waited) => {
        inside++;
        most = Math.max(most, inside);
        await tick();
        inside--;
        return waited;
      });
    expect(await Promise.all([job('x'), job('y'), job('z')])).toEqual([false, false, false]);
    expect(most).toBe(3);
  });

  it('takes several keys in one order, so overlapping runs cannot wait on each other', async () => {
    const q = new KeyedQueue();
    const order: string[] = [];
    let inside = 0;
    let most = 0;
    const job = (name: string, keys: string[]) =>
      q.run(keys, async () => {
        inside++;
        most = Math.max(most, inside);
        order.push(name);
        await tick();
        inside--;
      });
    // Taken as asked ("b" then "a"), the second would hold "b" while the first holds "a" and waits for it.
    await Promise.all([job('ab', ['a', 'b']), job('ba', ['b', 'a']), job('b', ['b'])]);
    expect(order[0]).toBe('ab');
    expect([...order].sort()).toEqual(['ab', 'b', 'ba']);
    expect(most).toBe(1);
    expect(q.busyKeys).toBe(0);
  });

  it('lets a given number run at once per key, the rest in the order they asked', async () => {
    const q = new KeyedQueue(2);
    const log: string[] = [];
    let inside = 0;
    let most = 0;
    const job = (name: string) =>
      q.run(['dep-1'], async (waited) => {
        inside++;
        most = Math.max(most, inside);
        log.push(`${name}${waited ? ' waited' : ''}`);
        await tick();
        inside--;
      });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(job));
    expect(most).toBe(2);
    expect(log).toEqual(['a', 'b', 'c waited', 'd waited', 'e waited']);
    expect(q.busyKeys).toBe(0);
  });

  it('goes on after a run that failed', async () => {
    const q = new KeyedQueue();
    const failed = q.run(['k'], async () => {
      await tick();
      throw new Error('refused');
    });
    const next = q.run(['k'], async (waited) => waited);
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe(true);
    expect(q.busyKeys).toBe(0);
  });
});
