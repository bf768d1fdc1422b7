import { describe, expect, it } from 'vitest';
import { pathOnSite, siteInfoForPath, sitelessPath } from './site.ts';

describe('site from path', () => {
  it('treats /in and /in/… as India, everything else as UAE', () => {
    expect(siteInfoForPath('/in').site).toBe('IN');
    expect(siteInfoForPath('/in/holidays').site).toBe('IN');
    expect(siteInfoForPath('/').site).toBe('UAE');
    expect(siteInfoForPath('/india-trips').site).toBe('UAE');
    expect(siteInfoForPath('/inbox').site).toBe('UAE');
  });
  it('gives India rupees and IN phones, UAE dirhams and AE phones', () => {
    expect(siteInfoForPath('/in/cart')).toMatchObject({ currency: 'INR', phoneCountry: 'IN', prefix: '/in' });
    expect(siteInfoForPath('/cart')).toMatchObject({ currency: 'AED', phoneCountry: 'AE', prefix: '' });
  });
  it('maps a page to its twin on the other site', () => {
    expect(pathOnSite('/holidays/goa', 'IN')).toBe('/in/holidays/goa');
    expect(pathOnSite('/in/holidays/goa', 'UAE')).toBe('/holidays/goa');
    expect(pathOnSite('/in', 'UAE')).toBe('/');
    expect(pathOnSite('/', 'IN')).toBe('/in');
    expect(sitelessPath('/in')).toBe('/');
  });
});
