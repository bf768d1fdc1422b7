import type { PackageDetail } from '../../../contract/catalogue.ts';
import { inCurrencyUnits } from '../../../contract/money.ts';

/**
 * Structured data of a package page: a TouristTrip that is also a Product, so its Offer (price
 * in the site's currency) and rating can show in search results.
 */
export function packageJsonLd(pkg: PackageDetail, pageUrl: string, origin: string): Record<string, unknown> {
  const image = (pkg.gallery.length ? pkg.gallery : [pkg.heroImage]).slice(0, 3).map((p) => `${origin}${p}-1440.webp`);
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': ['TouristTrip', 'Product'],
    name: pkg.title,
    description: pkg.summary,
    url: pageUrl,
    image,
    sku: String(pkg.id),
    brand: { '@type': 'Brand', name: 'Wanderlust Holidays' },
    touristType: pkg.tripType.name,
    itinerary: {
      '@type': 'ItemList',
      numberOfItems: pkg.itinerary.length,
      itemListElement: pkg.itinerary.map((d) => ({
        '@type': 'ListItem',
        position: d.day,
        name: `Day ${d.day}: ${d.title}`,
      })),
    },
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      // schema.org's price is in the currency's units (1299.5); the shop's amounts are in the smallest unit.
      price: inCurrencyUnits(pkg.price.amount),
      priceCurrency: pkg.price.currency,
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'Organization', name: 'Wanderlust Holidays' },
    },
  };
  if (pkg.reviewCount > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: pkg.rating,
      reviewCount: pkg.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

/** JSON for an inline script element: `<` escaped so no text can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
