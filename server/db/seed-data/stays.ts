/**
 * Each package's own stays, in travel order: the area or town, the nights there, and the hotel,
 * resort, houseboat, lodge or camp that puts the travellers up (the vouchers name them). Seeded into
 * `packages.stays`, where staff can change a stay's supplier. The partners, addresses and numbers are
 * the shop's own sample data, not real businesses: mail goes to the shop's partner domain.
 */
import { slugOf } from '../../lib/slug.ts';
import type { PackageStay } from '../schema.ts';
import type { DestinationSlug } from './places.ts';

interface Partner {
  place: string;
  kind: PackageStay['kind'];
  name: string;
  address: string[];
  phone: string;
  checkIn?: string;
  checkOut?: string;
  notes?: string[];
}

const partnerMail = (name: string) => `${slugOf(name)}@partners.wanderlust-holidays.com`;

const UAE_ID = 'Show the passport (or Emirates ID) of every guest at check-in.';
const UAE_DEPOSIT = 'A refundable deposit of AED 300 per room is taken on a card at check-in.';
const DUBAI_FEE = 'The Tourism Dirham fee (AED 7–20 per room per night) is paid at the hotel.';
const AUH_FEE = 'Abu Dhabi’s tourism fee (AED 15 per room per night) and municipality fee (4%) are paid at the hotel.';
const INDIA_ID =
  'Indian guests show a photo ID (Aadhaar, passport or driving licence); foreign guests show passport and visa.';
const HOUSEBOAT = 'Boarding from 12:00 at the jetty; you leave the boat at 09:00 the next morning.';
const SWISS_TAX = 'City tax (about CHF 3–5 per person per night) is paid at the hotel.';
const PASSPORT = 'Show the passport of every guest at check-in.';

/** Every partner, per destination, keyed for the package table below. */
const PARTNERS = {
  dubai: {
    barsha: {
      place: 'Al Barsha',
      kind: 'hotel',
      name: 'Sandpiper Court Hotel Al Barsha',
      address: ['Street 12, Al Barsha 1 (behind Mall of the Emirates)', 'Dubai, United Arab Emirates'],
      phone: '+971 4 555 0141',
      notes: [UAE_ID, DUBAI_FEE, UAE_DEPOSIT],
    },
    palm: {
      place: 'Palm Jumeirah',
      kind: 'resort',
      name: 'Azure Crescent Resort Palm Jumeirah',
      address: ['East Crescent Road, Palm Jumeirah', 'Dubai, United Arab Emirates'],
      phone: '+971 4 555 0143',
      notes: [UAE_ID, DUBAI_FEE, 'Early check-in and the welcome amenity are arranged when the room is ready.'],
    },
    marina: {
      place: 'Dubai Marina',
      kind: 'hotel',
      name: 'Marina Sails Hotel',
      address: ['Al Marsa Street, Dubai Marina', 'Dubai, United Arab Emirates'],
      phone: '+971 4 555 0145',
      notes: [UAE_ID, DUBAI_FEE, UAE_DEPOSIT],
    },
    deira: {
      place: 'Deira',
      kind: 'hotel',
      name: 'Creekside Dhow Hotel Deira',
      address: ['Baniyas Road, Al Rigga, Deira', 'Dubai, United Arab Emirates'],
      phone: '+971 4 555 0147',
      notes: [UAE_ID, DUBAI_FEE, UAE_DEPOSIT],
    },
  },
  'abu-dhabi': {
    yas: {
      place: 'Yas Island',
      kind: 'hotel',
      name: 'Yas Lagoon Hotel',
      address: ['Yas Plaza, Yas Island', 'Abu Dhabi, United Arab Emirates'],
      phone: '+971 2 555 0174',
      notes: [UAE_ID, AUH_FEE, 'The Yas Express shuttle to the parks stops at the hotel’s main entrance.'],
    },
    corniche: {
      place: 'Corniche',
      kind: 'hotel',
      name: 'Corniche Pearl Hotel',
      address: ['Corniche Road West, Al Khalidiyah', 'Abu Dhabi, United Arab Emirates'],
      phone: '+971 2 555 0172',
      notes: [UAE_ID, AUH_FEE, UAE_DEPOSIT],
    },
    saadiyat: {
      place: 'Saadiyat',
      kind: 'resort',
      name: 'Saadiyat Dunes Beach Resort',
      address: ['Saadiyat Beach District, Saadiyat Island', 'Abu Dhabi, United Arab Emirates'],
      phone: '+971 2 555 0176',
      notes: [UAE_ID, AUH_FEE, 'Book the speciality-restaurant dinner with the concierge on arrival.'],
    },
  },
  goa: {
    candolim: {
      place: 'Candolim',
      kind: 'resort',
      name: 'Casa Mareia Beach Resort',
      address: ['Fort Aguada Road, Candolim', 'Bardez, Goa 403515, India'],
      phone: '+91 832 555 0114',
      notes: [INDIA_ID, 'Early check-in from 09:00 is free when a room is ready; ask at the desk.'],
    },
    cavelossim: {
      place: 'Cavelossim',
      kind: 'resort',
      name: 'Sal River Bay Resort',
      address: ['Mobor Beach Road, Cavelossim', 'Salcete, Goa 403731, India'],
      phone: '+91 832 555 0116',
      notes: [INDIA_ID],
    },
    calangute: {
      place: 'Calangute',
      kind: 'resort',
      name: 'Coconut Grove Family Resort',
      address: ['Umta Vaddo, Calangute', 'Bardez, Goa 403516, India'],
      phone: '+91 832 555 0118',
      notes: [INDIA_ID, 'A child under 6 sharing the parents’ bed stays free; cots on request.'],
    },
    baga: {
      place: 'Baga',
      kind: 'hotel',
      name: 'Baga Creek Inn',
      address: ['Baga Creek Road, Baga', 'Bardez, Goa 403516, India'],
      phone: '+91 832 555 0119',
      notes: [INDIA_ID],
    },
  },
  kerala: {
    kochi: {
      place: 'Kochi',
      kind: 'hotel',
      name: 'Backwater Heritage Hotel Fort Kochi',
      address: ['Princess Street, Fort Kochi', 'Kochi, Kerala 682001, India'],
      phone: '+91 484 555 0126',
      notes: [INDIA_ID],
    },
    munnar: {
      place: 'Munnar',
      kind: 'resort',
      name: 'Tea Valley Hill Resort',
      address: ['Chithirapuram, Pallivasal', 'Munnar, Kerala 685565, India'],
      phone: '+91 4865 555 012',
      notes: [INDIA_ID, 'Nights are cool in the hills: the rooms have extra blankets.'],
    },
    thekkady: {
      place: 'Thekkady',
      kind: 'lodge',
      name: 'Cardamom Woods Jungle Lodge',
      address: ['Periyar Road, Kumily', 'Thekkady, Kerala 685536, India'],
      phone: '+91 4869 555 012',
      notes: [INDIA_ID, 'The lodge is at the edge of the tiger reserve: keep to the lit paths after dark.'],
    },
    houseboat: {
      place: 'Alleppey',
      kind: 'houseboat',
      name: 'Kettuvallam Backwater Houseboats',
      address: ['Punnamada Finishing Point jetty', 'Alleppey (Alappuzha), Kerala 688013, India'],
      phone: '+91 477 555 0128',
      checkIn: '12:00',
      checkOut: '09:00',
      notes: [INDIA_ID, HOUSEBOAT, 'All meals on board are cooked by the boat’s crew.'],
    },
    kumarakom: {
      place: 'Kumarakom',
      kind: 'resort',
      name: 'Vembanad Lakeside Resort',
      address: ['Kumarakom North, by the Bird Sanctuary', 'Kumarakom, Kerala 686563, India'],
      phone: '+91 481 555 0129',
      notes: [INDIA_ID],
    },
    kovalam: {
      place: 'Kovalam',
      kind: 'resort',
      name: 'Samudra Ayurveda Cliff Resort',
      address: ['Lighthouse Road, Kovalam', 'Thiruvananthapuram, Kerala 695527, India'],
      phone: '+91 471 555 0127',
      notes: [INDIA_ID, 'The resort doctor sees you on the first morning to plan your treatments.'],
    },
  },
  kashmir: {
    houseboat: {
      place: 'Srinagar',
      kind: 'houseboat',
      name: 'Chinar Bagh Houseboats',
      address: ['Ghat No. 9, Boulevard Road, Dal Lake', 'Srinagar, Jammu & Kashmir 190001, India'],
      phone: '+91 194 555 0131',
      checkIn: '12:00',
      checkOut: '10:00',
      notes: [
        'Indian guests show a photo ID; foreign guests show passport and visa (the host files Form C).',
        'A shikara takes you from Ghat No. 9 to the houseboat; your driver calls the boat on arrival.',
      ],
    },
    srinagar: {
      place: 'Srinagar',
      kind: 'hotel',
      name: 'Zabarwan View Hotel',
      address: ['Boulevard Road, near Nishat Bagh', 'Srinagar, Jammu & Kashmir 191121, India'],
      phone: '+91 194 555 0133',
      notes: [
        'Indian guests show a photo ID; foreign guests show passport and visa (the hotel files Form C).',
        'Prepaid mobile connections from outside Jammu & Kashmir do not work here: the hotel has Wi-Fi.',
      ],
    },
    pahalgam: {
      place: 'Pahalgam',
      kind: 'hotel',
      name: 'Lidder Riverside Hotel',
      address: ['Main Road, Laripora side', 'Pahalgam, Jammu & Kashmir 192126, India'],
      phone: '+91 1936 555 013',
      notes: [
        'Indian guests show a photo ID; foreign guests show passport and visa.',
        'Valley trips from Pahalgam use local union cabs, paid directly.',
      ],
    },
    gulmarg: {
      place: 'Gulmarg',
      kind: 'hotel',
      name: 'Apharwat Snow Lodge',
      address: ['Near the Gondola base station', 'Gulmarg, Jammu & Kashmir 193403, India'],
      phone: '+91 1953 555 013',
      notes: [
        'Indian guests show a photo ID; foreign guests show passport and visa.',
        'Ski and boot hire is at the lodge’s ski room from 08:00.',
      ],
    },
  },
  rajasthan: {
    jaipur: {
      place: 'Jaipur',
      kind: 'hotel',
      name: 'Haveli Suraj Mahal',
      address: ['C-Scheme, Ashok Marg', 'Jaipur, Rajasthan 302001, India'],
      phone: '+91 141 555 0118',
      notes: [INDIA_ID],
    },
    jodhpur: {
      place: 'Jodhpur',
      kind: 'hotel',
      name: 'Blue City Palace Hotel',
      address: ['Old Fort Road, below Mehrangarh', 'Jodhpur, Rajasthan 342001, India'],
      phone: '+91 291 555 0118',
      notes: [INDIA_ID],
    },
    jaisalmer: {
      place: 'Jaisalmer',
      kind: 'hotel',
      name: 'Sonar Haveli Jaisalmer',
      address: ['Sam Road, near Gadisar Lake', 'Jaisalmer, Rajasthan 345001, India'],
      phone: '+91 2992 555 011',
      notes: [INDIA_ID],
    },
    camp: {
      place: 'Sam Sand Dunes',
      kind: 'camp',
      name: 'Thar Dunes Swiss-Tent Camp',
      address: ['Sam Sand Dunes, 42 km west of Jaisalmer', 'Jaisalmer District, Rajasthan 345001, India'],
      phone: '+91 2992 555 013',
      checkIn: '14:00',
      checkOut: '10:00',
      notes: [INDIA_ID, 'Nights in the desert are cold from November to February: bring a warm layer.'],
    },
    udaipur: {
      place: 'Udaipur',
      kind: 'hotel',
      name: 'Pichola Ghat Palace Hotel',
      address: ['Lal Ghat, by Lake Pichola', 'Udaipur, Rajasthan 313001, India'],
      phone: '+91 294 555 0118',
      notes: [INDIA_ID],
    },
    ranthambore: {
      place: 'Ranthambore',
      kind: 'resort',
      name: 'Tiger Trail Jungle Resort',
      address: ['Ranthambore Road, Sherpur Khiljipur', 'Sawai Madhopur (Ranthambore), Rajasthan 322001, India'],
      phone: '+91 7462 555 011',
      notes: [INDIA_ID, 'Safari jeeps collect you at the resort gate; carry the ID used for the park booking.'],
    },
  },
  maldives: {
    southMale: {
      place: 'South Malé Atoll',
      kind: 'resort',
      name: 'Lagoon Crest Island Resort',
      address: ['Kaafu Atoll (South Malé Atoll)', 'Republic of Maldives'],
      phone: '+960 555 0121',
      checkIn: '14:00',
      checkOut: '12:00',
      notes: ['The resort team meets you in the arrivals hall for the speedboat transfer.'],
    },
    baa: {
      place: 'Baa Atoll',
      kind: 'resort',
      name: 'Manta Reef Island Resort',
      address: ['Baa Atoll, near Hanifaru Bay', 'Republic of Maldives'],
      phone: '+960 555 0123',
      checkIn: '14:00',
      checkOut: '12:00',
      notes: [
        'The resort team meets you in the arrivals hall for the seaplane transfer.',
        'Seaplanes fly in daylight only: guests landing after 15:30 stay a night near the airport at the resort’s cost.',
      ],
    },
    northMale: {
      place: 'North Malé Atoll',
      kind: 'resort',
      name: 'Coral Garden Family Resort',
      address: ['Kaafu Atoll (North Malé Atoll)', 'Republic of Maldives'],
      phone: '+960 555 0125',
      checkIn: '14:00',
      checkOut: '12:00',
      notes: [
        'The resort team meets you in the arrivals hall for the speedboat transfer.',
        'The kids club takes children from 4 years, 09:00 to 21:00.',
      ],
    },
    ari: {
      place: 'Ari Atoll',
      kind: 'resort',
      name: 'Whale Shark Point Resort',
      address: ['Alif Dhaalu (South Ari Atoll)', 'Republic of Maldives'],
      phone: '+960 555 0127',
      checkIn: '14:00',
      checkOut: '12:00',
      notes: [
        'After the domestic flight from Malé, the resort team meets you at Maamigili Airport for the speedboat transfer.',
      ],
    },
  },
  bali: {
    ubud: {
      place: 'Ubud',
      kind: 'hotel',
      name: 'Sawah Indah Villas Ubud',
      address: ['Jalan Raya Sanggingan No. 12, Ubud', 'Gianyar, Bali 80571, Indonesia'],
      phone: '+62 361 555 0137',
      notes: ['Pay Bali’s tourist levy online before you travel and keep the receipt.'],
    },
    seminyak: {
      place: 'Seminyak',
      kind: 'hotel',
      name: 'Taman Sari Villas Seminyak',
      address: ['Jalan Kayu Aya No. 28, Seminyak', 'Badung, Bali 80361, Indonesia'],
      phone: '+62 361 555 0135',
      notes: ['Pay Bali’s tourist levy online before you travel and keep the receipt.'],
    },
    kuta: {
      place: 'Kuta',
      kind: 'hotel',
      name: 'Legian Surf Hotel Kuta',
      address: ['Jalan Pantai Kuta No. 7, Kuta', 'Badung, Bali 80361, Indonesia'],
      phone: '+62 361 555 0139',
      notes: ['Pay Bali’s tourist levy online before you travel and keep the receipt.'],
    },
    nusaDua: {
      place: 'Nusa Dua',
      kind: 'resort',
      name: 'Peninsula Frangipani Family Resort',
      address: ['Kawasan Pariwisata Lot N4, Nusa Dua', 'Badung, Bali 80363, Indonesia'],
      phone: '+62 361 555 0141',
      notes: [
        'Pay Bali’s tourist levy online before you travel and keep the receipt.',
        'The kids club is free for children from 4 to 12.',
      ],
    },
  },
  thailand: {
    bangkok: {
      place: 'Bangkok',
      kind: 'hotel',
      name: 'Riverside Orchid Hotel Bangkok',
      address: ['Charoen Krung Road Soi 40, Bang Rak', 'Bangkok 10500, Thailand'],
      phone: '+66 2 555 0147',
      notes: ['A refundable deposit of THB 2,000 per room is taken in cash or on a card at check-in.'],
    },
    pattaya: {
      place: 'Pattaya',
      kind: 'hotel',
      name: 'Jomtien Breeze Hotel',
      address: ['Beach Road, Pattaya', 'Chonburi 20150, Thailand'],
      phone: '+66 38 555 0147',
      notes: ['A refundable deposit of THB 1,000 per room is taken at check-in.'],
    },
    phuket: {
      place: 'Phuket',
      kind: 'resort',
      name: 'Kata Palm Beach Resort',
      address: ['Kata Road, Karon', 'Mueang Phuket, Phuket 83100, Thailand'],
      phone: '+66 76 555 0147',
      notes: ['A refundable deposit of THB 2,000 per room is taken at check-in.'],
    },
    phiPhi: {
      place: 'Phi Phi',
      kind: 'hotel',
      name: 'Tonsai Bay Bungalows',
      address: ['Tonsai Village, Koh Phi Phi Don', 'Krabi 81210, Thailand'],
      phone: '+66 75 555 0149',
      notes: ['Porters meet the ferry at Tonsai Pier with the hotel’s sign; there are no cars on the island.'],
    },
    krabi: {
      place: 'Krabi',
      kind: 'resort',
      name: 'Ao Nang Cliff Resort',
      address: ['Ao Nang Beach Road, Ao Nang', 'Mueang Krabi, Krabi 81180, Thailand'],
      phone: '+66 75 555 0147',
      notes: ['A refundable deposit of THB 2,000 per room is taken at check-in.'],
    },
    chiangMai: {
      place: 'Chiang Mai',
      kind: 'hotel',
      name: 'Lanna Gate Hotel',
      address: ['Ratchadamnoen Road, Old City', 'Chiang Mai 50200, Thailand'],
      phone: '+66 53 555 0147',
      notes: ['A refundable deposit of THB 1,000 per room is taken at check-in.'],
    },
  },
  singapore: {
    orchard: {
      place: 'Orchard',
      kind: 'hotel',
      name: 'Orchard Gardens Hotel',
      address: ['21 Cuscaden Road, off Orchard Road', 'Singapore 249719'],
      phone: '+65 6555 0163',
      checkIn: '15:00',
      checkOut: '11:00',
      notes: [
        'A refundable deposit of SGD 100 per night is held on a card at check-in.',
        'Fill in the SG Arrival Card online within three days before you land.',
      ],
    },
    marinaBay: {
      place: 'Marina Bay',
      kind: 'hotel',
      name: 'Bayfront Lumière Hotel',
      address: ['8 Raffles Avenue, Marina Bay', 'Singapore 039802'],
      phone: '+65 6555 0165',
      checkIn: '15:00',
      checkOut: '12:00',
      notes: [
        'A refundable deposit of SGD 200 per night is held on a card at check-in.',
        'Fill in the SG Arrival Card online within three days before you land.',
      ],
    },
    bugis: {
      place: 'Bugis',
      kind: 'hotel',
      name: 'Bugis Junction Suites',
      address: ['200 Middle Road, Bugis', 'Singapore 188980'],
      phone: '+65 6555 0167',
      checkIn: '15:00',
      checkOut: '11:00',
      notes: [
        'A refundable deposit of SGD 100 per night is held on a card at check-in.',
        'Fill in the SG Arrival Card online within three days before you land.',
      ],
    },
    chinatown: {
      place: 'Chinatown',
      kind: 'hotel',
      name: 'Pagoda Street Hotel',
      address: ['31 Pagoda Street, Chinatown', 'Singapore 059198'],
      phone: '+65 6555 0169',
      checkIn: '15:00',
      checkOut: '11:00',
      notes: [
        'A refundable deposit of SGD 50 per night is held on a card at check-in.',
        'Fill in the SG Arrival Card online within three days before you land.',
      ],
    },
  },
  switzerland: {
    lucerne: {
      place: 'Lucerne',
      kind: 'hotel',
      name: 'Hotel Seeblick Luzern',
      address: ['Haldenstrasse 31', '6006 Lucerne, Switzerland'],
      phone: '+41 41 555 01 50',
      notes: [SWISS_TAX],
    },
    interlaken: {
      place: 'Interlaken',
      kind: 'hotel',
      name: 'Hotel Jungfraublick Interlaken',
      address: ['Höheweg 57', '3800 Interlaken, Switzerland'],
      phone: '+41 33 555 01 52',
      notes: [SWISS_TAX],
    },
    zermatt: {
      place: 'Zermatt',
      kind: 'hotel',
      name: 'Hotel Matterhornblick',
      address: ['Bahnhofstrasse 41', '3920 Zermatt, Switzerland'],
      phone: '+41 27 555 01 54',
      notes: [SWISS_TAX, 'Zermatt is car-free: the hotel’s electric taxi meets you at the station when you call.'],
    },
    stMoritz: {
      place: 'St. Moritz',
      kind: 'hotel',
      name: 'Hotel Engadiner Seehof',
      address: ['Via Serlas 12', '7500 St. Moritz, Switzerland'],
      phone: '+41 81 555 01 56',
      notes: [SWISS_TAX],
    },
  },
  turkey: {
    sultanahmet: {
      place: 'Sultanahmet',
      kind: 'hotel',
      name: 'Hotel Sultan Konak',
      address: ['Akbıyık Caddesi No. 24, Sultanahmet', '34122 Fatih, İstanbul, Türkiye'],
      phone: '+90 212 555 0158',
      notes: [PASSPORT],
    },
    goreme: {
      place: 'Göreme',
      kind: 'hotel',
      name: 'Peri Bacası Cave Suites',
      address: ['Aydınlı Mahallesi, Göreme', '50180 Nevşehir (Cappadocia), Türkiye'],
      phone: '+90 384 555 0158',
      notes: [PASSPORT, 'Balloon pick-ups are around 05:00: the hotel sets out coffee at the door.'],
    },
    pamukkale: {
      place: 'Pamukkale',
      kind: 'hotel',
      name: 'Travertine Thermal Hotel',
      address: ['Karahayıt Yolu, Pamukkale', '20190 Denizli, Türkiye'],
      phone: '+90 258 555 0158',
      notes: [PASSPORT, 'Bring a swimsuit for the hotel’s thermal pools.'],
    },
    kusadasi: {
      place: 'Kuşadası',
      kind: 'hotel',
      name: 'Aegean Marina Hotel',
      address: ['Atatürk Bulvarı No. 40, Kuşadası', '09400 Aydın, Türkiye'],
      phone: '+90 256 555 0158',
      notes: [PASSPORT],
    },
  },
  andaman: {
    portBlair: {
      place: 'Port Blair',
      kind: 'hotel',
      name: 'Coral Cove Hotel Port Blair',
      address: ['Marine Hill, near Aberdeen Bazaar', 'Port Blair, Andaman & Nicobar Islands 744101, India'],
      phone: '+91 3192 555 013',
      notes: [INDIA_ID, 'Ferry days start early: the hotel packs breakfast for departures before 07:00.'],
    },
    havelock: {
      place: 'Havelock',
      kind: 'resort',
      name: 'Radhanagar Palms Beach Resort',
      address: ['Beach No. 5, Havelock (Swaraj Dweep)', 'South Andaman, Andaman & Nicobar Islands 744211, India'],
      phone: '+91 3192 555 015',
      notes: [INDIA_ID, 'The resort’s car meets your ferry at Havelock jetty.'],
    },
    neil: {
      place: 'Neil',
      kind: 'resort',
      name: 'Laxmanpur Sands Cottages',
      address: [
        'Near Laxmanpur Beach, Neil Island (Shaheed Dweep)',
        'South Andaman, Andaman & Nicobar Islands 744104, India',
      ],
      phone: '+91 3192 555 017',
      notes: [INDIA_ID, 'The resort’s car meets your ferry at Neil jetty.'],
    },
  },
  manali: {
    manali: {
      place: 'Manali',
      kind: 'resort',
      name: 'Deodar Ridge Resort',
      address: ['Log Huts Area, Hadimba Temple Road', 'Manali, Himachal Pradesh 175131, India'],
      phone: '+91 1902 555 014',
      notes: [INDIA_ID, 'Rooms are heated from October to March; nights are cold all year, so pack a warm layer.'],
    },
    aleo: {
      place: 'Aleo',
      kind: 'resort',
      name: 'Beas Riverside Camp Resort',
      address: ['Left Bank Road, Aleo', 'Manali, Himachal Pradesh 175131, India'],
      phone: '+91 1902 555 016',
      notes: [INDIA_ID, 'The bonfire is lit on the river lawn at 19:30.'],
    },
    familySuites: {
      place: 'Manali',
      kind: 'hotel',
      name: 'Snowcrest Family Suites',
      address: ['Circuit House Road, near the Mall', 'Manali, Himachal Pradesh 175131, India'],
      phone: '+91 1902 555 018',
      notes: [INDIA_ID, 'Rooms are heated from October to March; snow boots can be hired at the desk.'],
    },
    oldManali: {
      place: 'Old Manali',
      kind: 'hotel',
      name: 'Manu Temple Boutique Hotel',
      address: ['Manu Temple Road, Old Manali', 'Manali, Himachal Pradesh 175131, India'],
      phone: '+91 1902 555 012',
      notes: [INDIA_ID],
    },
  },
  'sri-lanka': {
    negombo: {
      place: 'Negombo',
      kind: 'hotel',
      name: 'Lagoon Breeze Hotel Negombo',
      address: ['Porutota Road, Ethukala, Negombo', 'Western Province 11500, Sri Lanka'],
      phone: '+94 31 555 0129',
      notes: ['Carry the approved ETA (visa) printout with your passport.'],
    },
    colombo: {
      place: 'Colombo',
      kind: 'hotel',
      name: 'Galle Face Palms Hotel',
      address: ['No. 44, Galle Road, Kollupitiya', 'Colombo 03, Sri Lanka'],
      phone: '+94 11 555 0129',
      notes: ['Carry the approved ETA (visa) printout with your passport.'],
    },
    sigiriya: {
      place: 'Sigiriya',
      kind: 'hotel',
      name: 'Lion Rock Eco Lodge',
      address: ['Kimbissa Road, Sigiriya', 'Central Province 21120, Sri Lanka'],
      phone: '+94 66 555 0129',
      notes: ['Wild elephants cross the road at night: stay inside the grounds after dark.'],
    },
    kandy: {
      place: 'Kandy',
      kind: 'hotel',
      name: 'Hill Temple View Hotel',
      address: ['Rajapihilla Mawatha, Kandy', 'Central Province 20000, Sri Lanka'],
      phone: '+94 81 555 0129',
      notes: [],
    },
    nuwaraEliya: {
      place: 'Nuwara Eliya',
      kind: 'hotel',
      name: 'Pedro Estate Bungalow Hotel',
      address: ['Badulla Road, Nuwara Eliya', 'Central Province 22200, Sri Lanka'],
      phone: '+94 52 555 0129',
      notes: ['Evenings are cool in the hills: bring a warm layer.'],
    },
    ella: {
      place: 'Ella',
      kind: 'hotel',
      name: 'Nine Arches View Hotel',
      address: ['Passara Road, Ella', 'Uva Province 90090, Sri Lanka'],
      phone: '+94 57 555 0129',
      notes: [],
    },
    yala: {
      place: 'Yala',
      kind: 'lodge',
      name: 'Leopard Trails Safari Lodge',
      address: ['Yala Road, Kirinda (near Yala National Park)', 'Southern Province 82614, Sri Lanka'],
      phone: '+94 47 555 0129',
      notes: ['The safari jeep leaves the lodge at 05:30; the lodge packs breakfast.'],
    },
    bentota: {
      place: 'Bentota',
      kind: 'resort',
      name: 'Bentota River Mouth Resort',
      address: ['Galle Road, Bentota', 'Southern Province 80500, Sri Lanka'],
      phone: '+94 34 555 0129',
      notes: [],
    },
    koggala: {
      place: 'Koggala',
      kind: 'resort',
      name: 'Koggala Lagoon Beach Resort',
      address: ['Matara Road, Koggala', 'Southern Province 80630, Sri Lanka'],
      phone: '+94 91 555 0129',
      notes: ['Carry the approved ETA (visa) printout with your passport.'],
    },
  },
  mauritius: {
    grandBaie: {
      place: 'Grand Baie',
      kind: 'hotel',
      name: 'Belle Rive Beach Resort',
      address: ['Coastal Road, Pointe aux Canonniers', 'Grand Baie 30517, Mauritius'],
      phone: '+230 555 0137',
      notes: ['Show the passport of every guest at check-in; children’s birth certificates may be asked for.'],
    },
    belleMare: {
      place: 'Belle Mare',
      kind: 'resort',
      name: 'Lagon Turquoise Resort Belle Mare',
      address: ['Coastal Road, Belle Mare', 'Flacq 41601, Mauritius'],
      phone: '+230 555 0139',
      notes: [PASSPORT, 'The boathouse runs the shuttle to Île aux Cerfs from the resort jetty.'],
    },
    flicEnFlac: {
      place: 'Flic en Flac',
      kind: 'resort',
      name: 'Casuarina Bay Family Resort',
      address: ['Coastal Road, Flic en Flac', 'Black River 90503, Mauritius'],
      phone: '+230 555 0141',
      notes: [
        'Show the passport of every guest at check-in; children’s birth certificates may be asked for.',
        'All-inclusive wristbands are handed out at check-in.',
      ],
    },
    leMorne: {
      place: 'Le Morne',
      kind: 'resort',
      name: 'Le Morne Lagoon Villas',
      address: ['Le Morne Peninsula, Le Morne', 'Black River 90101, Mauritius'],
      phone: '+230 555 0143',
      notes: [PASSPORT],
    },
  },
} satisfies Record<DestinationSlug, Record<string, Partner>>;

type Keys<D extends DestinationSlug> = keyof (typeof PARTNERS)[D] & string;

/** Stays per package (slug): [partner key, nights] in travel order. */
const PLAN: { [D in DestinationSlug]: Record<string, Array<[Keys<D>, number]>> } = {
  dubai: {
    'dubai-family-fun-5-nights': [['barsha', 5]],
    'dubai-luxury-escape-4-nights': [['palm', 4]],
    'dubai-adventure-weekender-3-nights': [['marina', 3]],
    'dubai-abu-dhabi-group-tour-6-nights': [['deira', 6]],
  },
  'abu-dhabi': {
    'abu-dhabi-yas-island-family-4-nights': [['yas', 4]],
    'abu-dhabi-culture-trail-3-nights': [['corniche', 3]],
    'abu-dhabi-saadiyat-luxury-5-nights': [['saadiyat', 5]],
    'abu-dhabi-liwa-al-ain-adventure-4-nights': [['corniche', 4]],
  },
  goa: {
    'goa-beach-break-3-nights': [['candolim', 3]],
    'goa-south-goa-honeymoon-5-nights': [['cavelossim', 5]],
    'goa-family-holiday-4-nights': [['calangute', 4]],
    'goa-friends-getaway-3-nights': [['baga', 3]],
  },
  kerala: {
    'kerala-honeymoon-munnar-alleppey-6-nights': [
      ['kochi', 1],
      ['munnar', 2],
      ['thekkady', 1],
      ['houseboat', 1],
      ['kumarakom', 1],
    ],
    'kerala-family-tour-5-nights': [
      ['kochi', 2],
      ['munnar', 2],
      ['houseboat', 1],
    ],
    'kerala-ayurveda-retreat-7-nights': [['kovalam', 7]],
    'kerala-periyar-wildlife-4-nights': [
      ['kochi', 1],
      ['thekkady', 2],
      ['kumarakom', 1],
    ],
  },
  kashmir: {
    'kashmir-honeymoon-houseboat-5-nights': [
      ['houseboat', 1],
      ['srinagar', 2],
      ['pahalgam', 2],
    ],
    'kashmir-family-holiday-6-nights': [
      ['houseboat', 1],
      ['srinagar', 3],
      ['pahalgam', 2],
    ],
    'kashmir-gulmarg-ski-adventure-5-nights': [
      ['houseboat', 1],
      ['gulmarg', 3],
      ['houseboat', 1],
    ],
    'kashmir-group-tour-7-nights': [
      ['houseboat', 1],
      ['srinagar', 4],
      ['pahalgam', 2],
    ],
  },
  rajasthan: {
    'rajasthan-heritage-trail-8-nights': [
      ['jaipur', 3],
      ['jodhpur', 2],
      ['jaisalmer', 2],
      ['camp', 1],
    ],
    'rajasthan-udaipur-honeymoon-4-nights': [['udaipur', 4]],
    'rajasthan-ranthambore-tiger-safari-4-nights': [
      ['jaipur', 2],
      ['ranthambore', 2],
    ],
    'rajasthan-desert-luxury-5-nights': [
      ['jodhpur', 2],
      ['jaisalmer', 2],
      ['camp', 1],
    ],
  },
  maldives: {
    'maldives-overwater-honeymoon-4-nights': [['southMale', 4]],
    'maldives-all-inclusive-luxury-5-nights': [['baa', 5]],
    'maldives-family-resort-4-nights': [['northMale', 4]],
    'maldives-marine-life-6-nights': [['ari', 6]],
  },
  bali: {
    'bali-honeymoon-private-pool-villa-6-nights': [
      ['ubud', 3],
      ['seminyak', 3],
    ],
    'bali-adventure-5-nights': [
      ['ubud', 2],
      ['kuta', 3],
    ],
    'bali-family-holiday-6-nights': [['nusaDua', 6]],
    'bali-temples-culture-7-nights': [
      ['ubud', 4],
      ['seminyak', 3],
    ],
  },
  thailand: {
    'thailand-pattaya-bangkok-family-5-nights': [
      ['pattaya', 2],
      ['bangkok', 3],
    ],
    'thailand-phuket-krabi-honeymoon-6-nights': [
      ['phuket', 3],
      ['krabi', 3],
    ],
    'thailand-island-hopping-adventure-7-nights': [
      ['phuket', 2],
      ['phiPhi', 2],
      ['krabi', 3],
    ],
    'thailand-bangkok-chiang-mai-culture-5-nights': [
      ['bangkok', 3],
      ['chiangMai', 2],
    ],
  },
  singapore: {
    'singapore-family-fun-4-nights': [['orchard', 4]],
    'singapore-marina-bay-luxury-3-nights': [['marinaBay', 3]],
    'singapore-wildlife-gardens-5-nights': [['bugis', 5]],
    'singapore-group-tour-5-nights': [['chinatown', 5]],
  },
  switzerland: {
    'switzerland-honeymoon-6-nights': [
      ['lucerne', 3],
      ['interlaken', 3],
    ],
    'switzerland-family-explorer-7-nights': [
      ['lucerne', 3],
      ['interlaken', 4],
    ],
    'switzerland-alpine-adventure-6-nights': [
      ['interlaken', 4],
      ['zermatt', 2],
    ],
    'switzerland-glacier-express-luxury-9-nights': [
      ['lucerne', 4],
      ['interlaken', 2],
      ['zermatt', 2],
      ['stMoritz', 1],
    ],
  },
  turkey: {
    'turkey-istanbul-cappadocia-honeymoon-6-nights': [
      ['sultanahmet', 3],
      ['goreme', 3],
    ],
    'turkey-grand-group-tour-9-nights': [
      ['sultanahmet', 3],
      ['goreme', 3],
      ['pamukkale', 2],
      ['kusadasi', 1],
    ],
    'turkey-cappadocia-adventure-4-nights': [['goreme', 4]],
    'turkey-istanbul-family-5-nights': [['sultanahmet', 5]],
  },
  andaman: {
    'andaman-honeymoon-havelock-neil-5-nights': [
      ['portBlair', 1],
      ['havelock', 2],
      ['neil', 1],
      ['portBlair', 1],
    ],
    'andaman-scuba-island-adventure-6-nights': [
      ['portBlair', 1],
      ['havelock', 3],
      ['neil', 1],
      ['portBlair', 1],
    ],
    'andaman-family-beach-4-nights': [
      ['portBlair', 2],
      ['havelock', 2],
    ],
    'andaman-group-explorer-7-nights': [
      ['portBlair', 3],
      ['havelock', 2],
      ['neil', 1],
      ['portBlair', 1],
    ],
  },
  manali: {
    'manali-honeymoon-4-nights': [['manali', 4]],
    'manali-adventure-5-nights': [['aleo', 5]],
    'manali-family-snow-5-nights': [['familySuites', 5]],
    'manali-kullu-heritage-5-nights': [['oldManali', 5]],
  },
  'sri-lanka': {
    'sri-lanka-highlights-6-nights': [
      ['negombo', 1],
      ['sigiriya', 2],
      ['kandy', 1],
      ['nuwaraEliya', 1],
      ['bentota', 1],
    ],
    'sri-lanka-wildlife-safari-7-nights': [
      ['negombo', 1],
      ['sigiriya', 2],
      ['kandy', 1],
      ['nuwaraEliya', 1],
      ['ella', 1],
      ['yala', 1],
    ],
    'sri-lanka-honeymoon-5-nights': [
      ['colombo', 1],
      ['kandy', 1],
      ['nuwaraEliya', 1],
      ['bentota', 2],
    ],
    'sri-lanka-south-coast-beach-4-nights': [['koggala', 4]],
  },
  mauritius: {
    'mauritius-honeymoon-6-nights': [['belleMare', 6]],
    'mauritius-family-beach-5-nights': [['flicEnFlac', 5]],
    'mauritius-luxury-le-morne-7-nights': [['leMorne', 7]],
    'mauritius-grand-baie-beach-4-nights': [['grandBaie', 4]],
  },
};

/** Check-in and check-out where a partner does not say otherwise. */
const TIMES: Record<DestinationSlug, [string, string]> = {
  dubai: ['15:00', '12:00'],
  'abu-dhabi': ['15:00', '12:00'],
  goa: ['12:00', '11:00'],
  kerala: ['12:00', '11:00'],
  kashmir: ['12:00', '10:00'],
  rajasthan: ['12:00', '11:00'],
  maldives: ['14:00', '12:00'],
  bali: ['14:00', '12:00'],
  thailand: ['14:00', '12:00'],
  singapore: ['15:00', '11:00'],
  switzerland: ['15:00', '11:00'],
  turkey: ['14:00', '12:00'],
  andaman: ['12:00', '10:00'],
  manali: ['12:00', '11:00'],
  'sri-lanka': ['14:00', '12:00'],
  mauritius: ['14:00', '11:00'],
};

/** The stays of a seeded package, or throws when the seed does not give it any. */
export function staysOf(destination: DestinationSlug, slug: string): PackageStay[] {
  const partners = PARTNERS[destination] as Record<string, Partner>;
  const plan = (PLAN[destination] as Record<string, Array<[string, number]>>)[slug];
  if (!plan) throw new Error(`seed: no stays for package ${slug}`);
  return plan.map(([key, nights]) => {
    const p = partners[key];
    if (!p) throw new Error(`seed: unknown stay partner "${key}" in ${slug}`);
    return {
      place: p.place,
      nights,
      kind: p.kind,
      supplier: {
        name: p.name,
        address: p.address,
        phone: p.phone,
        email: partnerMail(p.name),
        checkIn: p.checkIn ?? TIMES[destination][0],
        checkOut: p.checkOut ?? TIMES[destination][1],
        notes: p.notes ?? [],
      },
    };
  });
}
