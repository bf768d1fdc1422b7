/** Site content: banners, mission statements, footer links. (Reviews and blog posts have their own modules.) */
import type { banners, footerHeadings, missionStatements } from '../schema.ts';
import { DEST_ID, destinationName, type DestinationSlug } from './places.ts';

type BannerRow = typeof banners.$inferInsert;
type MissionRow = typeof missionStatements.$inferInsert;
type FooterRow = typeof footerHeadings.$inferInsert;

export const COMPANY = 'Wanderlust Holidays';

const city = (slug: DestinationSlug) => `/holidays?cityId=${DEST_ID[slug]}`;

export const BANNERS: BannerRow[] = [
  {
    bannerType: 'home',
    site: null,
    title: 'Summer in the Swiss Alps',
    subtitle: 'Lakes, glaciers and scenic trains, with the Swiss Travel Pass included',
    image: '/images/banners/banner-3',
    link: city('switzerland'),
    sort: 1,
  },
  {
    bannerType: 'home',
    site: null,
    title: 'Maldives Overwater Villas',
    subtitle: 'Honeymoon and family escapes with speedboat or seaplane transfers',
    image: '/images/banners/banner-1',
    link: city('maldives'),
    sort: 2,
  },
  {
    bannerType: 'home',
    site: null,
    title: 'Desert Nights in Dubai',
    subtitle: 'Dune drives, camel rides and a Bedouin camp dinner under the stars',
    image: '/images/banners/banner-2',
    link: city('dubai'),
    sort: 3,
  },
  {
    bannerType: 'home',
    site: null,
    title: 'Singapore After Dark',
    subtitle: 'Gardens by the Bay light shows, the Night Safari and hawker-centre feasts',
    image: '/images/banners/banner-4',
    link: city('singapore'),
    sort: 4,
  },
  {
    bannerType: 'holidays',
    site: null,
    title: 'Family Holidays Everyone Will Love',
    subtitle: 'Theme parks, beaches and safaris for every age',
    image: '/images/banners/banner-1',
    link: '/holidays?typeId=2',
    sort: 1,
  },
  {
    bannerType: 'holidays',
    site: null,
    title: 'Honeymoon Specials',
    subtitle: 'Private pool villas and candlelit dinners, plus 15% off with code HONEYMOON15',
    image: '/images/banners/banner-1',
    link: '/holidays?typeId=1',
    sort: 2,
  },
  {
    bannerType: 'deals',
    site: null,
    title: 'Weekend Breaks',
    subtitle: 'Three- and four-night escapes from the UAE and India',
    image: '/images/banners/banner-4',
    link: '/deals/weekend-breaks',
    sort: 1,
  },
  {
    bannerType: 'deals',
    site: null,
    title: 'Festive Getaways',
    subtitle: 'Diwali, Eid and New Year trips at special prices',
    image: '/images/banners/banner-3',
    link: '/deals/festive-getaways',
    sort: 2,
  },
];

const DESTINATION_MISSIONS: Record<DestinationSlug, string> = {
  dubai:
    'Our Dubai team lives here, so we know which desert camps are worth it, when to book the Burj Khalifa for sunset and which hotels suit families. Every Dubai package includes private or reliable shared transfers and a local number to call any time.',
  'abu-dhabi':
    'From the Grand Mosque to Yas Island, we plan Abu Dhabi trips that work as well for UAE residents on a long weekend as for visitors flying in. Our guides are licensed and our theme-park packages use hotels on the free park shuttle.',
  goa: 'We have been sending travellers to Goa for more than a decade and visit every partner resort ourselves. Whether you want Baga nightlife or a quiet South Goa cove, we match the beach to the traveller.',
  kerala:
    'Our Kochi office plans every Kerala trip, from houseboat crews we have worked with for years to Ayurvedic resorts with qualified doctors. Private cars with experienced ghat-road drivers come as standard.',
  kashmir:
    'We work with family-run houseboats and hotels in Srinagar, Gulmarg and Pahalgam, and we brief every traveller on local cabs and pony charges before they go. Our Srinagar partners are on call throughout your trip.',
  rajasthan:
    'Our Rajasthan holidays favour heritage hotels, licensed local guides and drivers who know every fort road. We plan sensible driving days so you see more and sit in the car less.',
  maldives:
    'With hundreds of resorts to choose from, we help you pick the right island for your budget, meal plan and transfer type. Our specialists have stayed at the resorts we recommend and can explain every villa category.',
  bali: 'We split Bali trips between Ubud and the coast so you get culture and beaches without endless drives. English-speaking driver-guides, temple sarongs and entrance fees are always included.',
  thailand:
    'From first family trips to Pattaya to island-hopping in Krabi, our Thailand packages include Indian-friendly meals where needed and ferries booked in advance. We only use ethical, no-riding elephant sanctuaries.',
  singapore:
    'Singapore is our most popular first trip abroad for families, and we make it effortless: tickets bundled, transfers timed and hotels close to the MRT. Our group departures leave every month.',
  switzerland:
    'Our Swiss itineraries are built around the Swiss Travel Pass, with realistic train connections and luggage tips for every hotel change. Seasonal experts adjust every trip for snow, weather and opening dates.',
  turkey:
    'We plan Türkiye holidays with licensed guides and trusted balloon operators, and rebook flights automatically when the wind grounds the balloons. Cave hotels are hand-picked for comfort as well as views.',
  andaman:
    'Island logistics are where Andaman trips go wrong, so we pre-book every ferry, permit and transfer. Our Port Blair partners keep you updated if the weather changes the schedule.',
  manali:
    'Our Manali packages use drivers who know the Atal Tunnel and Solang roads in every season, with snow gear and permits arranged in advance. We plan around peak-season traffic wherever possible.',
  'sri-lanka':
    'Every Sri Lanka holiday comes with a licensed chauffeur-guide who stays with you for the whole trip. We balance culture, wildlife and beaches with sensible daily drives.',
  mauritius:
    'We pair each traveller with the right Mauritian coast: calm lagoons for families, Le Morne for luxury, Grand Baie for energy. Our island partners run every excursion with small groups.',
};

const MISSIONS: MissionRow[] = [
  {
    pageType: 'home',
    forListing: false,
    title: 'Holidays planned by people who travel',
    body: `${COMPANY} has planned trips for travellers from the UAE and India since 2012, from our offices in Dubai and Kochi. Every package is built by specialists who have been there, priced in your own currency and backed by real people on WhatsApp while you travel.`,
  },
  {
    pageType: 'holidays',
    forListing: false,
    title: 'Every package, checked by our specialists',
    body: `We visit the hotels, ride the transfers and test the excursions before a package goes on sale. If something is not right, we change it, so the trip you book with ${COMPANY} is the trip you get.`,
  },
  {
    pageType: 'deals',
    forListing: false,
    title: 'Real savings, clearly shown',
    body: `Our deals are negotiated directly with hotels and local partners, never by inflating the original price. The discount you see is the discount you get, with the same inclusions and the same ${COMPANY} support.`,
  },
  {
    pageType: 'coupons',
    forListing: false,
    title: 'Save more on every trip',
    body: `Apply a ${COMPANY} coupon at checkout to save on your next holiday, from first-booking offers to festive and bank specials. Each coupon shows its minimum booking value and expiry date up front, so there are no surprises. One coupon can be used per booking, and coupons cannot be exchanged for cash.`,
  },
  {
    pageType: 'holidays',
    forListing: true,
    title: 'Find the holiday that fits you',
    body: `Browse ${COMPANY} packages by destination, trip type or interest. Every price is per adult, shown in your own currency, with inclusions listed in full.`,
  },
  ...(Object.keys(DESTINATION_MISSIONS) as DestinationSlug[]).map((slug): MissionRow => ({
    pageType: slug,
    forListing: true,
    title: `${destinationName(slug)} holidays with ${COMPANY}`,
    body: DESTINATION_MISSIONS[slug],
  })),
];

/** Bodies are stored as HTML (one paragraph). */
export const MISSION_STATEMENTS: MissionRow[] = MISSIONS.map((m) => ({ ...m, body: `<p>${m.body}</p>` }));

export const FOOTER_HEADINGS: FooterRow[] = [
  {
    heading: 'Company',
    sort: 1,
    links: [
      { label: 'About us', url: '/about' },
      { label: 'Travel blog', url: '/blog' },
      { label: 'Contact us', url: '/contact' },
    ],
  },
  {
    heading: 'Holidays',
    sort: 2,
    links: [
      { label: 'All holidays', url: '/holidays' },
      { label: 'Dubai', url: city('dubai') },
      { label: 'Maldives', url: city('maldives') },
      { label: 'Kerala', url: city('kerala') },
      { label: 'Kashmir', url: city('kashmir') },
      { label: 'Bali', url: city('bali') },
      { label: 'Switzerland', url: city('switzerland') },
    ],
  },
  {
    heading: 'Support',
    sort: 3,
    links: [
      { label: 'Deals', url: '/deals' },
      { label: 'Coupons', url: '/coupons' },
      { label: 'Help & contact', url: '/contact' },
    ],
  },
  {
    heading: 'Legal',
    sort: 4,
    links: [
      { label: 'Terms & conditions', url: '/terms' },
      { label: 'Privacy policy', url: '/privacy' },
    ],
  },
];
