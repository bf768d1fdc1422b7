import { describe, expect, it } from 'vitest';
import { campaignSearch, type KeyValueStore } from './campaign.ts';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('campaign parameters', () => {
  it('keeps them from the landing URL and adds them to later URLs', () => {
    const store = memoryStore();
    expect(campaignSearch('?utm_source=fb&gclid=abc&x=1', store)).toBeNull();
    expect(campaignSearch('', store)).toBe('?utm_source=fb&gclid=abc');
    expect(campaignSearch('?cityId=3', store)).toBe('?cityId=3&utm_source=fb&gclid=abc');
  });
  it('lets a newer campaign replace an older value', () => {
    const store = memoryStore();
    campaignSearch('?utm_source=fb', store);
    campaignSearch('?utm_source=google', store);
    expect(campaignSearch('', store)).toBe('?utm_source=google');
  });
  it('ignores what is not a campaign parameter and survives a corrupt store', () => {
    const store = memoryStore();
    store.setItem('campaign_params', '{not json');
    expect(campaignSearch('?page=2', store)).toBeNull();
  });
});
