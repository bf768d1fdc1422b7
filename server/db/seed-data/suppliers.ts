/**
 * Who delivers each destination's services, as the vouchers name them: the shop's own local desk for
 * transfers and for sightseeing, and one hotel, which only stands in for a package without stays of
 * its own (each package's hotels are its stays: ./stays.ts). The
 * hotels and numbers are the shop's own sample data, not real businesses: mail goes to the shop's
 * partner domain.
 */
import { slugOf } from '../../lib/slug.ts';
import type { suppliers } from '../schema.ts';
import { DEST_ID, type DestinationSlug } from './places.ts';

type SupplierRow = typeof suppliers.$inferInsert;

interface Hotel {
  name: string;
  address: string[];
  phone: string;
  checkIn: string;
  checkOut: string;
  notes: string[];
}

interface Desk {
  /** The city named in the desk's name: "Wanderlust Holidays Transfers, Dubai". */
  city: string;
  airport: string;
  address: string[];
  phone: string;
  /** Destination-specific notes added to the standard ones. */
  transfer?: string[];
  sightseeing?: string[];
}

const PLACES: Record<DestinationSlug, { hotel: Hotel; desk: Desk }> = {
  dubai: {
    hotel: {
      name: 'Sandpiper Court Hotel Al Barsha',
      address: ['Street 12, Al Barsha 1 (behind Mall of the Emirates)', 'Dubai, United Arab Emirates'],
      phone: '+971 4 555 0141',
      checkIn: '15:00',
      checkOut: '12:00',
      notes: [
        'Show the passport (or Emirates ID) of every guest at check-in.',
        'Tourism Dirham fee of AED 15 per room per night is paid at the hotel.',
        'A refundable deposit of AED 300 per room is taken on a card at check-in.',
      ],
    },
    desk: {
      city: 'Dubai',
      airport: 'Dubai International Airport (DXB)',
      address: ['Office 214, Garhoud Business Centre, Al Garhoud', 'Dubai, United Arab Emirates'],
      phone: '+971 4 555 0190',
      sightseeing: ['Wear clothing that covers shoulders and knees for mosque visits.'],
    },
  },
  'abu-dhabi': {
    hotel: {
      name: 'Corniche Pearl Hotel',
      address: ['Corniche Road West, Al Khalidiyah', 'Abu Dhabi, United Arab Emirates'],
      phone: '+971 2 555 0172',
      checkIn: '15:00',
      checkOut: '12:00',
      notes: [
        'Show the passport (or Emirates ID) of every guest at check-in.',
        'Tourism fee of AED 15 per room per night and a municipality fee of 4% are paid at the hotel.',
        'A refundable deposit of AED 300 per room is taken on a card at check-in.',
      ],
    },
    desk: {
      city: 'Abu Dhabi',
      airport: 'Zayed International Airport (AUH)',
      address: ['Office 9, Al Nahyan Plaza, Muroor Road', 'Abu Dhabi, United Arab Emirates'],
      phone: '+971 2 555 0190',
      sightseeing: [
        'For the Sheikh Zayed Grand Mosque, women cover hair, arms and legs; abayas are lent at the entrance.',
      ],
    },
  },
  goa: {
    hotel: {
      name: 'Casa Mareia Beach Resort',
      address: ['Fort Aguada Road, Candolim', 'Bardez, Goa 403515, India'],
      phone: '+91 832 555 0114',
      checkIn: '12:00',
      checkOut: '11:00',
      notes: [
        'Indian guests show a photo ID (Aadhaar, passport or driving licence); foreign guests show passport and visa.',
        'Early check-in from 09:00 is free when a room is ready; ask at the desk.',
      ],
    },
    desk: {
      city: 'Goa',
      airport: 'Goa International Airport (Dabolim, GOI) or Manohar International Airport (Mopa, GOX)',
      address: ['Shop 6, Vasudev Complex, Calangute–Candolim Road', 'Calangute, Goa 403516, India'],
      phone: '+91 832 555 0190',
    },
  },
  kerala: {
    hotel: {
      name: 'Backwater Heritage Hotel Fort Kochi',
      address: ['Princess Street, Fort Kochi', 'Kochi, Kerala 682001, India'],
      phone: '+91 484 555 0126',
      checkIn: '12:00',
      checkOut: '11:00',
      notes: [
        'Indian guests show a photo ID (Aadhaar, passport or driving licence); foreign guests show passport and visa.',
        'Houseboat nights: boarding from 12:00 at the jetty named in your trip plan, leaving the boat at 09:00.',
      ],
    },
    desk: {
      city: 'Kochi',
      airport: 'Cochin International Airport (COK)',
      address: ['2nd Floor, Marine Drive Arcade, Ernakulam', 'Kochi, Kerala 682031, India'],
      phone: '+91 484 555 0190',
      transfer: ['Hill roads to Munnar and Thekkady are slow: allow four hours for each drive.'],
    },
  },
  kashmir: {
    hotel: {
      name: 'Chinar Bagh Houseboats & Hotel',
      address: ['Ghat No. 9, Boulevard Road, Dal Lake', 'Srinagar, Jammu & Kashmir 190001, India'],
      phone: '+91 194 555 0131',
      checkIn: '12:00',
      checkOut: '10:00',
      notes: [
        'Indian guests show a photo ID; foreign guests show passport and visa (the hotel files Form C).',
        'A shikara takes you from Ghat No. 9 to the houseboat; your driver calls the boat on arrival.',
        'Prepaid mobile connections from outside Jammu & Kashmir do not work here: the hotel has Wi-Fi.',
      ],
    },
    desk: {
      city: 'Srinagar',
      airport: 'Sheikh ul-Alam International Airport, Srinagar (SXR)',
      address: ['Residency Road, near Polo View', 'Srinagar, Jammu & Kashmir 190001, India'],
      phone: '+91 194 555 0190',
      sightseeing: ['At Gulmarg and Pahalgam, local union ponies and vehicles are paid directly (not included).'],
    },
  },
  rajasthan: {
    hotel: {
      name: 'Haveli Suraj Mahal',
      address: ['C-Scheme, Ashok Marg', 'Jaipur, Rajasthan 302001, India'],
      phone: '+91 141 555 0118',
      checkIn: '12:00',
      checkOut: '11:00',
      notes: [
        'Indian guests show a photo ID; foreign guests show passport and visa.',
        'Later stays in Jodhpur, Udaipur and Jaisalmer are at heritage hotels named in your trip plan: show this voucher at each.',
      ],
    },
    desk: {
      city: 'Jaipur',
      airport: 'Jaipur International Airport (JAI)',
      address: ['Office 5, Ganpati Plaza, MI Road', 'Jaipur, Rajasthan 302001, India'],
      phone: '+91 141 555 0190',
      sightseeing: ['Monument entry tickets are bought by your guide; keep them for the whole visit.'],
    },
  },
  andaman: {
    hotel: {
      name: 'Coral Cove Hotel Port Blair',
      address: ['Marine Hill, near Aberdeen Bazaar', 'Port Blair, Andaman & Nicobar Islands 744101, India'],
      phone: '+91 3192 555 013',
      checkIn: '12:00',
      checkOut: '10:00',
      notes: [
        'Indian guests show a photo ID; foreign guests show passport and visa.',
        'Ferry days start early: the hotel packs breakfast for departures before 07:00.',
      ],
    },
    desk: {
      city: 'Port Blair',
      airport: 'Veer Savarkar International Airport, Port Blair (IXZ)',
      address: [
        '1st Floor, Netaji Stadium Road, Aberdeen Bazaar',
        'Port Blair, Andaman & Nicobar Islands 744101, India',
      ],
      phone: '+91 3192 555 019',
      transfer: [
        'Ferries to Havelock and Neil: be at Haddo Wharf an hour before sailing with the photo ID used for booking.',
      ],
    },
  },
  manali: {
    hotel: {
      name: 'Deodar Ridge Resort',
      address: ['Log Huts Area, Hadimba Temple Road', 'Manali, Himachal Pradesh 175131, India'],
      phone: '+91 1902 555 014',
      checkIn: '12:00',
      checkOut: '11:00',
      notes: [
        'Indian guests show a photo ID; foreign guests show passport and visa.',
        'Rooms are heated from October to March; nights are cold all year, so pack a warm layer.',
      ],
    },
    desk: {
      city: 'Manali',
      airport: 'Bhuntar Airport, Kullu (KUU), or the Volvo coach stand at Manali',
      address: ['The Mall, opposite the Tibetan Market', 'Manali, Himachal Pradesh 175131, India'],
      phone: '+91 1902 555 019',
      sightseeing: ['The Rohtang Pass permit is booked for you and needs the photo ID of every traveller.'],
    },
  },
  maldives: {
    hotel: {
      name: 'Lagoon Crest Island Resort',
      address: ['Kaafu Atoll (South Malé Atoll)', 'Republic of Maldives'],
      phone: '+960 555 0121',
      checkIn: '14:00',
      checkOut: '12:00',
      notes: [
        'The resort team meets you in the arrivals hall for the speedboat or seaplane transfer.',
        'Seaplanes fly in daylight only: guests landing after 15:30 stay a night near the airport at the resort’s cost.',
      ],
    },
    desk: {
      city: 'Malé',
      airport: 'Velana International Airport, Malé (MLE)',
      address: ['H. Fehi Villa, Boduthakurufaanu Magu', 'Malé 20026, Republic of Maldives'],
      phone: '+960 555 0190',
      transfer: ['Luggage on seaplanes: 20 kg checked and 5 kg hand luggage per person; extra weight is charged.'],
    },
  },
  bali: {
    hotel: {
      name: 'Taman Sari Villas Seminyak',
      address: ['Jalan Kayu Aya No. 28, Seminyak', 'Badung, Bali 80361, Indonesia'],
      phone: '+62 361 555 0135',
      checkIn: '14:00',
      checkOut: '12:00',
      notes: [
        'Pay Bali’s tourist levy (IDR 150,000 per person) online before you travel and keep the receipt.',
        'Ubud nights are at a partner villa named in your trip plan: show this voucher there as well.',
      ],
    },
    desk: {
      city: 'Bali',
      airport: 'I Gusti Ngurah Rai International Airport, Denpasar (DPS)',
      address: ['Jalan Sunset Road No. 88, Kuta', 'Badung, Bali 80361, Indonesia'],
      phone: '+62 361 555 0190',
      sightseeing: ['Temples ask for a sarong and sash, lent at the entrance.'],
    },
  },
  thailand: {
    hotel: {
      name: 'Riverside Orchid Hotel Bangkok',
      address: ['Charoen Krung Road Soi 40, Bang Rak', 'Bangkok 10500, Thailand'],
      phone: '+66 2 555 0147',
      checkIn: '14:00',
      checkOut: '12:00',
      notes: [
        'A refundable deposit of THB 2,000 per room is taken in cash or on a card at check-in.',
        'Stays in Pattaya, Phuket, Krabi and Chiang Mai are at partner hotels named in your trip plan.',
      ],
    },
    desk: {
      city: 'Bangkok',
      airport: 'Suvarnabhumi Airport, Bangkok (BKK)',
      address: ['18th Floor, Silom Complex Tower, Silom Road', 'Bangkok 10500, Thailand'],
      phone: '+66 2 555 0190',
      sightseeing: ['The Grand Palace and temples ask for covered shoulders and knees.'],
    },
  },
  singapore: {
    hotel: {
      name: 'Orchard Gardens Hotel',
      address: ['21 Cuscaden Road', 'Singapore 249719'],
      phone: '+65 6555 0163',
      checkIn: '15:00',
      checkOut: '11:00',
      notes: [
        'A refundable deposit of SGD 100 per night is held on a card at check-in.',
        'Fill in the SG Arrival Card online within three days before you land.',
      ],
    },
    desk: {
      city: 'Singapore',
      airport: 'Singapore Changi Airport (SIN)',
      address: ['#08-04 Orchard Towers, 400 Orchard Road', 'Singapore 238875'],
      phone: '+65 6555 0190',
    },
  },
  switzerland: {
    hotel: {
      name: 'Hotel Seeblick Luzern',
      address: ['Haldenstrasse 31', '6006 Luzern, Switzerland'],
      phone: '+41 41 555 01 50',
      checkIn: '15:00',
      checkOut: '11:00',
      notes: [
        'City tax of CHF 3.50 per person per night is paid at the hotel.',
        'Later stays in Interlaken, Zermatt and St. Moritz are at partner hotels named in your trip plan.',
      ],
    },
    desk: {
      city: 'Zurich',
      airport: 'Zurich Airport (ZRH)',
      address: ['Bahnhofplatz 7', '8001 Zürich, Switzerland'],
      phone: '+41 44 555 01 90',
      transfer: ['Rail transfers use your Swiss Travel Pass: keep it with your passport on every train.'],
    },
  },
  turkey: {
    hotel: {
      name: 'Hotel Sultan Konak',
      address: ['Akbıyık Caddesi No. 24, Sultanahmet', '34122 Fatih, İstanbul, Türkiye'],
      phone: '+90 212 555 0158',
      checkIn: '14:00',
      checkOut: '12:00',
      notes: [
        'Accommodation tax of 2% is included in your package.',
        'Cappadocia nights are in a cave hotel named in your trip plan: show this voucher there as well.',
      ],
    },
    desk: {
      city: 'Istanbul',
      airport: 'Istanbul Airport (IST)',
      address: ['Divanyolu Caddesi No. 52/3, Sultanahmet', '34122 Fatih, İstanbul, Türkiye'],
      phone: '+90 212 555 0190',
      sightseeing: ['Mosques ask women to cover their hair; scarves are lent at the door.'],
    },
  },
  'sri-lanka': {
    hotel: {
      name: 'Galle Face Palms Hotel',
      address: ['No. 44, Galle Road, Kollupitiya', 'Colombo 03, Sri Lanka'],
      phone: '+94 11 555 0129',
      checkIn: '14:00',
      checkOut: '12:00',
      notes: [
        'Carry the approved ETA (visa) printout with your passport.',
        'Stays in Kandy, Nuwara Eliya, Yala and the south coast are at partner hotels named in your trip plan.',
      ],
    },
    desk: {
      city: 'Colombo',
      airport: 'Bandaranaike International Airport, Colombo (CMB)',
      address: ['3rd Floor, Liberty Plaza, R. A. de Mel Mawatha', 'Colombo 03, Sri Lanka'],
      phone: '+94 11 555 0190',
      transfer: ['Your chauffeur-guide stays with you for the whole tour: note his mobile number on the first day.'],
    },
  },
  mauritius: {
    hotel: {
      name: 'Belle Rive Beach Resort',
      address: ['Coastal Road, Pointe aux Canonniers', 'Grand Baie 30517, Mauritius'],
      phone: '+230 555 0137',
      checkIn: '14:00',
      checkOut: '11:00',
      notes: [
        'Show the passport of every guest at check-in; children’s birth certificates may be asked for.',
        'Late check-out until 18:00 can be arranged for evening flights, for a fee paid at the hotel.',
      ],
    },
    desk: {
      city: 'Mauritius',
      airport: 'Sir Seewoosagur Ramgoolam International Airport (MRU)',
      address: ['Royal Road, La Salette', 'Grand Baie 30517, Mauritius'],
      phone: '+230 555 0190',
    },
  },
};

const TRANSFER_NOTES = (airport: string) => [
  `Arrival: your driver waits at ${airport} in the arrivals hall, holding a Wanderlust Holidays sign with the lead traveller’s name, and waits up to 60 minutes after landing.`,
  'Departure: the pick-up time from your hotel is confirmed by message the day before, about 3 hours before an international flight.',
  'Delayed flight or cannot find the driver? Call the number on this voucher, day or night.',
];

const SIGHTSEEING_NOTES = [
  'Pick-up is from your hotel lobby; the time is confirmed by message the evening before.',
  'Carry this voucher and a copy of your passport on every tour.',
];

/** Three rows per destination: its hotel, transfer desk and sightseeing desk. */
export const SUPPLIERS: SupplierRow[] = (Object.keys(PLACES) as DestinationSlug[]).flatMap((slug) => {
  const { hotel, desk } = PLACES[slug];
  const cityId = DEST_ID[slug];
  const deskMail = `${slugOf(desk.city)}@desk.wanderlust-holidays.com`;
  return [
    {
      cityId,
      kind: 'hotel' as const,
      name: hotel.name,
      address: hotel.address,
      phone: hotel.phone,
      email: `${slugOf(hotel.name)}@partners.wanderlust-holidays.com`,
      checkIn: hotel.checkIn,
      checkOut: hotel.checkOut,
      notes: hotel.notes,
    },
    {
      cityId,
      kind: 'transfer' as const,
      name: `Wanderlust Holidays Transfers, ${desk.city}`,
      address: desk.address,
      phone: desk.phone,
      email: deskMail,
      meetingPoint: desk.airport,
      notes: [...TRANSFER_NOTES(desk.airport), ...(desk.transfer ?? [])],
    },
    {
      cityId,
      kind: 'sightseeing' as const,
      name: `Wanderlust Holidays Tours, ${desk.city}`,
      address: desk.address,
      phone: desk.phone,
      email: deskMail,
      notes: [...SIGHTSEEING_NOTES, ...(desk.sightseeing ?? [])],
    },
  ];
});
