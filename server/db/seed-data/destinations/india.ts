import { destination } from '../catalogue-types.ts';

export const goa = destination({
  slug: 'goa',
  arrive: {
    title: 'Arrive in Goa',
    description:
      'Arrive at Dabolim or Manohar International Airport (Mopa), or at Madgaon station, and transfer to your hotel. Catch the sunset on the beach and sit down to a first dinner of Goan fish curry and rice.',
  },
  depart: {
    title: 'Departure from Goa',
    description:
      'Pick up cashews, bebinca and Goan sausages to take home, then transfer to the airport or railway station for your journey back.',
  },
  days: {
    northGoa: {
      title: 'North Goa Beaches & Forts',
      description:
        'Start at the 17th-century Fort Aguada and its lighthouse, then work your way up the coast: Candolim, Calangute and Baga, the Anjuna flea market (on Wednesdays) and the red cliffs of Vagator below Chapora Fort for sunset.',
    },
    oldGoa: {
      title: 'Old Goa Churches & South Goa',
      description:
        'See the Basilica of Bom Jesus, which holds the relics of St. Francis Xavier, and the Se Cathedral in UNESCO-listed Old Goa. Continue to the Shri Mangueshi temple at Ponda and end the day on the long sands of Colva.',
    },
    fontainhas: {
      title: 'Panjim Heritage Walk & Mandovi Cruise',
      description:
        'Wander the pastel lanes of Fontainhas, the old Latin quarter of Panjim, with a local guide, past the white staircase of the Church of Our Lady of the Immaculate Conception. In the evening, board a cruise on the Mandovi river with Goan folk dances on deck.',
    },
    dudhsagar: {
      title: 'Dudhsagar Falls & Spice Plantation',
      description:
        'A jeep ride through Bhagwan Mahavir Wildlife Sanctuary to the four-tiered Dudhsagar Falls on the Goa–Karnataka border, followed by a buffet lunch and guided walk on a spice plantation. Jeep safaris run from October to May, subject to forest department rules.',
    },
    palolem: {
      title: 'South Goa: Cabo de Rama & Palolem',
      description:
        'Drive south to the clifftop ruins of Cabo de Rama fort, then on to the crescent bay of Palolem for a boat ride to Butterfly Beach and, with luck, a glimpse of dolphins.',
    },
    grandeIsland: {
      title: 'Grande Island Snorkelling & Dolphin Trip',
      description:
        'A boat trip from Sinquerim to Grande Island, spotting dolphins on the way, with snorkelling over the reef and a seafood lunch on board. The afternoon is free by the pool.',
    },
    watersports: {
      title: 'Water Sports at Calangute & Baga',
      description:
        "A morning of parasailing, jet-skiing and a banana-boat ride at Calangute and Baga, then a long lunch at a beach shack and an afternoon nap before a night out on Baga's Tito's Lane.",
    },
    nightMarket: {
      title: 'Saturday Night Market & Beach Club',
      description:
        'An afternoon at leisure on Candolim beach, then the Arpora Saturday Night Market (November to April) with live bands, food stalls and handicrafts, followed by a beach club in Anjuna or Vagator.',
    },
    spa: {
      title: 'Ayurvedic Spa & Candlelit Dinner',
      description:
        'A slow morning with an Ayurvedic massage for two at the resort spa, a sunset cruise on the Sal river, and a candlelit dinner on the beach.',
    },
  },
  exclusions: [
    'Airfare or train tickets to Goa',
    'Lunches and dinners unless mentioned',
    'Entry fees and activities not listed',
    'Personal expenses such as laundry, drinks and tips',
  ],
  packages: [
    {
      id: 9,
      slug: 'goa-beach-break-3-nights',
      title: 'Goa Beach Break: North Goa Sun & Shacks',
      tripType: 'beach',
      nights: 3,
      summary:
        'Three easy nights at a beach resort in Candolim with the best of Goa in two days: the forts and beaches of the north, the churches of Old Goa and plenty of time for shacks, sunsets and seafood.',
      highlights: [
        'Beach resort in Candolim, steps from the sand',
        'Fort Aguada, Anjuna and Vagator',
        'Basilica of Bom Jesus in UNESCO-listed Old Goa',
        'Sunset at Chapora Fort',
      ],
      days: ['northGoa', 'oldGoa'],
      inclusions: [
        '3 nights at a 4-star beach resort in Candolim with breakfast',
        'Airport or railway-station transfers',
        'North Goa sightseeing by private car',
        'Old Goa and South Goa tour by private car',
        'Welcome drink and one seafood dinner',
      ],
      interests: ['beaches', 'nightlife', 'food'],
      aed: 1650,
      inr: 14999,
      offer: 'IN',
      rating: 4.5,
      reviewCount: 612,
      featured: true,
      hero: 1,
    },
    {
      id: 10,
      slug: 'goa-south-goa-honeymoon-5-nights',
      title: 'Romantic South Goa Honeymoon',
      tripType: 'honeymoon',
      nights: 5,
      summary:
        'Five nights at a quiet South Goa beach resort, far from the crowds: a heritage walk and river cruise in Panjim, the cliffs of Cabo de Rama, dolphins off Grande Island and a candlelit dinner by the sea.',
      highlights: [
        'Sea-view room at a 5-star South Goa resort',
        'Fontainhas heritage walk and Mandovi river cruise',
        'Dolphin trip and snorkelling at Grande Island',
        'Couples Ayurvedic massage and candlelit beach dinner',
      ],
      days: ['fontainhas', 'palolem', 'grandeIsland', 'spa'],
      inclusions: [
        '5 nights in a sea-view room at a 5-star South Goa resort with breakfast and dinner',
        'Private airport transfers',
        'Panjim heritage walk and Mandovi cruise',
        'Cabo de Rama and Palolem tour by private car',
        'Grande Island boat trip with lunch',
        'Couples massage and one candlelit dinner',
        'Honeymoon cake and room decoration',
      ],
      interests: ['beaches', 'wellness', 'food'],
      aed: 2650,
      inr: 32999,
      offer: 'both',
      rating: 4.7,
      reviewCount: 233,
      hero: 2,
    },
    {
      id: 11,
      slug: 'goa-family-holiday-4-nights',
      title: 'Goa Family Holiday with Dudhsagar Falls',
      tripType: 'family',
      nights: 4,
      summary:
        'Four nights at a family resort with a big pool, a kids club and the beach a short walk away, with days out to the forts and churches of Goa and a jeep ride to the thundering Dudhsagar Falls.',
      highlights: [
        'Family resort with pool and kids club',
        'Jeep safari to Dudhsagar Falls',
        'Spice plantation lunch',
        'Fort Aguada and the churches of Old Goa',
      ],
      days: ['northGoa', 'oldGoa', 'dudhsagar'],
      inclusions: [
        '4 nights at a 4-star family resort in Calangute with breakfast',
        'Airport or station transfers',
        'North Goa and Old Goa tours by private car',
        'Dudhsagar jeep safari and spice plantation lunch',
        'Kids club access',
        "Stay free for one child under 6 sharing the parents' bed",
      ],
      interests: ['beaches', 'nature-wildlife', 'water-sports'],
      aed: 1990,
      inr: 21999,
      rating: 4.6,
      reviewCount: 198,
      hero: 3,
    },
    {
      id: 12,
      slug: 'goa-friends-getaway-3-nights',
      title: "Goa Friends' Getaway: Beaches, Water Sports & Nightlife",
      tripType: 'group-tour',
      nights: 3,
      summary:
        'Made for groups of friends: three nights in Baga close to the action, a morning of water sports, the Saturday Night Market and a night at an Anjuna beach club. Group rates for six or more travellers.',
      highlights: [
        'Hotel within walking distance of Baga beach',
        'Parasailing, jet-ski and banana-boat ride',
        'Arpora Saturday Night Market',
        'Group rates for six or more',
      ],
      days: ['watersports', 'nightMarket'],
      inclusions: [
        '3 nights at a 3-star superior hotel in Baga with breakfast',
        'Airport or station transfers in a tempo traveller',
        'Water-sports package at Calangute (parasailing, jet-ski, banana boat)',
        'Entry to an Anjuna beach club with one drink',
        'Transfers to the Saturday Night Market',
        'Trip coordinator on WhatsApp throughout',
      ],
      interests: ['nightlife', 'water-sports', 'beaches'],
      aed: 1450,
      inr: 12499,
      rating: 4.3,
      reviewCount: 157,
      hero: 1,
    },
  ],
});

export const kerala = destination({
  slug: 'kerala',
  arrive: {
    title: 'Arrive in Kochi',
    description:
      'Arrive at Cochin International Airport and transfer to Fort Kochi. In the late afternoon, see the Chinese fishing nets at work, St. Francis Church and the spice warehouses of Mattancherry, then watch a Kathakali performance.',
  },
  depart: {
    title: 'Departure from Kochi',
    description:
      'Drive back to Cochin International Airport or Ernakulam station, stopping to buy banana chips, spices and tea to take home.',
  },
  days: {
    toMunnar: {
      title: 'Drive to Munnar',
      description:
        'Climb into the Western Ghats, about four hours, stopping at the Cheeyappara and Valara waterfalls as tea gardens begin to cover every hill. Evening at leisure in the cool air of Munnar.',
    },
    munnar: {
      title: 'Munnar Tea Gardens & Eravikulam',
      description:
        'Visit Eravikulam National Park, home of the rare Nilgiri tahr, then the Tata Tea Museum, Mattupetty Dam and Echo Point. Every twelve years these hills turn blue with Neelakurinji flowers.',
    },
    toThekkady: {
      title: 'Thekkady Spice Trails',
      description:
        "Drive through the cardamom hills to Thekkady, about three hours. Take a guided walk through a plantation of pepper, cardamom and cinnamon, and watch Kalaripayattu, Kerala's ancient martial art, in the evening.",
    },
    periyar: {
      title: 'Periyar Tiger Reserve',
      description:
        "An early boat cruise on Periyar Lake to watch elephants, gaur and sambar deer come to the water's edge, followed by a guided nature walk or bamboo rafting in the reserve with forest department guides.",
    },
    houseboat: {
      title: 'Alleppey Houseboat on the Backwaters',
      description:
        'Board a private kettuvallam houseboat at Alleppey around noon and glide along palm-lined canals and Vembanad Lake, past paddy fields and village churches. Lunch, dinner and breakfast of Kerala dishes are cooked on board, and you spend the night moored on the backwaters.',
    },
    kumarakom: {
      title: 'Kumarakom Village & Bird Sanctuary',
      description:
        'Disembark after breakfast and transfer to Kumarakom on the shore of Vembanad Lake. Take a country-boat ride through narrow canals, walk in the Kumarakom Bird Sanctuary and watch toddy tappers at work.',
    },
    kochiDay: {
      title: 'Kochi Heritage Day',
      description:
        'A full day in Kochi: the Mattancherry (Dutch) Palace with its Ramayana murals, the Paradesi Synagogue in Jew Town, Santa Cruz Basilica and a sunset cruise around Kochi harbour.',
    },
    arriveTrivandrum: {
      title: 'Arrive in Thiruvananthapuram & Kovalam',
      description:
        'Arrive at Thiruvananthapuram International Airport and transfer to your Ayurvedic resort near Kovalam, about 30 minutes away. An evening welcome with herbal tea and a sunset over Lighthouse Beach.',
    },
    ayurvedaConsult: {
      title: 'Ayurveda Consultation & Abhyanga',
      description:
        "Meet the resort's Ayurvedic doctor for a consultation and a personalised treatment plan, then enjoy your first Abhyanga full-body oil massage. Yoga and meditation at dawn and dusk.",
    },
    trivandrum: {
      title: 'Thiruvananthapuram Heritage',
      description:
        'Visit the Kuthiramalika Palace Museum of the Travancore royal family, the Napier Museum with its Kerala-style gables and the Sree Chitra Art Gallery. Treatments continue in the afternoon.',
    },
    shirodhara: {
      title: 'Shirodhara & Herbal Therapies',
      description:
        'A day devoted to treatment: Shirodhara, a steady stream of warm herbal oil on the forehead, and Elakizhi herbal-poultice massage, with sattvic meals from the resort kitchen.',
    },
    poovar: {
      title: 'Poovar Backwaters by Boat',
      description:
        'A gentle boat ride through the mangroves of Poovar, where the backwaters meet a golden sandbar and the Arabian Sea. Treatments continue in the afternoon.',
    },
    varkala: {
      title: 'Varkala Cliff',
      description:
        'A day trip to Varkala, where red laterite cliffs drop to Papanasam Beach. Visit the ancient Janardhana Swamy temple and enjoy a seafood lunch at a clifftop café.',
    },
    kovalam: {
      title: 'Final Treatment & Beach Afternoon',
      description:
        "A final treatment and a follow-up with your doctor, who will suggest a routine to take home, then a quiet afternoon on Kovalam's Hawa Beach.",
    },
    departTrivandrum: {
      title: 'Departure from Thiruvananthapuram',
      description: 'Transfer to Thiruvananthapuram International Airport for your flight home.',
    },
  },
  exclusions: [
    'Airfare or train tickets to Kerala',
    'Lunches and dinners unless mentioned',
    'Camera fees at monuments and parks',
    'Personal expenses and tips',
  ],
  packages: [
    {
      id: 13,
      slug: 'kerala-honeymoon-munnar-alleppey-6-nights',
      title: 'Kerala Honeymoon: Munnar Hills & Alleppey Houseboat',
      tripType: 'honeymoon',
      nights: 6,
      summary:
        "Misty tea gardens, spice-scented hills and a private houseboat on the backwaters: this is Kerala's classic honeymoon, with a night in Fort Kochi to begin and a lakeside resort in Kumarakom to end.",
      highlights: [
        'Private houseboat night on the Alleppey backwaters',
        'Tea gardens and Eravikulam National Park in Munnar',
        'Spice plantation walk in Thekkady',
        'Candlelit dinner at a Kumarakom lake resort',
      ],
      days: ['toMunnar', 'munnar', 'toThekkady', 'houseboat', 'kumarakom'],
      inclusions: [
        '6 nights: Kochi 1, Munnar 2, Thekkady 1, private houseboat 1, Kumarakom 1',
        'Daily breakfast, and all meals on the houseboat',
        'Private air-conditioned car with driver for the whole trip',
        'Kathakali show and spice plantation tour',
        'Eravikulam National Park entry',
        'Honeymoon cake, flower bed decoration and one candlelit dinner',
      ],
      interests: ['mountains', 'cruises', 'wellness'],
      aed: 2890,
      inr: 27999,
      offer: 'both',
      rating: 4.8,
      reviewCount: 402,
      featured: true,
      hero: 1,
    },
    {
      id: 14,
      slug: 'kerala-family-tour-5-nights',
      title: 'Kerala Family Tour: Kochi, Munnar & Alleppey',
      tripType: 'family',
      nights: 5,
      summary:
        'A gentle introduction to Kerala for the whole family: two nights in historic Fort Kochi, two in the tea hills of Munnar and a night on a two-bedroom houseboat, where children love watching village life drift by.',
      highlights: [
        'Two-bedroom houseboat on Vembanad Lake',
        'Nilgiri tahr at Eravikulam National Park',
        'Kathakali show and Kochi harbour cruise',
        'Family rooms in every hotel',
      ],
      days: ['kochiDay', 'toMunnar', 'munnar', 'houseboat'],
      inclusions: [
        '5 nights in family rooms: Kochi 2, Munnar 2, houseboat 1',
        'Daily breakfast, and all meals on the houseboat',
        'Private car with driver throughout',
        'Kochi harbour cruise and Kathakali show',
        'Eravikulam National Park and Tea Museum tickets',
      ],
      interests: ['mountains', 'cruises', 'history', 'food'],
      aed: 2390,
      inr: 23999,
      rating: 4.6,
      reviewCount: 214,
      hero: 2,
    },
    {
      id: 15,
      slug: 'kerala-ayurveda-retreat-7-nights',
      title: 'Kerala Ayurveda & Wellness Retreat near Kovalam',
      tripType: 'luxury',
      nights: 7,
      summary:
        "A week of genuine Ayurveda at a beachside wellness resort near Kovalam: a doctor's consultation, daily treatments tailored to you, yoga at sunrise and sattvic cuisine, with gentle outings to Poovar's backwaters and the cliffs of Varkala.",
      highlights: [
        'Consultation and personalised programme with an Ayurvedic doctor',
        'Daily treatments including Abhyanga and Shirodhara',
        'Yoga and meditation twice a day',
        'Outings to Poovar and Varkala',
      ],
      arrive: 'arriveTrivandrum',
      days: ['ayurvedaConsult', 'trivandrum', 'shirodhara', 'poovar', 'varkala', 'kovalam'],
      depart: 'departTrivandrum',
      inclusions: [
        '7 nights in a sea-view cottage at a luxury Ayurvedic resort',
        'All sattvic vegetarian meals, herbal teas and juices',
        "Doctor's consultations and daily treatments (up to 2 hours a day)",
        'Daily yoga and meditation sessions',
        'Poovar boat ride and Varkala day trip',
        'Airport transfers in Thiruvananthapuram',
      ],
      interests: ['wellness', 'beaches', 'food'],
      aed: 4450,
      inr: 59999,
      offer: 'UAE',
      rating: 4.8,
      reviewCount: 86,
      hero: 3,
    },
    {
      id: 16,
      slug: 'kerala-periyar-wildlife-4-nights',
      title: 'Periyar Wildlife & Spice Trails',
      tripType: 'wildlife',
      nights: 4,
      summary:
        "Follow Kerala's wild side from the spice hills to the lakes: two nights at a jungle lodge on the edge of Periyar Tiger Reserve, with a lake cruise, nature walk and bamboo rafting, then a night in Kumarakom among herons and cormorants.",
      highlights: [
        'Boat safari on Periyar Lake',
        'Bamboo rafting or a guided nature walk in the tiger reserve',
        'Kumarakom Bird Sanctuary',
        'Spice plantation tour and Kalaripayattu show',
      ],
      days: ['toThekkady', 'periyar', 'kumarakom'],
      inclusions: [
        '4 nights: Kochi 1, Thekkady jungle lodge 2, Kumarakom 1, with breakfast and dinner',
        'Private car with driver',
        'Periyar boat safari tickets',
        'Bamboo rafting or nature walk with forest guides',
        'Spice plantation tour and Kalaripayattu show',
        'Kumarakom country-boat ride',
      ],
      interests: ['nature-wildlife', 'mountains', 'food'],
      aed: 1790,
      inr: 18999,
      rating: 4.6,
      reviewCount: 71,
      hero: 2,
    },
  ],
});

export const kashmir = destination({
  slug: 'kashmir',
  arrive: {
    title: 'Arrive in Srinagar',
    description:
      'Land at Srinagar airport and transfer to a deluxe houseboat on Dal or Nigeen Lake. You are welcomed with kahwa, the saffron-and-almond green tea, before an evening shikara ride past the floating gardens.',
  },
  depart: {
    title: 'Departure from Srinagar',
    description:
      'After breakfast, shop for pashmina, walnut-wood boxes and saffron, then transfer to Srinagar airport for your flight.',
  },
  days: {
    srinagarGardens: {
      title: 'Mughal Gardens of Srinagar',
      description:
        'Visit the terraced Mughal gardens of Nishat Bagh, Shalimar Bagh and Chashme Shahi with its spring, then the ruins of Pari Mahal above Dal Lake. Evening at leisure on the Boulevard.',
    },
    gulmarg: {
      title: 'Day Trip to Gulmarg & Gondola Ride',
      description:
        'Drive to Gulmarg, the "meadow of flowers", at 2,650 metres. Ride the Gulmarg Gondola to Kongdori and, weather permitting, on to Apharwat, where snow lingers well into summer. Return to Srinagar in the evening.',
    },
    pahalgam: {
      title: 'Srinagar to Pahalgam',
      description:
        'Drive to Pahalgam, about three hours, through the saffron fields of Pampore, with stops at the Avantipora temple ruins and a cricket-bat workshop. Evening walk along the Lidder river.',
    },
    pahalgamValleys: {
      title: 'Aru, Betaab & Chandanwari Valleys',
      description:
        'Explore the valleys around Pahalgam by local cab: the pine-ringed meadows of Aru, Betaab Valley of Bollywood fame and Chandanwari, where snow often stays into June. Optional pony ride to Baisaran meadow.',
    },
    sonamarg: {
      title: 'Day Trip to Sonamarg',
      description:
        'Drive along the Sindh river to Sonamarg, "the meadow of gold", and take a pony ride up to the Thajiwas Glacier. Return to Srinagar for dinner.',
    },
    oldCity: {
      title: 'Old Srinagar & Wazwan Dinner',
      description:
        "Walk the old city with a local guide: the wooden Jamia Masjid, the Khanqah of Shah-e-Hamadan on the Jhelum and the Hazratbal shrine on Dal Lake's northern shore. Dinner is a multi-course wazwan feast.",
    },
    skiLesson1: {
      title: 'Gulmarg Ski School: First Turns',
      description:
        'Drive to Gulmarg, about two hours, and check in. After lunch, meet your certified instructor on the gentle nursery slopes for equipment fitting, balance and your first snow-plough turns.',
    },
    skiLesson2: {
      title: 'Ski Day on the Kongdori Slopes',
      description:
        "A full day of lessons, riding the gondola's first phase to the longer runs at Kongdori. Non-skiers can try snowshoeing, sledging or a snowmobile ride.",
    },
    apharwat: {
      title: 'Apharwat Peak & Free Skiing',
      description:
        'Ride both phases of the gondola to Apharwat, close to 4,000 metres, for views of Nanga Parbat on clear days. Confident skiers can explore the upper bowls with a guide; beginners continue on the nursery slopes.',
    },
    returnOldCity: {
      title: 'Return to Srinagar & the Old City',
      description:
        'Drive back to Srinagar and spend the afternoon in the old city, visiting the wooden Jamia Masjid and the Khanqah of Shah-e-Hamadan, before a farewell wazwan dinner on your houseboat.',
    },
    doodhpathri: {
      title: 'Doodhpathri Meadows',
      description:
        'A day trip to Doodhpathri, the "valley of milk", where streams tumble over rocks through wide meadows ringed by pine forest, far quieter than the better-known resorts.',
    },
  },
  exclusions: [
    'Airfare to Srinagar',
    'Local union cabs in Gulmarg, Sonamarg and Pahalgam (required for some valleys)',
    'Pony rides, sledges and guides at the hill stations',
    'Lunches and personal expenses',
  ],
  packages: [
    {
      id: 17,
      slug: 'kashmir-honeymoon-houseboat-5-nights',
      title: 'Kashmir Honeymoon with Dal Lake Houseboat',
      tripType: 'honeymoon',
      nights: 5,
      summary:
        "Begin with a night on a carved-cedar houseboat on Dal Lake, then stay in Srinagar for the Mughal gardens and a day in Gulmarg's snow, before two romantic nights by the Lidder river in Pahalgam.",
      highlights: [
        'Night on a deluxe Dal Lake houseboat',
        'Shikara ride at sunset',
        'Gulmarg Gondola ride',
        'Aru and Betaab valleys in Pahalgam',
      ],
      days: ['srinagarGardens', 'gulmarg', 'pahalgam', 'pahalgamValleys'],
      inclusions: [
        '5 nights: houseboat 1, Srinagar 2, Pahalgam 2, with breakfast and dinner',
        'Private car with driver for transfers and sightseeing',
        'One-hour shikara ride',
        'Gulmarg Gondola phase 1 tickets',
        'Honeymoon cake and a candlelit dinner in Pahalgam',
      ],
      interests: ['mountains', 'snow', 'shopping'],
      aed: 2190,
      inr: 24999,
      offer: 'IN',
      rating: 4.7,
      reviewCount: 356,
      hero: 1,
    },
    {
      id: 18,
      slug: 'kashmir-family-holiday-6-nights',
      title: 'Kashmir Family Holiday: Srinagar, Gulmarg, Sonamarg & Pahalgam',
      tripType: 'family',
      nights: 6,
      summary:
        "The whole Kashmir valley for families: a houseboat night, Srinagar's gardens, snow on the Gulmarg Gondola, a pony ride to Sonamarg's glacier and two nights in Pahalgam's pine-clad valleys, with one trusted local driver throughout.",
      highlights: [
        'Houseboat night and shikara ride on Dal Lake',
        'Gulmarg Gondola and the Thajiwas Glacier',
        'Two nights in Pahalgam',
        'One trusted local driver for the whole trip',
      ],
      days: ['srinagarGardens', 'sonamarg', 'gulmarg', 'pahalgam', 'pahalgamValleys'],
      inclusions: [
        '6 nights: houseboat 1, Srinagar 3, Pahalgam 2, with breakfast and dinner',
        'Private car (Innova or similar) with driver',
        'Shikara ride and Mughal garden entry tickets',
        'Gulmarg Gondola phase 1 tickets',
        'Welcome kahwa and a Kashmiri dinner on arrival',
      ],
      interests: ['mountains', 'snow', 'history'],
      aed: 2450,
      inr: 27999,
      rating: 4.6,
      reviewCount: 267,
      featured: true,
      hero: 2,
    },
    {
      id: 19,
      slug: 'kashmir-gulmarg-ski-adventure-5-nights',
      title: 'Gulmarg Snow & Ski Adventure',
      tripType: 'adventure',
      nights: 5,
      summary:
        "Learn to ski, or ski better, in one of Asia's great powder resorts. Three nights in Gulmarg with certified instructors, full equipment and the gondola to Apharwat, bookended by nights in Srinagar. Runs from late December to early March.",
      highlights: [
        'Three days of lessons with certified instructors',
        'Ski, boots and snow-clothing rental included',
        'Gulmarg Gondola phases 1 and 2',
        'Houseboat night on Dal Lake',
      ],
      days: ['skiLesson1', 'skiLesson2', 'apharwat', 'returnOldCity'],
      inclusions: [
        '5 nights: Srinagar houseboat 1, Gulmarg 3, Srinagar houseboat 1, with breakfast and dinner',
        'Three days of ski instruction with certified instructors',
        'Ski or snowboard equipment and snow-clothing rental',
        'Gulmarg Gondola phase 1 and 2 tickets',
        'Private 4x4 transfers Srinagar–Gulmarg with snow chains',
      ],
      interests: ['snow', 'mountains'],
      aed: 2750,
      inr: 32999,
      offer: 'IN',
      rating: 4.7,
      reviewCount: 84,
      featured: true,
      hero: 3,
    },
    {
      id: 20,
      slug: 'kashmir-group-tour-7-nights',
      title: 'Kashmir Group Tour with Doodhpathri & Old Srinagar',
      tripType: 'group-tour',
      nights: 7,
      summary:
        'Travel with a small group and a tour manager on fixed departures from April to October. Beyond the classics, this tour adds the old city of Srinagar with a wazwan feast and the quiet meadows of Doodhpathri.',
      highlights: [
        'Fixed departures with a tour manager',
        'Old Srinagar walk and wazwan dinner',
        'Doodhpathri meadows, off the usual circuit',
        'Gulmarg Gondola and the Pahalgam valleys',
      ],
      days: ['srinagarGardens', 'oldCity', 'gulmarg', 'doodhpathri', 'pahalgam', 'pahalgamValleys'],
      inclusions: [
        '7 nights: houseboat 1, Srinagar 4, Pahalgam 2, with breakfast and dinner',
        'Tour manager for the whole trip',
        'All sightseeing by tempo traveller',
        'Shikara ride and garden entry tickets',
        'Gulmarg Gondola phase 1 tickets',
        'Wazwan dinner',
      ],
      interests: ['mountains', 'history', 'food'],
      aed: 2590,
      inr: 29999,
      rating: 4.5,
      reviewCount: 139,
      hero: 1,
    },
  ],
});

export const rajasthan = destination({
  slug: 'rajasthan',
  arrive: {
    title: 'Arrive in Jaipur',
    description:
      'Arrive at Jaipur airport or railway station and transfer to your hotel. In the evening, visit the white marble Birla Mandir and walk through the lit-up bazaars of the Pink City.',
  },
  depart: {
    title: 'Departure from Jaipur',
    description:
      'After breakfast, pick up block-printed textiles and blue pottery, then transfer to Jaipur airport or station for your onward journey.',
  },
  days: {
    jaipurForts: {
      title: 'Amber Fort & Jaipur Sights',
      description:
        'Drive up to Amber Fort and explore the mirrored Sheesh Mahal and the courtyards of the Mansingh palace. On the way back, stop for photos of Jal Mahal in Man Sagar Lake and the honeycomb facade of Hawa Mahal.',
    },
    jaipurCity: {
      title: 'City Palace, Jantar Mantar & Bazaars',
      description:
        'See the royal City Palace and the UNESCO-listed Jantar Mantar observatory, then shop the bazaars of Johari and Bapu for jewellery, mojris and textiles. Dinner at Chokhi Dhani, a village-style cultural evening.',
    },
    toJodhpur: {
      title: 'Jaipur to Jodhpur via Pushkar',
      description:
        'Drive west, stopping at Pushkar for the Brahma Temple and the ghats of the holy lake, then continue to Jodhpur, about six hours in all. Evening at the Clock Tower and Sardar Market.',
    },
    jodhpur: {
      title: 'Mehrangarh & the Blue City',
      description:
        'Explore Mehrangarh Fort, rising some 120 metres above the city, and its museum of palanquins and armour. Visit the marble cenotaph of Jaswant Thada and wander the blue-painted lanes of Brahmpuri with a local guide.',
    },
    toJaisalmer: {
      title: 'Jodhpur to Jaisalmer',
      description:
        'Drive across the Thar Desert to Jaisalmer, about five hours. At sunset, watch the golden fort glow from the cenotaphs of Vyas Chhatri.',
    },
    jaisalmer: {
      title: 'Jaisalmer Fort & Havelis',
      description:
        "Explore Sonar Qila, one of the world's few living forts, with homes, shops and Jain temples inside its walls. Visit the carved Patwon ki Haveli and the ghats of Gadisar Lake.",
    },
    samDunes: {
      title: 'Sam Sand Dunes & Desert Camp',
      description:
        'In the afternoon, head out to the Sam sand dunes for a camel safari at sunset, then an evening of Rajasthani folk music and Kalbelia dance at your desert camp, with dinner under the stars.',
    },
    departJodhpur: {
      title: 'Departure via Jodhpur',
      description:
        'Drive back to Jodhpur, about five hours, for your onward flight or train, or fly out of Jaisalmer when seasonal flights operate.',
    },
    arriveUdaipur: {
      title: 'Arrive in Udaipur',
      description:
        "Arrive at Udaipur's Maharana Pratap Airport and transfer to your lake-view hotel. Evening boat ride on Lake Pichola, past the Lake Palace and Jag Mandir.",
    },
    udaipur: {
      title: 'City Palace & Saheliyon ki Bari',
      description:
        'Tour the City Palace, the largest palace complex in Rajasthan, the Jagdish Temple and the fountains of Saheliyon ki Bari, the garden of the maidens. Evening folk dance show at Bagore ki Haveli.',
    },
    kumbhalgarh: {
      title: 'Kumbhalgarh Fort & Ranakpur',
      description:
        'A day trip to Kumbhalgarh, whose 36-kilometre walls are among the longest in the world, and the white marble Ranakpur Jain temple with its forest of carved pillars.',
    },
    udaipurSunset: {
      title: 'Monsoon Palace Sunset & Lakeside Dinner',
      description:
        'A free morning for the spa or a cooking class. At sunset, drive up to the Monsoon Palace (Sajjangarh) for views over the lakes, then dine at a lakeside restaurant facing the City Palace.',
    },
    departUdaipur: {
      title: 'Departure from Udaipur',
      description: 'Transfer to Udaipur airport for your onward flight.',
    },
    ranthambore: {
      title: 'Jaipur to Ranthambore & Evening Safari',
      description:
        'Drive to Sawai Madhopur, about three and a half hours, and check in at a jungle resort. In the afternoon, set out by jeep into Ranthambore National Park in search of tigers.',
    },
    ranthambore2: {
      title: 'Ranthambore Safaris & Fort',
      description:
        'A morning jeep safari, then the 10th-century Ranthambore Fort inside the park, where langurs roam the ruins. A second safari in the afternoon explores a different zone.',
    },
    departRanthambore: {
      title: 'Departure from Ranthambore',
      description:
        'Optional last morning safari, then drive back to Jaipur airport or to Sawai Madhopur station for your onward journey.',
    },
    arriveJodhpur: {
      title: 'Arrive in Jodhpur',
      description:
        'Arrive in Jodhpur and transfer to your heritage palace hotel. Sunset drinks on the terrace, facing Mehrangarh Fort.',
    },
  },
  exclusions: [
    'Airfare or train tickets to Rajasthan',
    'Lunches and meals not mentioned',
    'Camera fees at monuments',
    'Tips for drivers and guides',
  ],
  packages: [
    {
      id: 21,
      slug: 'rajasthan-heritage-trail-8-nights',
      title: 'Rajasthan Heritage Trail: Jaipur, Jodhpur & Jaisalmer',
      tripType: 'culture-heritage',
      nights: 8,
      summary:
        "Eight nights through the heart of Rajputana in heritage hotels: the Amber Fort and bazaars of Jaipur, a detour to holy Pushkar, the blue city beneath Mehrangarh, Jaisalmer's living golden fort and a night in a desert camp on the dunes of Sam.",
      highlights: [
        'Heritage havelis and palace hotels',
        'Amber Fort, City Palace and Jantar Mantar',
        "Mehrangarh Fort and Jodhpur's blue city",
        'Camel safari and a night in a desert camp at Sam',
      ],
      days: ['jaipurForts', 'jaipurCity', 'toJodhpur', 'jodhpur', 'toJaisalmer', 'jaisalmer', 'samDunes'],
      depart: 'departJodhpur',
      inclusions: [
        '8 nights in heritage hotels (Jaipur 3, Jodhpur 2, Jaisalmer 2) and a Swiss-tent desert camp (1), with breakfast',
        'Dinners in Jaisalmer and at the desert camp',
        'Private air-conditioned car with driver',
        'Local guides in Jaipur, Jodhpur and Jaisalmer',
        'Monument entrance fees',
        'Camel safari and folk performance at Sam',
        'Chokhi Dhani dinner in Jaipur',
      ],
      interests: ['history', 'desert-safari', 'shopping', 'food'],
      aed: 3450,
      inr: 44999,
      offer: 'both',
      rating: 4.8,
      reviewCount: 247,
      featured: true,
      hero: 1,
    },
    {
      id: 22,
      slug: 'rajasthan-udaipur-honeymoon-4-nights',
      title: 'Udaipur Lakes Honeymoon',
      tripType: 'honeymoon',
      nights: 4,
      summary:
        'The City of Lakes was made for romance: four nights at a lake-view palace-style hotel, a boat ride on Lake Pichola at sunset, a day trip to Kumbhalgarh and Ranakpur and a candlelit dinner facing the City Palace.',
      highlights: [
        'Lake-view room at a palace-style hotel',
        'Sunset boat ride on Lake Pichola',
        'Kumbhalgarh walls and the Ranakpur temple',
        'Candlelit lakeside dinner',
      ],
      arrive: 'arriveUdaipur',
      days: ['udaipur', 'kumbhalgarh', 'udaipurSunset'],
      depart: 'departUdaipur',
      inclusions: [
        '4 nights in a lake-view room at a 5-star hotel with breakfast',
        'Private car with driver for transfers and sightseeing',
        'Lake Pichola boat ride',
        'Guided City Palace tour',
        'Kumbhalgarh and Ranakpur day trip',
        'Candlelit dinner and honeymoon amenities',
      ],
      interests: ['history', 'wellness', 'food'],
      aed: 2150,
      inr: 26999,
      rating: 4.7,
      reviewCount: 118,
      hero: 2,
    },
    {
      id: 23,
      slug: 'rajasthan-ranthambore-tiger-safari-4-nights',
      title: 'Ranthambore Tiger Safari & Jaipur',
      tripType: 'wildlife',
      nights: 4,
      summary:
        'Three safaris in Ranthambore, one of the best places in India to see a wild tiger, plus a day among the forts and palaces of Jaipur. Stay at a jungle resort close to the park gates.',
      highlights: [
        'Three jeep safaris in Ranthambore National Park',
        'Jungle resort near the park gates',
        'The 10th-century Ranthambore Fort',
        'Amber Fort and Hawa Mahal in Jaipur',
      ],
      days: ['jaipurForts', 'ranthambore', 'ranthambore2'],
      depart: 'departRanthambore',
      inclusions: [
        '4 nights: Jaipur 2 and Ranthambore jungle resort 2, with breakfast (and dinner in Ranthambore)',
        'Private car with driver',
        'Three shared jeep safaris with naturalist and park fees',
        'Amber Fort entry and guide in Jaipur',
        'All transfers',
      ],
      interests: ['nature-wildlife', 'history'],
      aed: 1950,
      inr: 21999,
      rating: 4.6,
      reviewCount: 98,
      featured: true,
      hero: 3,
    },
    {
      id: 24,
      slug: 'rajasthan-desert-luxury-5-nights',
      title: 'Jodhpur & Jaisalmer Luxury Desert Escape',
      tripType: 'luxury',
      nights: 5,
      summary:
        'Palace hotels and a luxury desert camp: two nights in Jodhpur beneath Mehrangarh, two in Jaisalmer and a final night in a tented suite in the Thar with a private dinner on the dunes. Rajasthan at its most regal.',
      highlights: [
        'Palace hotel in Jodhpur with fort views',
        'Luxury tented suite and a private dune dinner',
        'Private guides for Mehrangarh and Jaisalmer Fort',
        'Sunset camel safari at Sam',
      ],
      arrive: 'arriveJodhpur',
      days: ['jodhpur', 'toJaisalmer', 'jaisalmer', 'samDunes'],
      depart: 'departJodhpur',
      inclusions: [
        '5 nights: Jodhpur palace hotel 2, Jaisalmer 5-star hotel 2, luxury desert camp 1, with breakfast and dinner',
        'Private luxury SUV with driver',
        'Private guides and monument entries',
        'Sunset camel safari and private dune dinner',
        'Folk music evening at the camp',
      ],
      interests: ['desert-safari', 'history', 'wellness'],
      aed: 3890,
      inr: 54999,
      offer: 'IN',
      rating: 4.7,
      reviewCount: 46,
      hero: 2,
    },
  ],
});

export const andaman = destination({
  slug: 'andaman',
  arrive: {
    title: 'Arrive in Port Blair',
    description:
      "Arrive at Veer Savarkar International Airport and transfer to your hotel. Spend the afternoon at Corbyn's Cove beach, then watch the moving light-and-sound show at the Cellular Jail, the colonial prison of India's freedom fighters.",
  },
  depart: {
    title: 'Departure from Port Blair',
    description:
      'Visit the Samudrika Naval Marine Museum if time allows, then transfer to the airport for your flight home.',
  },
  days: {
    toHavelock: {
      title: 'Ferry to Havelock & Radhanagar Beach',
      description:
        "Take a morning catamaran ferry to Havelock Island (Swaraj Dweep), about two hours. Check in and spend the afternoon at Radhanagar Beach, often ranked among Asia's finest, staying for the sunset.",
    },
    elephantBeach: {
      title: 'Elephant Beach Snorkelling',
      description:
        'A speedboat to Elephant Beach for guided snorkelling over coral gardens, with optional sea walk and glass-bottom boat rides. Afternoon free at Kalapathar beach.',
    },
    scuba: {
      title: 'Discover Scuba at Havelock',
      description:
        'Spend the morning with a PADI dive centre: a briefing and shallow-water practice, then a guided reef dive of about 12 metres off Havelock. Certificates and underwater photos are provided.',
    },
    kayak: {
      title: 'Mangrove Kayaking',
      description:
        'Paddle through the mangrove creeks of Havelock at high tide with a naturalist guide, then relax at Vijaynagar beach. A night kayak to see bioluminescence can be added on dark-moon nights.',
    },
    toNeil: {
      title: 'Ferry to Neil Island',
      description:
        'Ferry to Neil Island (Shaheed Dweep), the quieter sister of Havelock. Visit the natural rock bridge near Laxmanpur at low tide and watch the sunset from Laxmanpur Beach.',
    },
    neilReturn: {
      title: 'Bharatpur Beach & Return to Port Blair',
      description:
        'A morning glass-bottom boat ride over the corals of Bharatpur Beach, then an afternoon ferry back to Port Blair and a visit to the Anthropological Museum.',
    },
    rossNorthBay: {
      title: 'Ross Island & North Bay',
      description:
        'Take a boat to Ross Island (Netaji Subhas Chandra Bose Dweep), the former British headquarters now overgrown with banyan roots and home to deer and peacocks, then on to North Bay for coral viewing by semi-submarine or snorkelling.',
    },
    baratang: {
      title: 'Baratang Limestone Caves',
      description:
        'An early start north along the Andaman Trunk Road, then a speedboat through the mangrove creeks and a forest walk to the limestone caves of Baratang. Back in Port Blair by evening.',
    },
    departHavelock: {
      title: 'Ferry to Port Blair & Departure',
      description: 'Take the morning ferry back to Port Blair in time for your afternoon flight home.',
    },
  },
  exclusions: [
    'Airfare to Port Blair',
    'Water sports and dives not mentioned',
    'Lunches and personal expenses',
    'Camera fees at sights',
  ],
  packages: [
    {
      id: 49,
      slug: 'andaman-honeymoon-havelock-neil-5-nights',
      title: 'Andaman Honeymoon: Havelock & Neil Islands',
      tripType: 'honeymoon',
      nights: 5,
      summary:
        "White sand, turquoise water and long, quiet sunsets: two nights on Havelock near Radhanagar Beach, one on peaceful Neil Island and Port Blair's history at either end. Ferry tickets and transfers are all taken care of.",
      highlights: [
        'Sunset at Radhanagar Beach',
        'Snorkelling at Elephant Beach',
        'Natural rock bridge on Neil Island',
        'Candlelit beach dinner on Havelock',
      ],
      days: ['toHavelock', 'elephantBeach', 'toNeil', 'neilReturn'],
      inclusions: [
        '5 nights: Port Blair 2, Havelock beach resort 2, Neil 1, with breakfast',
        'Catamaran ferry tickets between the islands',
        'All transfers and sightseeing by private car',
        'Elephant Beach speedboat and snorkelling',
        'Cellular Jail light-and-sound show tickets',
        'Candlelit dinner on the beach',
      ],
      interests: ['beaches', 'water-sports'],
      aed: 2590,
      inr: 29999,
      offer: 'IN',
      rating: 4.7,
      reviewCount: 193,
      hero: 1,
    },
    {
      id: 50,
      slug: 'andaman-scuba-island-adventure-6-nights',
      title: 'Andaman Scuba & Island Adventure',
      tripType: 'adventure',
      nights: 6,
      summary:
        "Dive into India's best reefs: a Discover Scuba dive with a PADI centre on Havelock, mangrove kayaking, snorkelling on Neil Island's corals and enough beach time to recover. The introductory dive is suitable for non-swimmers.",
      highlights: [
        'Discover Scuba dive with PADI instructors',
        'Mangrove kayaking with a naturalist',
        'Three nights on Havelock Island',
        'Glass-bottom boat at Bharatpur Beach',
      ],
      days: ['toHavelock', 'scuba', 'kayak', 'toNeil', 'neilReturn'],
      inclusions: [
        '6 nights: Port Blair 2, Havelock 3, Neil 1, with breakfast',
        'Catamaran ferry tickets between the islands',
        'Discover Scuba dive with photos and certificate',
        'Guided mangrove kayak session',
        'All transfers by private car',
        'Cellular Jail light-and-sound show tickets',
      ],
      interests: ['water-sports', 'beaches', 'nature-wildlife'],
      aed: 2990,
      inr: 36999,
      rating: 4.8,
      reviewCount: 127,
      featured: true,
      hero: 2,
    },
    {
      id: 51,
      slug: 'andaman-family-beach-4-nights',
      title: 'Andaman Family Beach Holiday',
      tripType: 'beach',
      nights: 4,
      summary:
        "A simple, family-friendly island holiday: Port Blair's history and a boat to Ross Island's deer and peacocks, then two nights on Havelock with Radhanagar Beach and easy snorkelling at Elephant Beach.",
      highlights: [
        'Ross Island and North Bay by boat',
        'Radhanagar Beach sunset',
        'Snorkelling and glass-bottom boat at Elephant Beach',
        'Cellular Jail light-and-sound show',
      ],
      days: ['rossNorthBay', 'toHavelock', 'elephantBeach'],
      depart: 'departHavelock',
      inclusions: [
        '4 nights: Port Blair 2, Havelock 2, with breakfast',
        'Return ferry tickets Port Blair–Havelock',
        'Boat to Ross Island and North Bay',
        'Elephant Beach speedboat',
        'All transfers by private car',
      ],
      interests: ['beaches', 'history', 'water-sports'],
      aed: 2190,
      inr: 24999,
      rating: 4.5,
      reviewCount: 142,
      hero: 3,
    },
    {
      id: 52,
      slug: 'andaman-group-explorer-7-nights',
      title: 'Andaman Group Explorer: Baratang, Havelock & Neil',
      tripType: 'group-tour',
      nights: 7,
      summary:
        "Fixed group departures covering the Andamans in depth, with a tour manager handling every ferry and permit: Port Blair's history, the limestone caves of Baratang, two nights on Havelock and a night on Neil Island.",
      highlights: [
        'Tour manager and fixed departures from October to May',
        'Baratang limestone caves by speedboat through the mangroves',
        'Ross Island, North Bay, Havelock and Neil',
        'Indian breakfasts and dinners every day',
      ],
      days: ['rossNorthBay', 'baratang', 'toHavelock', 'elephantBeach', 'toNeil', 'neilReturn'],
      inclusions: [
        '7 nights: Port Blair 4, Havelock 2, Neil 1, with breakfast and dinner',
        'Tour manager throughout',
        'All ferries, boats and permits',
        'Baratang excursion with boat and guide',
        'Sightseeing by air-conditioned coach',
        'Cellular Jail light-and-sound show tickets',
      ],
      interests: ['beaches', 'history', 'nature-wildlife'],
      aed: 2750,
      inr: 33999,
      rating: 4.4,
      reviewCount: 88,
      hero: 1,
    },
  ],
});

export const manali = destination({
  slug: 'manali',
  arrive: {
    title: 'Arrive in Manali',
    description:
      'Pick-up from Bhuntar airport, about 50 km away, or from the Volvo bus stand in Manali after the overnight journey from Delhi or Chandigarh. Rest, then stroll down Mall Road in the evening.',
  },
  depart: {
    title: 'Departure from Manali',
    description:
      "Drop at Bhuntar airport or the Volvo bus stand for your journey home, stopping at a Kullu shawl weavers' showroom on the way.",
  },
  days: {
    manaliLocal: {
      title: 'Hadimba Temple, Vashisht & Old Manali',
      description:
        'Visit the 16th-century Hadimba Devi temple in its cedar forest, the hot sulphur springs of Vashisht and the Tibetan monastery, then spend the evening in the cafés of Old Manali.',
    },
    solang: {
      title: 'Solang Valley & Paragliding',
      description:
        'Drive to Solang Valley, about 13 km from Manali, for the ropeway, zorbing and a tandem paragliding flight over the valley, weather permitting. In winter, the slopes become a snow playground.',
    },
    atalTunnel: {
      title: 'Atal Tunnel & Sissu',
      description:
        'Drive through the 9-km Atal Tunnel beneath the Rohtang Pass into the stark Lahaul valley. Visit the waterfall at Sissu and the banks of the Chandra river, with snow views for much of the year.',
    },
    kulluRafting: {
      title: 'Beas River Rafting & Kullu',
      description:
        "Raft the rapids of the Beas near Kullu with a certified crew (seasonal), then visit a Kullu shawl weavers' cooperative and the Bijli Mahadev viewpoint road.",
    },
    naggar: {
      title: 'Naggar Castle & Roerich Gallery',
      description:
        'Drive down the left bank of the Beas to Naggar, the old capital of Kullu. See the 15th-century stone-and-timber Naggar Castle and the Roerich Art Gallery, once the home of the Russian painter Nicholas Roerich.',
    },
    manikaran: {
      title: 'Manikaran Sahib & Kasol',
      description:
        "Drive into the Parvati valley to Manikaran, where the gurudwara's langar is cooked in natural hot springs, then stroll the riverside cafés of Kasol.",
    },
    jogini: {
      title: 'Jogini Waterfall Trek',
      description:
        'A guided half-day hike from Vashisht village through apple orchards and forest to the tall cascade of Jogini Falls, with lunch at a riverside café on the way down.',
    },
    snowSolang: {
      title: 'Snow Day at Solang',
      description:
        'Suit up in rented snow gear for a day at Solang Valley: a beginner ski lesson, snow-scooter rides, sledging and the ropeway. Heavy snowfall can close the road beyond Solang in peak winter.',
    },
  },
  exclusions: [
    'Airfare or Volvo bus tickets to Manali',
    'Rohtang Pass permit and vehicle (on request)',
    'Adventure activities not mentioned',
    'Lunches and personal expenses',
  ],
  packages: [
    {
      id: 53,
      slug: 'manali-honeymoon-4-nights',
      title: 'Manali Honeymoon with Solang Valley & Atal Tunnel',
      tripType: 'honeymoon',
      nights: 4,
      summary:
        'Four cosy nights at a mountain-view resort among apple orchards, with the temples and cafés of Old Manali, paragliding over Solang Valley and a drive through the Atal Tunnel into the snows of Lahaul.',
      highlights: [
        'Mountain-view resort room with a fireplace',
        'Paragliding at Solang Valley',
        'Drive through the Atal Tunnel to Sissu',
        'Candlelit dinner and honeymoon cake',
      ],
      days: ['manaliLocal', 'solang', 'atalTunnel'],
      inclusions: [
        '4 nights at a 4-star resort with breakfast and dinner',
        'Private car for transfers and sightseeing',
        'Solang Valley and Atal Tunnel excursions',
        'Honeymoon cake, flower decoration and candlelit dinner',
        'Volvo bus stand or Bhuntar airport transfers',
      ],
      exclusions: ['Paragliding and ropeway tickets (payable locally)'],
      interests: ['mountains', 'snow'],
      aed: 1450,
      inr: 15999,
      offer: 'both',
      rating: 4.6,
      reviewCount: 421,
      featured: true,
      hero: 1,
    },
    {
      id: 54,
      slug: 'manali-adventure-5-nights',
      title: 'Manali Adventure: Paragliding, Rafting & Jogini Trek',
      tripType: 'adventure',
      nights: 5,
      summary:
        'An active week in the Kullu valley: hike to Jogini Falls, fly tandem over Solang, raft the Beas and cross the Atal Tunnel into Lahaul. Stay at a riverside resort with a bonfire every night.',
      highlights: [
        'Tandem paragliding flight at Solang',
        'White-water rafting on the Beas',
        'Guided hike to Jogini Falls',
        'Bonfire evenings at a riverside resort',
      ],
      days: ['jogini', 'solang', 'kulluRafting', 'atalTunnel'],
      inclusions: [
        '5 nights at a riverside resort with breakfast and dinner',
        'Tandem paragliding flight',
        'River rafting with safety gear and certified guides',
        'Guided Jogini trek',
        'Private SUV for all transfers',
        'Nightly bonfire',
      ],
      interests: ['mountains', 'water-sports'],
      aed: 1590,
      inr: 17499,
      rating: 4.6,
      reviewCount: 109,
      hero: 2,
    },
    {
      id: 55,
      slug: 'manali-family-snow-5-nights',
      title: 'Manali Family Snow Holiday with Manikaran & Kasol',
      tripType: 'family',
      nights: 5,
      summary:
        "A winter-friendly family trip with plenty of snow for the children: Solang Valley's slopes and snow scooters, Sissu beyond the Atal Tunnel and a final day in the Parvati valley at the hot springs of Manikaran.",
      highlights: [
        'Snow day at Solang with gear rental',
        'Atal Tunnel and Sissu',
        'Hot springs and langar at Manikaran Sahib',
        'Heated family suite',
      ],
      days: ['manaliLocal', 'snowSolang', 'atalTunnel', 'manikaran'],
      inclusions: [
        '5 nights in a family suite at a 4-star hotel with breakfast and dinner',
        'Private SUV with driver',
        'One day of snow-clothing and boot rental for the family',
        'Solang, Sissu and Manikaran excursions',
        'Bhuntar airport or Volvo bus stand transfers',
      ],
      interests: ['snow', 'mountains'],
      aed: 1690,
      inr: 19999,
      offer: 'UAE',
      rating: 4.5,
      reviewCount: 176,
      hero: 3,
    },
    {
      id: 56,
      slug: 'manali-kullu-heritage-5-nights',
      title: 'Kullu-Manali Heritage & Hot Springs Trail',
      tripType: 'culture-heritage',
      nights: 5,
      summary:
        "Discover the Kullu valley's temples, castles and villages at an easy pace: the Hadimba Devi temple, Naggar Castle and the Roerich Gallery, the hot-spring gurudwara at Manikaran and the mountain desert of Lahaul through the Atal Tunnel.",
      highlights: [
        'Naggar Castle and the Roerich Art Gallery',
        'Hadimba Devi temple and the Vashisht hot springs',
        'Manikaran Sahib and Kasol',
        "Lunch on the terrace of Naggar Castle's café",
      ],
      days: ['manaliLocal', 'naggar', 'manikaran', 'atalTunnel'],
      inclusions: [
        '5 nights at a boutique hotel in Old Manali with breakfast',
        'Private car with driver',
        'Local guide for Manali and Naggar',
        'Naggar Castle and Roerich Gallery tickets',
        'Atal Tunnel excursion to Sissu',
      ],
      interests: ['history', 'mountains', 'food'],
      aed: 1550,
      inr: 16999,
      rating: 4.4,
      reviewCount: 63,
      hero: 1,
    },
  ],
});
