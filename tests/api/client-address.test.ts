import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Per-address limits (logins, codes, enquiries, itineraries) count the client's address. Only a
// proxy named in TRUST_PROXY may tell us that address; IPv6 clients count by their /64.

const exit = {
  FullName: 'Sara Ali',
  Email: 'sara.ali@gmail.com',
  MobileCountryCode: '+971',
  MobileNo: '501234567',
  Mode: 'exit-popup',
};
const LIMIT = 20;

async function enquire(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Common/SubmitExitPageEnquiry',
    query: exit,
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return res.statusCode;
}

describe('without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { ENQUIRY_RATE_LIMIT: LIMIT } });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: 25 made-up addresses from one caller share one limit', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 25; i++) codes.push(await enquire(t, '203.0.113.7', `198.51.100.${i}`));
    expect(codes.slice(0, LIMIT).every((c) => c === 200)).toBe(true);
    expect(codes.slice(LIMIT)).toEqual([429, 429, 429, 429, 429]);
  });

  it('counts IPv6 callers by their /64, and IPv4-mapped addresses as the IPv4 address', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i++) codes.push(await enquire(t, `2001:db8:aa:1:${i.toString(16)}::${i}`));
    expect(codes.at(-1)).toBe(429);
    expect(await enquire(t, '2001:db8:aa:2::1')).toBe(200);
    for (let i = 0; i < LIMIT; i++) await enquire(t, '198.51.100.200');
    expect(await enquire(t, '::ffff:198.51.100.200')).toBe(429);
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { ENQUIRY_RATE_LIMIT: LIMIT, TRUST_PROXY: ['10.0.0.0/8'] } });
  });
  afterAll(() => t.close());

  it('takes the client address the proxy forwards, and only from the proxy', async () => {
    const fromProxy: number[] = [];
    for (let i = 1; i <= 25; i++) fromProxy.push(await enquire(t, '10.0.0.5', `198.51.100.${i}`));
    expect(fromProxy.every((c) => c === 200)).toBe(true);
    // A caller that is not the proxy cannot choose its address.
    const direct: number[] = [];
    for (let i = 1; i <= 25; i++) direct.push(await enquire(t, '203.0.113.9', `198.51.100.${100 + i}`));
    expect(direct.at(-1)).toBe(429);
    // Nor can a client put an address before the one the proxy adds.
    for (let i = 1; i <= 25; i++) await enquire(t, '10.0.0.5', `192.0.2.${i}, 198.51.100.77`);
    expect(await enquire(t, '10.0.0.5', `192.0.2.99, 198.51.100.77`)).toBe(429);
  });
});

describe('TRUST_PROXY setting', () => {
  const load = (value: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).config.TRUST_PROXY;
  it('takes addresses and ranges, and nothing by default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).config.TRUST_PROXY).toBe(false);
    expect(load('10.0.0.0/8, 127.0.0.1,::1,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
  });
  it('refuses true, which would let any caller choose its address, hop counts and things that are not addresses', () => {
    expect(() => load('1')).toThrow(ConfigError);
    expect(() => load('true')).toThrow(ConfigError);
    expect(() => load('true')).toThrow(/TRUST_PROXY.*would trust any caller/);
    expect(() => load('10.0.0.0/99')).toThrow(/"10.0.0.0\/99" is neither/);
    expect(() => load('proxy.example.com')).toThrow(ConfigError);
  });
});
