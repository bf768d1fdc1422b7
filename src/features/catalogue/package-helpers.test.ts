import { describe, expect, it } from 'vitest';
import type { PackageDetail } from '../../../contract/catalogue.ts';
import { ItineraryError, itineraryFileName, requestItinerary } from './itinerary-download.ts';
import { jsonForScript, packageJsonLd } from './package-json-ld.ts';

const pkg = {
  id: 25,
  slug: 'maldives-honeymoon',
  title: 'Maldives </script> Honeymoon',
  city: { id: 7, name: 'Maldives', slug: 'maldives' },
  tripType: { id: 1, name: 'Honeymoon', slug: 'honeymoon' },
  nights: 4,
  days: 5,
  summary: 'Four nights over the lagoon.',
  heroImage: '/images/places/maldives-1',
  rating: 4.9,
  reviewCount: 286,
  price: { amount: 17_500_000, currency: 'INR' },
  compareAt: null,
  highlights: [],
  occupancy: { maxAdultsPerRoom: 2, maxPeoplePerRoom: 2, childAgeLimit: 12 },
  itinerary: [
    { day: 1, title: 'Arrive', description: '' },
    { day: 2, title: 'Snorkel', description: '' },
  ],
  inclusions: [],
  exclusions: [],
  gallery: ['/images/places/maldives-1', '/images/places/maldives-2'],
  interests: [],
  reviews: [],
  related: [],
} satisfies PackageDetail;

describe('package JSON-LD', () => {
  it('is a TouristTrip and Product with an Offer in the site currency', () => {
    const ld = packageJsonLd(pkg, 'https://shop.example/in/holidays/maldives-honeymoon', 'https://shop.example');
    expect(ld['@type']).toEqual(['TouristTrip', 'Product']);
    expect(ld.offers).toMatchObject({
      '@type': 'Offer',
      price: 175000,
      priceCurrency: 'INR',
      url: 'https://shop.example/in/holidays/maldives-honeymoon',
    });
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.9, reviewCount: 286 });
    expect(ld.image).toEqual([
      'https://shop.example/images/places/maldives-1-1440.webp',
      'https://shop.example/images/places/maldives-2-1440.webp',
    ]);
    expect((ld.itinerary as { itemListElement: unknown[] }).itemListElement).toHaveLength(2);
  });
  it('leaves the rating out when there are no reviews', () => {
    expect(packageJsonLd({ ...pkg, reviewCount: 0 }, 'u', 'o').aggregateRating).toBeUndefined();
  });
  it('cannot close its script element', () => {
    const json = jsonForScript(packageJsonLd(pkg, 'u', 'o'));
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).name).toBe('Maldives </script> Honeymoon');
  });
});

describe('itinerary download', () => {
  it('names the file after the package', () => {
    expect(itineraryFileName('maldives-honeymoon')).toBe('maldives-honeymoon-itinerary.pdf');
    expect(itineraryFileName('../../etc passwd')).toBe('etc-passwd-itinerary.pdf');
  });
  it('returns the PDF with the site header', async () => {
    let sent: RequestInit | undefined;
    const fake = (async (_url: string, init: RequestInit) => {
      sent = init;
      return new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } });
    }) as unknown as typeof fetch;
    const blob = await requestItinerary(new FormData(), 'IN', fake);
    expect(await blob.text()).toBe('%PDF-1.7');
    expect((sent?.headers as Record<string, string>).Country).toBe('IN');
    expect(sent?.method).toBe('POST');
  });
  it("shows the server's message, or a clear one when offline", async () => {
    const refused = (async () =>
      new Response(JSON.stringify({ status: 'error', message: 'Please enter a valid phone number.', data: null }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      })) as unknown as typeof fetch;
    await expect(requestItinerary(new FormData(), 'UAE', refused)).rejects.toThrow(
      'Please enter a valid phone number.',
    );
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(requestItinerary(new FormData(), 'UAE', offline)).rejects.toBeInstanceOf(ItineraryError);
  });
});
