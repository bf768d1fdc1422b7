/**
 * Countries, states (Indian states and union territories, UAE emirates) and cities.
 * Ids are stable: other seed modules and links (`/holidays?cityId=…`) refer to them.
 */
import type { cities, countries, states } from '../schema.ts';

type CountryRow = typeof countries.$inferInsert;
type StateRow = typeof states.$inferInsert;
type CityRow = typeof cities.$inferInsert;

export const INDIA = 101;
export const UAE = 231;

export const COUNTRIES: CountryRow[] = [
  { id: 14, name: 'Australia', iso2: 'AU', dialCode: '+61' },
  { id: 18, name: 'Bahrain', iso2: 'BH', dialCode: '+973' },
  { id: 19, name: 'Bangladesh', iso2: 'BD', dialCode: '+880' },
  { id: 26, name: 'Bhutan', iso2: 'BT', dialCode: '+975' },
  { id: 39, name: 'Canada', iso2: 'CA', dialCode: '+1' },
  { id: 65, name: 'Egypt', iso2: 'EG', dialCode: '+20' },
  { id: INDIA, name: 'India', iso2: 'IN', dialCode: '+91' },
  { id: 102, name: 'Indonesia', iso2: 'ID', dialCode: '+62' },
  { id: 117, name: 'Kuwait', iso2: 'KW', dialCode: '+965' },
  { id: 132, name: 'Malaysia', iso2: 'MY', dialCode: '+60' },
  { id: 133, name: 'Maldives', iso2: 'MV', dialCode: '+960' },
  { id: 138, name: 'Mauritius', iso2: 'MU', dialCode: '+230' },
  { id: 153, name: 'Nepal', iso2: 'NP', dialCode: '+977' },
  { id: 165, name: 'Oman', iso2: 'OM', dialCode: '+968' },
  { id: 167, name: 'Pakistan', iso2: 'PK', dialCode: '+92' },
  { id: 174, name: 'Philippines', iso2: 'PH', dialCode: '+63' },
  { id: 179, name: 'Qatar', iso2: 'QA', dialCode: '+974' },
  { id: 194, name: 'Saudi Arabia', iso2: 'SA', dialCode: '+966' },
  { id: 199, name: 'Singapore', iso2: 'SG', dialCode: '+65' },
  { id: 206, name: 'Sri Lanka', iso2: 'LK', dialCode: '+94' },
  { id: 214, name: 'Switzerland', iso2: 'CH', dialCode: '+41' },
  { id: 217, name: 'Thailand', iso2: 'TH', dialCode: '+66' },
  { id: 225, name: 'Türkiye', iso2: 'TR', dialCode: '+90' },
  { id: UAE, name: 'United Arab Emirates', iso2: 'AE', dialCode: '+971' },
  { id: 232, name: 'United Kingdom', iso2: 'GB', dialCode: '+44' },
  { id: 233, name: 'United States', iso2: 'US', dialCode: '+1' },
];

const C = {
  ID: 102,
  MV: 133,
  MU: 138,
  SG: 199,
  LK: 206,
  CH: 214,
  TH: 217,
  TR: 225,
} as const;

/** Indian states (28) then union territories (8); ids 1001..1036. */
const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  // union territories
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

/** The seven emirates; ids 2301..2307. */
const EMIRATES = ['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'] as const;

export const STATES: StateRow[] = [
  ...INDIAN_STATES.map((name, i) => ({ id: 1001 + i, countryId: INDIA, name })),
  ...EMIRATES.map((name, i) => ({ id: 2301 + i, countryId: UAE, name })),
];

type IndianState = (typeof INDIAN_STATES)[number];
type Emirate = (typeof EMIRATES)[number];

function inState(name: IndianState): number {
  return 1001 + INDIAN_STATES.indexOf(name);
}
function inEmirate(name: Emirate): number {
  return 2301 + EMIRATES.indexOf(name);
}

export const DESTINATION_SLUGS = [
  'dubai',
  'abu-dhabi',
  'goa',
  'kerala',
  'kashmir',
  'rajasthan',
  'maldives',
  'bali',
  'thailand',
  'singapore',
  'switzerland',
  'turkey',
  'andaman',
  'manali',
  'sri-lanka',
  'mauritius',
] as const;
export type DestinationSlug = (typeof DESTINATION_SLUGS)[number];

/** City id of each destination (1..16, in the order above). */
export const DEST_ID: Record<DestinationSlug, number> = Object.fromEntries(
  DESTINATION_SLUGS.map((slug, i) => [slug, i + 1]),
) as Record<DestinationSlug, number>;

/** Image path without width suffix: `/images/places/<slug>-<n>`, n = 1..3. */
export function placeImage(slug: DestinationSlug, n: 1 | 2 | 3): string {
  return `/images/places/${slug}-${n}`;
}

interface DestinationInfo {
  name: string;
  countryId: number;
  stateId: number | null;
  summary: string;
}

const DESTINATIONS: Record<DestinationSlug, DestinationInfo> = {
  dubai: {
    name: 'Dubai',
    countryId: UAE,
    stateId: inEmirate('Dubai'),
    summary:
      'Dubai packs a whole world into one city: the 828-metre Burj Khalifa, spice and gold souks along the Creek, beach clubs on Jumeirah and red dunes barely an hour from Downtown. Come between November and March for desert camps, Global Village and dinners outdoors, or in summer for the best hotel rates and world-class indoor attractions.',
  },
  'abu-dhabi': {
    name: 'Abu Dhabi',
    countryId: UAE,
    stateId: inEmirate('Abu Dhabi'),
    summary:
      "The UAE's capital pairs calm with culture: the white marble of the Sheikh Zayed Grand Mosque, the Louvre Abu Dhabi floating on Saadiyat's shore and the theme parks of Yas Island, from Ferrari World to Warner Bros. World. Beyond the city lie mangrove lagoons for kayaking, the oasis town of Al Ain and the towering dunes of Liwa.",
  },
  goa: {
    name: 'Goa',
    countryId: INDIA,
    stateId: inState('Goa'),
    summary:
      "India's favourite beach state swings from the lively shacks of Baga and Anjuna in the north to the palm-fringed coves of Palolem and Agonda in the south. Between beach days, explore the baroque churches of Old Goa, the pastel Latin quarter of Fontainhas in Panjim and spice farms in the hinterland. November to February brings the sunniest skies.",
  },
  kerala: {
    name: 'Kerala',
    countryId: INDIA,
    stateId: inState('Kerala'),
    summary:
      "Kerala strings together some of South India's loveliest landscapes: the Chinese fishing nets of Fort Kochi, emerald tea estates around Munnar, spice gardens and wildlife at Thekkady, and a night aboard a kettuvallam houseboat on the Alleppey backwaters. Finish on the cliffs of Varkala or with an Ayurvedic retreat near Kovalam.",
  },
  kashmir: {
    name: 'Kashmir',
    countryId: INDIA,
    stateId: inState('Jammu and Kashmir'),
    summary:
      "Drift across Dal Lake in a shikara, stroll the terraced Mughal gardens of Srinagar and ride the Gulmarg Gondola up to Apharwat's snowfields. Pahalgam's Lidder valley and the glacier at Sonamarg complete the picture. Spring brings tulips and blossoms, summer green meadows, and winter turns Gulmarg into India's best-known ski resort.",
  },
  rajasthan: {
    name: 'Rajasthan',
    countryId: INDIA,
    stateId: inState('Rajasthan'),
    summary:
      "The land of maharajas is best seen fort by fort: Amber Fort and the pink bazaars of Jaipur, Mehrangarh towering over Jodhpur's blue lanes, Jaisalmer's living golden fort and the dunes of Sam, and the lake palaces of Udaipur. Add a tiger safari in Ranthambore and stay in heritage havelis. October to March is the ideal season.",
  },
  maldives: {
    name: 'Maldives',
    countryId: C.MV,
    stateId: null,
    summary:
      'Some 1,190 coral islands scattered across 26 atolls, where most resorts have an island all to themselves. Arrive at Velana International Airport and transfer by speedboat or seaplane to an overwater villa, then spend your days snorkelling house reefs, picnicking on sandbanks and spotting manta rays, turtles and dolphins. December to April is the driest season.',
  },
  bali: {
    name: 'Bali',
    countryId: C.ID,
    stateId: null,
    summary:
      "Indonesia's Island of the Gods blends rice terraces, temples and surf. Base yourself in Ubud for Tegallalang's paddies, the Sacred Monkey Forest and Tirta Empul's holy springs, then head south for Seminyak's beach clubs, Uluwatu's clifftop Kecak dance and a day trip to Nusa Penida. The dry season runs from April to October.",
  },
  thailand: {
    name: 'Thailand',
    countryId: C.TH,
    stateId: null,
    summary:
      "From the gilded temples of Bangkok's Grand Palace to the limestone islands of Phang Nga Bay, Thailand does variety at a great price. Pattaya suits families with Coral Island and Safari World, Phuket and Krabi are made for island hopping to Phi Phi, and Chiang Mai adds mountain temples and ethical elephant sanctuaries. And everywhere, the street food.",
  },
  singapore: {
    name: 'Singapore',
    countryId: C.SG,
    stateId: null,
    summary:
      'A garden city where the Supertrees of Gardens by the Bay glow at night, Sentosa holds Universal Studios and the Singapore Oceanarium, and the Mandai wildlife parks include the world-famous Night Safari. Compact, spotless and easy with children, it also rewards food lovers with hawker centres like Lau Pa Sat and Maxwell, plus Little India and Chinatown.',
  },
  switzerland: {
    name: 'Switzerland',
    countryId: C.CH,
    stateId: null,
    summary:
      "Ride the rails through the Alps: Lucerne's Chapel Bridge and Mount Titlis, the Jungfraujoch at 3,454 metres above Interlaken, the First Cliff Walk at Grindelwald and the Matterhorn from Zermatt's Gornergrat. A Swiss Travel Pass covers trains, lake boats and many cable cars. Summer is for meadows and lakes, winter for snow-globe villages.",
  },
  turkey: {
    name: 'Turkey',
    countryId: C.TR,
    stateId: null,
    summary:
      'Türkiye straddles two continents and several thousand years of history. Istanbul offers Hagia Sophia, the Blue Mosque, Topkapı Palace and a cruise along the Bosphorus; Cappadocia wakes to hundreds of hot-air balloons over its fairy chimneys and cave hotels. Further west lie the white travertines of Pamukkale and the marble streets of Ephesus.',
  },
  andaman: {
    name: 'Andaman',
    countryId: INDIA,
    stateId: inState('Andaman and Nicobar Islands'),
    summary:
      "India's island getaway in the Bay of Bengal: the Cellular Jail's moving light-and-sound show in Port Blair, turquoise water and white sand at Radhanagar Beach on Havelock (Swaraj Dweep), and coral reefs off Elephant Beach and Neil Island (Shaheed Dweep). A top spot for first-time scuba divers; visit between October and May.",
  },
  manali: {
    name: 'Manali',
    countryId: INDIA,
    stateId: inState('Himachal Pradesh'),
    summary:
      'Set in the Beas valley beneath snow-capped peaks, Manali mixes cedar forests, the 16th-century Hadimba Devi temple and the cafés of Old Manali. Paraglide over Solang Valley, drive through the Atal Tunnel to the stark landscapes of Lahaul and raft the Beas near Kullu. Winter brings snow play; summer opens the high passes.',
  },
  'sri-lanka': {
    name: 'Sri Lanka',
    countryId: C.LK,
    stateId: null,
    summary:
      "A compact island with a remarkable range: climb the Sigiriya rock fortress, visit Kandy's Temple of the Tooth, sip tea in Nuwara Eliya and take the scenic train to Ella over the Nine Arches Bridge. Spot leopards in Yala and elephants at Minneriya, then unwind on southern beaches near the Dutch-built Galle Fort.",
  },
  mauritius: {
    name: 'Mauritius',
    countryId: C.MU,
    stateId: null,
    summary:
      'An Indian Ocean island ringed by lagoons, with a warm mix of Creole, Indian, French and Chinese cultures. Sail by catamaran to Île aux Bénitiers, spend a day on Île aux Cerfs, see the Seven Coloured Earth at Chamarel and the sacred lake of Grand Bassin, and watch the sun set behind Le Morne Brabant. Pleasant all year; May to December is drier.',
  },
};

/** Cities that are not holiday destinations (departure cities, addresses). Ids from 101. */
const OTHER_CITIES: Array<{ name: string; slug: string; countryId: number; stateId: number }> = [
  { name: 'Mumbai', slug: 'mumbai', countryId: INDIA, stateId: inState('Maharashtra') },
  { name: 'Delhi', slug: 'delhi', countryId: INDIA, stateId: inState('Delhi') },
  { name: 'Bengaluru', slug: 'bengaluru', countryId: INDIA, stateId: inState('Karnataka') },
  { name: 'Chennai', slug: 'chennai', countryId: INDIA, stateId: inState('Tamil Nadu') },
  { name: 'Kolkata', slug: 'kolkata', countryId: INDIA, stateId: inState('West Bengal') },
  { name: 'Hyderabad', slug: 'hyderabad', countryId: INDIA, stateId: inState('Telangana') },
  { name: 'Pune', slug: 'pune', countryId: INDIA, stateId: inState('Maharashtra') },
  { name: 'Ahmedabad', slug: 'ahmedabad', countryId: INDIA, stateId: inState('Gujarat') },
  { name: 'Jaipur', slug: 'jaipur', countryId: INDIA, stateId: inState('Rajasthan') },
  { name: 'Kochi', slug: 'kochi', countryId: INDIA, stateId: inState('Kerala') },
  { name: 'Thiruvananthapuram', slug: 'thiruvananthapuram', countryId: INDIA, stateId: inState('Kerala') },
  { name: 'Kozhikode', slug: 'kozhikode', countryId: INDIA, stateId: inState('Kerala') },
  { name: 'Lucknow', slug: 'lucknow', countryId: INDIA, stateId: inState('Uttar Pradesh') },
  { name: 'Chandigarh', slug: 'chandigarh', countryId: INDIA, stateId: inState('Chandigarh') },
  { name: 'Coimbatore', slug: 'coimbatore', countryId: INDIA, stateId: inState('Tamil Nadu') },
  { name: 'Indore', slug: 'indore', countryId: INDIA, stateId: inState('Madhya Pradesh') },
  { name: 'Nagpur', slug: 'nagpur', countryId: INDIA, stateId: inState('Maharashtra') },
  { name: 'Surat', slug: 'surat', countryId: INDIA, stateId: inState('Gujarat') },
  { name: 'Bhubaneswar', slug: 'bhubaneswar', countryId: INDIA, stateId: inState('Odisha') },
  { name: 'Guwahati', slug: 'guwahati', countryId: INDIA, stateId: inState('Assam') },
  { name: 'Srinagar', slug: 'srinagar', countryId: INDIA, stateId: inState('Jammu and Kashmir') },
  { name: 'Udaipur', slug: 'udaipur', countryId: INDIA, stateId: inState('Rajasthan') },
  { name: 'Amritsar', slug: 'amritsar', countryId: INDIA, stateId: inState('Punjab') },
  { name: 'Mangaluru', slug: 'mangaluru', countryId: INDIA, stateId: inState('Karnataka') },
  { name: 'Visakhapatnam', slug: 'visakhapatnam', countryId: INDIA, stateId: inState('Andhra Pradesh') },
  { name: 'Sharjah', slug: 'sharjah', countryId: UAE, stateId: inEmirate('Sharjah') },
  { name: 'Ajman', slug: 'ajman', countryId: UAE, stateId: inEmirate('Ajman') },
  { name: 'Umm Al Quwain', slug: 'umm-al-quwain', countryId: UAE, stateId: inEmirate('Umm Al Quwain') },
  { name: 'Ras Al Khaimah', slug: 'ras-al-khaimah', countryId: UAE, stateId: inEmirate('Ras Al Khaimah') },
  { name: 'Fujairah', slug: 'fujairah', countryId: UAE, stateId: inEmirate('Fujairah') },
  { name: 'Al Ain', slug: 'al-ain', countryId: UAE, stateId: inEmirate('Abu Dhabi') },
  { name: 'Khor Fakkan', slug: 'khor-fakkan', countryId: UAE, stateId: inEmirate('Sharjah') },
];

export const CITIES: CityRow[] = [
  ...DESTINATION_SLUGS.map((slug) => {
    const d = DESTINATIONS[slug];
    return {
      id: DEST_ID[slug],
      countryId: d.countryId,
      stateId: d.stateId,
      name: d.name,
      slug,
      isDestination: true,
      summary: d.summary,
      image: placeImage(slug, 1),
    };
  }),
  ...OTHER_CITIES.map((c, i) => ({
    id: 101 + i,
    countryId: c.countryId,
    stateId: c.stateId,
    name: c.name,
    slug: c.slug,
    isDestination: false,
    summary: '',
    image: null,
  })),
];

/** Destination display names, for texts built elsewhere in the seed. */
export function destinationName(slug: DestinationSlug): string {
  return DESTINATIONS[slug].name;
}

/** Whether a destination is in India (domestic for the India site). */
export function isIndian(slug: DestinationSlug): boolean {
  return DESTINATIONS[slug].countryId === INDIA;
}

/**
 * Whether a destination is in the UAE: its packages are standard-rated for UAE VAT, the others (performed wholly
 * outside) zero-rated.
 */
export function isInUae(slug: DestinationSlug): boolean {
  return DESTINATIONS[slug].countryId === UAE;
}
