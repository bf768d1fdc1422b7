import { afterEach, describe, expect, it } from 'vitest';
import { isOffline, reportAnswered, reportNoAnswer, subscribeOffline } from './reachability.ts';

describe('reachability', () => {
  afterEach(() => reportAnswered());

  it('counts a request without an answer as offline until one is answered', () => {
    let changes = 0;
    const stop = subscribeOffline(() => changes++);
    expect(isOffline()).toBe(false);
    reportNoAnswer();
    reportNoAnswer();
    expect(isOffline()).toBe(true);
    reportAnswered();
    expect(isOffline()).toBe(false);
    expect(changes).toBe(2);
    stop();
    reportNoAnswer();
    expect(changes).toBe(2);
  });
});
