/** Deal categories, subcategories and deals (each deal promotes one package). */
import type { dealCategories, deals, dealSubcategories } from '../schema.ts';
import { CATALOGUE } from './catalogue.ts';

type DealCategoryRow = typeof dealCategories.$inferInsert;
type DealSubcategoryRow = typeof dealSubcategories.$inferInsert;
type DealRow = typeof deals.$inferInsert;

export const DEAL_CATEGORIES: DealCategoryRow[] = [
  {
    id: 1,
    slug: 'summer-escapes',
    name: 'Summer Escapes',
    description:
      'Beat the heat with cool hill stations, Alpine lakes and breezy islands, timed for the school holidays from June to August.',
    image: '/images/deals/deal-1',
  },
  {
    id: 2,
    slug: 'winter-wonderland',
    name: 'Winter Wonderland',
    description:
      'Snow-covered valleys in Kashmir and Manali, ski lessons in Gulmarg and fairy-tale Swiss villages, plus sunny beach escapes from December to March.',
    image: '/images/deals/deal-2',
  },
  {
    id: 3,
    slug: 'festive-getaways',
    name: 'Festive Getaways',
    description:
      'Make the most of the Diwali, Eid and New Year holidays with specially priced trips for families and couples.',
    image: '/images/deals/deal-3',
  },
  {
    id: 4,
    slug: 'weekend-breaks',
    name: 'Weekend Breaks',
    description: 'Three- and four-night escapes that fit around a long weekend, from the UAE and from India.',
    image: '/images/deals/deal-4',
  },
];

export const DEAL_SUBCATEGORIES: DealSubcategoryRow[] = [
  { id: 1, categoryId: 1, slug: 'hill-station-escapes', name: 'Hill Station Escapes' },
  { id: 2, categoryId: 1, slug: 'europe-in-summer', name: 'Europe in Summer' },
  { id: 3, categoryId: 1, slug: 'island-breaks', name: 'Island Breaks' },
  { id: 4, categoryId: 2, slug: 'snow-holidays', name: 'Snow Holidays' },
  { id: 5, categoryId: 2, slug: 'winter-sun', name: 'Winter Sun' },
  { id: 6, categoryId: 3, slug: 'diwali-getaways', name: 'Diwali Getaways' },
  { id: 7, categoryId: 3, slug: 'new-year-celebrations', name: 'New Year Celebrations' },
  { id: 8, categoryId: 3, slug: 'eid-holidays', name: 'Eid Holidays' },
  { id: 9, categoryId: 4, slug: 'quick-trips-from-uae', name: 'Quick Trips from the UAE' },
  { id: 10, categoryId: 4, slug: 'short-breaks-from-india', name: 'Short Breaks from India' },
];

type DealSpec = [
  slug: string,
  title: string,
  description: string,
  subcategoryId: number,
  packageId: number,
  discountPercent: number,
  validTo: string,
];

const SPECS: DealSpec[] = [
  [
    'kashmir-summer-family-escape',
    'Kashmir Family Summer Escape',
    'Trade the heat for meadows and glaciers: 15% off our six-night Kashmir family holiday with a Dal Lake houseboat night and the Gulmarg Gondola.',
    1,
    18,
    15,
    '2027-08-31',
  ],
  [
    'manali-adventure-week',
    'Manali Adventure Week',
    'Paragliding at Solang, rafting on the Beas and the Jogini Falls trek, now 12% off for summer departures.',
    1,
    54,
    12,
    '2027-06-30',
  ],
  [
    'swiss-family-summer',
    'Swiss Alps Family Summer',
    'Seven nights of trains, lakes and glaciers with the Swiss Family Card, so children travel free. 10% off summer dates.',
    2,
    42,
    10,
    '2027-09-15',
  ],
  [
    'swiss-honeymoon-summer',
    'Swiss Honeymoon in Summer',
    'Lucerne, Interlaken and the Jungfraujoch in first class, with 8% off summer honeymoon departures.',
    2,
    41,
    8,
    '2027-09-30',
  ],
  [
    'mauritius-family-island-break',
    'Mauritius Family Island Break',
    'All-inclusive family resort, Casela safari and Île aux Cerfs, with 12% off during the school holidays.',
    3,
    62,
    12,
    '2027-08-31',
  ],
  [
    'gulmarg-ski-week',
    'Gulmarg Ski Week',
    'Three days of ski lessons, gear rental and the gondola to Apharwat: 18% off early-season departures.',
    4,
    19,
    18,
    '2027-02-28',
  ],
  [
    'manali-snow-family',
    'Manali Family Snow Holiday',
    "Solang's snow slopes, Sissu beyond the Atal Tunnel and the hot springs of Manikaran, now 20% off.",
    4,
    55,
    20,
    '2027-03-15',
  ],
  [
    'glacier-express-in-winter',
    'Glacier Express in Winter',
    'Five-star hotels and the Glacier Express through a snowy Alpine landscape, with 7% off winter journeys.',
    4,
    44,
    7,
    '2027-03-31',
  ],
  [
    'goa-winter-sun',
    'Goa Winter Sun',
    "North Goa's beaches and forts at their sunniest, with 10% off three-night breaks from December to February.",
    5,
    9,
    10,
    '2027-02-28',
  ],
  [
    'phuket-krabi-winter-sun',
    'Phuket & Krabi Winter Sun',
    'Calm seas and clear skies on the Andaman coast: 12% off our Phuket and Krabi honeymoon for winter travel.',
    5,
    34,
    12,
    '2027-03-31',
  ],
  [
    'rajasthan-diwali-heritage',
    'Rajasthan Heritage for Diwali',
    'See the forts and havelis lit up for the festival of lights, with 14% off our eight-night heritage trail.',
    6,
    21,
    14,
    '2027-11-15',
  ],
  [
    'udaipur-diwali-romance',
    'Udaipur Lakes at Diwali',
    'Lake Pichola glowing with diyas and a candlelit lakeside dinner for two, now 10% off.',
    6,
    22,
    10,
    '2027-11-15',
  ],
  [
    'dubai-new-year-group',
    'New Year in Dubai',
    'Ring in the New Year in Dubai with our group departure, Abu Dhabi day trip and dhow cruise, 12% off.',
    7,
    4,
    12,
    '2027-01-05',
  ],
  [
    'maldives-eid-honeymoon',
    'Maldives for Eid',
    'An overwater villa and a sandbank picnic for two over the Eid holidays, with 15% off.',
    8,
    25,
    15,
    '2027-06-30',
  ],
  [
    'abu-dhabi-culture-weekend',
    'Abu Dhabi Culture Weekend',
    'The Grand Mosque, Qasr Al Watan and the Louvre Abu Dhabi on an easy long weekend, 20% off.',
    9,
    6,
    20,
    '2027-04-30',
  ],
  [
    'cappadocia-long-weekend',
    'Cappadocia Long Weekend',
    'Balloons at sunrise, ATVs at sunset and a cave hotel in Göreme, a short flight from the UAE. 10% off.',
    9,
    47,
    10,
    '2027-05-31',
  ],
  [
    'goa-friends-weekend',
    "Goa Friends' Weekend",
    'Three nights in Baga with water sports and the Saturday Night Market, 25% off for groups of friends.',
    10,
    12,
    25,
    '2027-03-31',
  ],
  [
    'andaman-family-short-break',
    'Andaman Family Short Break',
    'Ross Island, Havelock and Elephant Beach in four easy nights, now 8% off.',
    10,
    51,
    8,
    '2027-05-15',
  ],
];

const heroOf = new Map(CATALOGUE.packages.map((p) => [p.id, p.heroImage]));
const categoryOf = new Map(DEAL_SUBCATEGORIES.map((s) => [s.id, s.categoryId]));

export const DEALS: DealRow[] = SPECS.map(
  ([slug, title, description, subcategoryId, packageId, discountPercent, validTo]) => {
    const image = heroOf.get(packageId);
    const categoryId = categoryOf.get(subcategoryId);
    if (!image || !categoryId) throw new Error(`seed: deal ${slug} refers to a missing package or subcategory`);
    return {
      slug,
      title,
      description,
      image,
      categoryId,
      subcategoryId,
      packageId,
      discountPercent,
      moduleType: 'package',
      validTo: new Date(`${validTo}T23:59:59+04:00`),
    };
  },
);
