import { destination } from '../catalogue-types.ts';

export const maldives = destination({
  slug: 'maldives',
  arrive: {
    title: 'Arrive in Malé & Transfer to Your Resort',
    description:
      'Land at Velana International Airport, where the resort team welcomes you at its airport lounge. Transfer over the atolls by speedboat or seaplane, depending on the resort, then settle into your villa with a welcome drink and the sunset from your deck.',
  },
  depart: {
    title: 'Farewell to the Maldives',
    description:
      'Breakfast with a view of the lagoon and a last swim, then the return transfer to Velana International Airport for your flight home.',
  },
  days: {
    snorkel: {
      title: 'House Reef Snorkelling',
      description:
        "Join the resort's marine biologist for a guided snorkel on the house reef, looking for reef sharks, turtles and parrotfish. The rest of the day is free for the pool, the beach or a nap in an overwater hammock.",
    },
    dolphinCruise: {
      title: 'Sunset Dolphin Cruise',
      description:
        'A lazy morning, then board a traditional dhoni in the late afternoon to look for spinner dolphins as the sun goes down over the Indian Ocean.',
    },
    sandbank: {
      title: 'Sandbank Picnic',
      description:
        'Cruise out to a sandbank surrounded by nothing but turquoise water. Swim, snorkel and enjoy a picnic lunch before returning to the resort for a candlelit dinner on the beach.',
    },
    spa: {
      title: 'Overwater Spa Ritual',
      description:
        'Spend the afternoon at the overwater spa, where glass floor panels reveal the reef below, with a 60-minute massage using coconut and local oils.',
    },
    underwaterDinner: {
      title: 'Undersea Restaurant Dinner',
      description:
        'A free day at the resort ends with a reservation at an undersea restaurant, dining several metres below the surface while reef fish drift past the glass.',
    },
    diving: {
      title: 'Discover Scuba Diving',
      description:
        'Start in the pool with a PADI instructor, then make your first open-water dive to about 12 metres on a nearby reef. Certified divers can join the two-tank boat dive instead.',
    },
    whaleShark: {
      title: 'Whale Shark Excursion in South Ari',
      description:
        'A full-day boat trip to the South Ari Marine Protected Area, one of the few places on Earth where whale sharks can be seen all year. Snorkel alongside these gentle giants with a licensed guide, with lunch served on board.',
    },
    mantas: {
      title: 'Manta Ray Snorkel',
      description:
        'Head out with the dive centre to a cleaning station where reef mantas gather, glide above them as they circle, and stop at a coral garden on the way back.',
    },
    fishing: {
      title: 'Traditional Sunset Fishing',
      description:
        "Try Maldivian hand-line fishing from a dhoni at dusk; the resort's chef grills your catch for dinner.",
    },
    kidsDay: {
      title: 'Kids Club & Lagoon Day',
      description:
        'Children join the kids club for a treasure hunt and a crab-spotting walk while parents relax; in the afternoon everyone tries kayaking or a glass-bottom boat ride in the lagoon.',
    },
  },
  exclusions: [
    'International airfare to Malé',
    'Beverages not included in the meal plan',
    'Resort activities and excursions not listed',
    'Tips and personal expenses',
  ],
  packages: [
    {
      id: 25,
      slug: 'maldives-overwater-honeymoon-4-nights',
      title: 'Maldives Honeymoon in an Overwater Villa',
      tripType: 'honeymoon',
      nights: 4,
      summary:
        'Four nights in an overwater villa with steps straight into the lagoon, half-board dining and the touches honeymooners love: a floral bed decoration, a sunset dolphin cruise and a sandbank picnic for two.',
      highlights: [
        'Overwater villa with direct lagoon access',
        'Return speedboat transfers from Malé',
        'Sandbank picnic and sunset dolphin cruise',
        'Honeymoon cake, bed decoration and a candlelit dinner',
      ],
      days: ['snorkel', 'dolphinCruise', 'sandbank'],
      inclusions: [
        '4 nights in an overwater villa at a 5-star resort',
        'Half-board meal plan (breakfast and dinner)',
        'Return shared speedboat transfers',
        'Guided house-reef snorkel with equipment',
        'Sunset dolphin cruise',
        'Sandbank picnic with lunch',
        'Candlelit beach dinner and honeymoon amenities',
      ],
      exclusions: ['Maldives green tax, payable at the resort'],
      interests: ['beaches', 'water-sports', 'wellness'],
      aed: 7950,
      inr: 149999,
      offer: 'both',
      rating: 4.9,
      reviewCount: 286,
      featured: true,
      hero: 1,
    },
    {
      id: 26,
      slug: 'maldives-all-inclusive-luxury-5-nights',
      title: 'Maldives All-Inclusive Luxury with Seaplane Transfers',
      tripType: 'luxury',
      nights: 5,
      summary:
        'The full Maldives fantasy: a scenic seaplane flight over the atolls, a pool villa at a five-star resort, all meals and premium drinks included and a dinner beneath the waves. Just bring your swimwear.',
      highlights: [
        'Scenic seaplane transfers over the atolls',
        'Premium all-inclusive meal and drinks plan',
        'Pool villa at a 5-star resort',
        'Dinner at an undersea restaurant',
      ],
      days: ['snorkel', 'spa', 'sandbank', 'underwaterDinner'],
      inclusions: [
        '5 nights in a beach or water pool villa at a 5-star resort',
        'Premium all-inclusive plan: all meals, selected drinks and minibar',
        'Return seaplane transfers from Malé',
        'Guided snorkelling and non-motorised water sports',
        'One 60-minute spa treatment per adult',
        'Sandbank picnic',
        'Undersea restaurant dinner (once per stay)',
        'Green tax and service charges',
      ],
      interests: ['beaches', 'wellness', 'water-sports', 'food'],
      aed: 11900,
      inr: 229999,
      rating: 4.9,
      reviewCount: 118,
      featured: true,
      hero: 2,
    },
    {
      id: 27,
      slug: 'maldives-family-resort-4-nights',
      title: 'Maldives Family Resort Holiday with Kids Club',
      tripType: 'family',
      nights: 4,
      summary:
        'A family-friendly island resort with a shallow lagoon, a kids club and beach villas big enough for four. Days are a gentle mix of snorkelling, kayaking and dolphin spotting, with meals for children under 12 included.',
      highlights: [
        'Family beach villa for two adults and two children',
        'Kids club with daily activities for ages 4–12',
        'Shallow lagoon, ideal for first-time snorkellers',
        'Sunset dolphin cruise for the whole family',
      ],
      days: ['kidsDay', 'snorkel', 'dolphinCruise'],
      inclusions: [
        '4 nights in a family beach villa at a 4-star resort',
        'Half-board meal plan, including children under 12',
        'Return speedboat transfers',
        'Kids club access and guided snorkelling',
        'Sunset dolphin cruise',
        'Green tax',
      ],
      interests: ['beaches', 'water-sports', 'nature-wildlife'],
      aed: 5450,
      inr: 104999,
      offer: 'IN',
      rating: 4.7,
      reviewCount: 97,
      hero: 3,
    },
    {
      id: 28,
      slug: 'maldives-marine-life-6-nights',
      title: 'Maldives Marine Life: Whale Sharks, Mantas & Reefs',
      tripType: 'wildlife',
      nights: 6,
      summary:
        "Built for ocean lovers: six nights in Ari Atoll, home to whale sharks all year round, with a Discover Scuba session, a manta snorkel and plenty of time on one of the Maldives' best house reefs, guided by the resort's marine biologists.",
      highlights: [
        'Whale shark excursion in the South Ari Marine Protected Area',
        'Discover Scuba session with a PADI instructor',
        'Manta ray snorkel at a cleaning station',
        'Traditional sunset fishing, with your catch grilled for dinner',
      ],
      days: ['diving', 'whaleShark', 'mantas', 'fishing', 'snorkel'],
      inclusions: [
        '6 nights in a beach villa at a 4-star Ari Atoll resort',
        'Full-board meal plan',
        'Return domestic flight and speedboat transfers',
        'Whale shark excursion with lunch',
        'Discover Scuba session (certified divers: a two-tank dive)',
        'Manta snorkel trip and sunset fishing',
        'Snorkel equipment for the stay',
      ],
      exclusions: ['Maldives green tax, payable at the resort'],
      interests: ['water-sports', 'nature-wildlife', 'beaches'],
      aed: 6250,
      inr: 119999,
      rating: 4.8,
      reviewCount: 64,
      hero: 2,
    },
  ],
});

export const bali = destination({
  slug: 'bali',
  arrive: {
    title: 'Arrive in Bali',
    description:
      'Your driver greets you at Ngurah Rai International Airport with a flower garland and drives you to your hotel. Rest after the flight, then enjoy a first dinner of nasi campur and fresh tropical juices.',
  },
  depart: {
    title: 'Departure from Bali',
    description:
      'Breakfast and a last swim, then a private transfer to Ngurah Rai International Airport for your flight home.',
  },
  days: {
    ubud: {
      title: 'Ubud Rice Terraces & Monkey Forest',
      description:
        'Drive up to Ubud via the stone-carving village of Batubulan. Walk among the green steps of the Tegallalang Rice Terraces, meet the long-tailed macaques of the Sacred Monkey Forest Sanctuary and browse the Ubud Art Market for batik and woodcarvings.',
    },
    kintamani: {
      title: 'Kintamani Volcano & Tirta Empul',
      description:
        'Visit Tirta Empul, the holy spring temple where Balinese bathe in purification rituals, taste local brews at a coffee plantation, then have lunch overlooking Mount Batur and its crater lake at Kintamani.',
    },
    baturSunrise: {
      title: 'Mount Batur Sunrise Trek',
      description:
        'A 2 am pick-up for the two-hour guided hike up Mount Batur (1,717 m), in time for sunrise over Lake Batur and Mount Agung. Breakfast is cooked with volcanic steam at the top; soak tired legs in natural hot springs on the way back.',
    },
    rafting: {
      title: 'Ayung River Rafting & Jungle Swing',
      description:
        'Paddle the grade II–III rapids of the Ayung River, past waterfalls and rice fields carved into the gorge, followed by a Balinese buffet lunch. In the afternoon, try a jungle swing near Ubud.',
    },
    nusaPenida: {
      title: 'Nusa Penida Day Trip',
      description:
        "A fast boat from Sanur takes you to Nusa Penida. See the T-Rex-shaped headland above Kelingking Beach, the natural arch of Broken Beach and Angel's Billabong, then snorkel at Crystal Bay before the boat back.",
    },
    uluwatu: {
      title: 'Uluwatu Temple & Kecak Fire Dance',
      description:
        'An afternoon drive to Uluwatu Temple, perched on a cliff 70 metres above the Indian Ocean. Watch the Kecak fire dance at sunset in the clifftop amphitheatre, then feast on grilled seafood on the sand at Jimbaran Bay.',
    },
    tanahLot: {
      title: 'Tanah Lot Sunset & Seminyak',
      description:
        'A free morning by the pool. Late in the afternoon, visit Tanah Lot, the sea temple on a rocky islet that glows at sunset, then head into Seminyak for dinner and a beach club.',
    },
    waterSports: {
      title: 'Water Sports at Tanjung Benoa',
      description:
        'Spend the morning at Tanjung Benoa with parasailing, a banana-boat ride and a glass-bottom boat to Turtle Island. The afternoon is free on the calm beach of Nusa Dua.',
    },
    safariPark: {
      title: 'Bali Safari Park',
      description:
        'A day at Bali Safari Park in Gianyar: the safari journey past tigers, zebras and Komodo dragons, an animal show, and splash zones for younger children.',
    },
    lempuyang: {
      title: 'Lempuyang Gates of Heaven & Tirta Gangga',
      description:
        'A full day in East Bali: the split gate of Lempuyang Temple framing Mount Agung, the royal water palace of Tirta Gangga with its stepping stones and koi ponds, and Tenganan, a village of the Bali Aga people.',
    },
    cookingClass: {
      title: 'Balinese Cooking Class & Village Life',
      description:
        'Shop for spices at a morning market with a local chef, then cook a Balinese feast of sate lilit, lawar and sambal matah in a family compound near Ubud.',
    },
    floatingBreakfast: {
      title: 'Floating Breakfast & Couples Spa',
      description:
        'Start the day with a floating breakfast in your private pool, then enjoy a two-hour Balinese couples massage and flower bath. The evening is yours.',
    },
    leisure: {
      title: 'Beach Day in Nusa Dua',
      description:
        'A free day on the calm, family-friendly beaches of Nusa Dua. Parents can book a massage at the hotel spa while children enjoy the kids club.',
    },
  },
  exclusions: [
    'Airfare to Bali',
    'Indonesia visa on arrival and the Bali tourist levy (IDR 150,000 per person)',
    'Lunches and dinners unless mentioned',
    'Tips for drivers and guides',
  ],
  packages: [
    {
      id: 29,
      slug: 'bali-honeymoon-private-pool-villa-6-nights',
      title: 'Bali Honeymoon with Private Pool Villas in Ubud & Seminyak',
      tripType: 'honeymoon',
      nights: 6,
      summary:
        'Three nights among the rice fields of Ubud and three by the beach in Seminyak, each in a private pool villa. Temples, a volcano view, a floating breakfast and the Kecak dance at Uluwatu make this our most-loved honeymoon in Asia.',
      highlights: [
        'Private pool villas in Ubud and Seminyak',
        'Floating breakfast and a two-hour couples spa',
        'Kecak fire dance at Uluwatu and a seafood dinner at Jimbaran',
        'Tegallalang Rice Terraces and Tirta Empul water temple',
      ],
      days: ['ubud', 'kintamani', 'floatingBreakfast', 'uluwatu', 'tanahLot'],
      inclusions: [
        '3 nights in a one-bedroom pool villa in Ubud and 3 in Seminyak, with breakfast',
        'Private airport and inter-hotel transfers',
        'Ubud and Kintamani tours with a private driver-guide',
        'Floating breakfast and two-hour couples spa',
        'Uluwatu Kecak dance tickets and Jimbaran seafood dinner',
        'Honeymoon cake and flower bed decoration',
        'All entrance fees on the itinerary',
      ],
      interests: ['wellness', 'beaches', 'history'],
      aed: 3250,
      inr: 54999,
      offer: 'both',
      rating: 4.8,
      reviewCount: 364,
      featured: true,
      hero: 1,
    },
    {
      id: 30,
      slug: 'bali-adventure-5-nights',
      title: 'Bali Adventure: Batur Sunrise Trek, Rafting & Nusa Penida',
      tripType: 'adventure',
      nights: 5,
      summary:
        "Bali for the active traveller: hike an active volcano for sunrise, tackle the Ayung River's rapids, swing over the jungle and take a fast boat to Nusa Penida's dramatic cliffs. Finish with parasailing at Tanjung Benoa.",
      highlights: [
        'Guided sunrise trek up Mount Batur',
        'White-water rafting on the Ayung River',
        "Nusa Penida's Kelingking Beach and snorkelling at Crystal Bay",
        'Parasailing and water sports at Tanjung Benoa',
      ],
      days: ['baturSunrise', 'rafting', 'nusaPenida', 'waterSports'],
      inclusions: [
        '5 nights at 4-star hotels in Ubud (2) and Kuta (3) with breakfast',
        'Mount Batur trek with guide, breakfast and hot springs',
        'Ayung River rafting with lunch',
        'Nusa Penida day trip with fast boat, lunch and snorkel gear',
        'Tanjung Benoa water-sports package',
        'All transfers by private car',
      ],
      interests: ['mountains', 'water-sports', 'beaches'],
      aed: 2690,
      inr: 44999,
      rating: 4.7,
      reviewCount: 141,
      featured: true,
      hero: 2,
    },
    {
      id: 31,
      slug: 'bali-family-holiday-6-nights',
      title: 'Bali Family Holiday with Safari Park & Beach Days',
      tripType: 'family',
      nights: 6,
      summary:
        'A relaxed pace for parents and an adventure a day for the children: monkeys in Ubud, tigers at Bali Safari Park, a glass-bottom boat to Turtle Island and the fire dancers of Uluwatu. Stay at a Nusa Dua resort with a kids club.',
      highlights: [
        'Family resort in Nusa Dua with kids club',
        'Bali Safari Park with the safari journey',
        'Turtle Island by glass-bottom boat',
        'Sacred Monkey Forest and Ubud Art Market',
      ],
      days: ['ubud', 'safariPark', 'waterSports', 'uluwatu', 'leisure'],
      inclusions: [
        '6 nights at a 4-star family resort in Nusa Dua with breakfast',
        'Private airport transfers',
        'Ubud and Uluwatu tours with private car and driver',
        'Bali Safari Park tickets with the safari journey',
        'Tanjung Benoa water-sports package (age limits apply)',
        'Kecak dance tickets',
      ],
      interests: ['theme-parks', 'beaches', 'nature-wildlife'],
      aed: 2950,
      inr: 49999,
      offer: 'UAE',
      rating: 4.6,
      reviewCount: 122,
      hero: 3,
    },
    {
      id: 32,
      slug: 'bali-temples-culture-7-nights',
      title: 'Bali Temples & Culture: Ubud to Lempuyang',
      tripType: 'culture-heritage',
      nights: 7,
      summary:
        "For travellers who want to understand Bali, not just see it: four nights in Ubud with a cooking class and East Bali's Gates of Heaven, then three by the sea with the island's great sea temples, Tanah Lot and Uluwatu.",
      highlights: [
        'Lempuyang Temple, Tirta Gangga and a Bali Aga village',
        'Hands-on Balinese cooking class with a market visit',
        'Purification ritual at Tirta Empul',
        'Sunset at Tanah Lot and the Kecak dance at Uluwatu',
      ],
      days: ['ubud', 'kintamani', 'lempuyang', 'cookingClass', 'tanahLot', 'uluwatu'],
      inclusions: [
        '4 nights in Ubud and 3 in Seminyak at 4-star boutique hotels, with breakfast',
        'Private car with an English-speaking driver-guide for all tours',
        'Balinese cooking class with lunch',
        'All temple entrance fees and sarong rental',
        'Kecak dance tickets',
        'Airport transfers',
      ],
      interests: ['history', 'food', 'wellness'],
      aed: 3150,
      inr: 52999,
      rating: 4.7,
      reviewCount: 58,
      hero: 1,
    },
  ],
});

export const thailand = destination({
  slug: 'thailand',
  arrive: {
    title: 'Arrive in Bangkok',
    description:
      'Land at Suvarnabhumi Airport and meet your driver for the transfer to your hotel. In the evening, ride the BTS Skytrain to a night market for your first pad thai and mango sticky rice.',
  },
  depart: {
    title: 'Departure from Bangkok',
    description:
      'Free time for last-minute shopping at Pratunam or MBK, then transfer to Suvarnabhumi Airport for your flight home.',
  },
  days: {
    arrivePattaya: {
      title: 'Arrive in Bangkok, Transfer to Pattaya',
      description:
        "Meet your driver at Suvarnabhumi Airport for the 90-minute drive to Pattaya. Check in, and in the evening watch the Alcazar cabaret, one of Pattaya's best-known shows.",
    },
    coralIsland: {
      title: 'Coral Island by Speedboat',
      description:
        'A speedboat takes you to Koh Larn (Coral Island) for a beach day in the clear water of Tawaen Beach. Try parasailing or a sea walk at extra cost, enjoy lunch, and return in the afternoon.',
    },
    toBangkok: {
      title: 'Pattaya to Bangkok & Temple Tour',
      description:
        'Drive back to Bangkok and check in. In the afternoon, see the Golden Buddha at Wat Traimit and the giant reclining Buddha at Wat Pho, then cross the river to Wat Arun.',
    },
    safariWorld: {
      title: 'Safari World & Marine Park',
      description:
        'A full day at Safari World: drive through the open safari park among giraffes and zebras, then move to the Marine Park for the sea lion and dolphin shows and the Spy War stunt show. Lunch is included.',
    },
    chaoPhrayaCruise: {
      title: 'Shopping & Chao Phraya Dinner Cruise',
      description:
        'Spend the day shopping at Pratunam Market, Platinum Fashion Mall or ICONSIAM. In the evening, board a dinner cruise on the Chao Phraya with a buffet, live music and views of the lit-up Wat Arun and Grand Palace.',
    },
    grandPalace: {
      title: 'Grand Palace & Wat Pho',
      description:
        'A guided morning at the Grand Palace, home of the Emerald Buddha, followed by the 46-metre reclining Buddha at Wat Pho. Cross the river by ferry to climb the steep steps of Wat Arun, the Temple of Dawn.',
    },
    floatingMarket: {
      title: 'Maeklong Railway Market & Damnoen Saduak',
      description:
        'An early drive to Maeklong, where market stalls fold back from the tracks each time the train passes, then paddle through the Damnoen Saduak floating market by long-tail boat, sampling boat noodles and coconut pancakes.',
    },
    toChiangMai: {
      title: 'Fly to Chiang Mai & Doi Suthep',
      description:
        'Take a short morning flight to Chiang Mai. In the afternoon, ride up to Wat Phra That Doi Suthep, the golden hilltop temple above the city, and browse the Night Bazaar in the evening.',
    },
    elephant: {
      title: 'Ethical Elephant Sanctuary',
      description:
        'A day at an ethical elephant sanctuary in the hills outside Chiang Mai: prepare food, walk with the herd and watch them bathe in the river, with no riding. Return via Wat Chedi Luang in the old city.',
    },
    departChiangMai: {
      title: 'Departure from Chiang Mai',
      description:
        'Time for a last bowl of khao soi before transferring to Chiang Mai International Airport for your flight home via Bangkok.',
    },
    arrivePhuket: {
      title: 'Arrive in Phuket',
      description:
        'Meet your driver at Phuket International Airport and transfer to your beach hotel. Spend the evening on the sand, or on Bangla Road in Patong if you feel lively.',
    },
    phiPhi: {
      title: 'Phi Phi Islands by Speedboat',
      description:
        'A full-day speedboat tour to the Phi Phi Islands: the limestone walls of Pileh Lagoon, Viking Cave, Maya Bay (landing when the national park allows) and snorkelling at Bamboo Island, with lunch on Phi Phi Don.',
    },
    phuketCity: {
      title: 'Phuket Big Buddha & Old Town',
      description:
        'Visit the 45-metre white marble Big Buddha on Nakkerd Hill, Wat Chalong and the Sino-Portuguese shophouses of Old Phuket Town, then watch the sunset from Promthep Cape.',
    },
    toKrabi: {
      title: 'Transfer to Krabi & Ao Nang',
      description:
        'A scenic drive of about three hours through Phang Nga province to Krabi, and check in at Ao Nang. Walk the beachfront promenade and try fresh seafood at the night market.',
    },
    krabiFourIslands: {
      title: 'Krabi Four-Island Tour',
      description:
        'Hop by long-tail boat between Phra Nang Cave Beach, Chicken Island, Tup Island, where a sandbar joins two islands at low tide, and Poda Island, with snorkelling and a picnic lunch.',
    },
    railay: {
      title: 'Railay Beach Climbing & Kayaking',
      description:
        'Take a long-tail boat to Railay, reachable only by sea. Try a half-day rock-climbing course on the limestone cliffs with certified instructors, or kayak among the karsts, then relax on Phra Nang Beach.',
    },
    jamesBond: {
      title: 'James Bond Island & Phang Nga Bay by Sea Canoe',
      description:
        'Cruise among the limestone towers of Phang Nga Bay, paddle a sea canoe into hidden lagoons inside the islands, and stop at Khao Phing Kan, the "James Bond Island" of The Man with the Golden Gun.',
    },
    phiPhiStay: {
      title: 'Ferry to Phi Phi & Viewpoint Hike',
      description:
        'Take the ferry to Phi Phi Don and check in near Loh Dalum Bay. At sunset, hike the steps to the Phi Phi Viewpoint for the famous view of the twin bays, then watch the fire shows on the beach.',
    },
    phiPhiLongtail: {
      title: 'Maya Bay & Phi Phi Leh by Long-Tail',
      description:
        'From your hotel on Phi Phi Don, set out early by private long-tail boat to beat the crowds at Maya Bay, snorkel in Pileh Lagoon and at Monkey Beach, and stay out for sunset behind Phi Phi Leh.',
    },
    phiPhiToKrabi: {
      title: 'Ferry to Krabi & Ao Nang',
      description:
        'Take the morning ferry from Phi Phi to Krabi, about 90 minutes, and transfer to your hotel in Ao Nang. Spend the afternoon on Ao Nang Beach and browse the evening night market.',
    },
    departKrabi: {
      title: 'Departure from Krabi',
      description:
        'Breakfast and check-out, then transfer to Krabi International Airport for your flight home, connecting via Bangkok or Kuala Lumpur.',
    },
  },
  exclusions: [
    'International airfare',
    'Thai visa or visa fees, where applicable',
    'Meals not mentioned in the itinerary',
    'Optional tours and personal expenses',
  ],
  packages: [
    {
      id: 33,
      slug: 'thailand-pattaya-bangkok-family-5-nights',
      title: 'Thailand Family Tour: Pattaya & Bangkok with Safari World',
      tripType: 'family',
      nights: 5,
      summary:
        'Our best-selling first trip abroad for families: two nights by the sea in Pattaya with a Coral Island beach day and the Alcazar show, then three in Bangkok for temples, Safari World and a dinner cruise on the Chao Phraya.',
      highlights: [
        'Coral Island speedboat trip with lunch',
        'Safari World and Marine Park with lunch',
        'Chao Phraya River dinner cruise',
        'Alcazar cabaret show in Pattaya',
      ],
      arrive: 'arrivePattaya',
      days: ['coralIsland', 'toBangkok', 'safariWorld', 'chaoPhrayaCruise'],
      inclusions: [
        '2 nights in Pattaya and 3 in Bangkok at 4-star hotels, with breakfast',
        'All transfers in a private air-conditioned vehicle',
        'Coral Island tour by speedboat with Indian lunch',
        'Alcazar show tickets (standard seats)',
        'Safari World and Marine Park tickets with lunch',
        'Bangkok temple tour with entrance fees',
        'Chao Phraya dinner cruise',
      ],
      interests: ['beaches', 'theme-parks', 'shopping', 'nightlife'],
      aed: 2190,
      inr: 38999,
      offer: 'IN',
      rating: 4.5,
      reviewCount: 538,
      featured: true,
      hero: 1,
    },
    {
      id: 34,
      slug: 'thailand-phuket-krabi-honeymoon-6-nights',
      title: 'Phuket & Krabi Honeymoon with Phi Phi Islands',
      tripType: 'honeymoon',
      nights: 6,
      summary:
        "Three nights in Phuket and three in Krabi, with the Andaman Sea at its most beautiful in between: Phi Phi by speedboat, sunset at Promthep Cape, island hopping to Krabi's sandbars and a lazy day on Railay's cliff-backed beaches.",
      highlights: [
        'Phi Phi Islands speedboat tour with lunch',
        'Krabi four-island tour by long-tail boat',
        'Sunset at Promthep Cape',
        'Sea-view rooms and a candlelit beach dinner',
      ],
      arrive: 'arrivePhuket',
      days: ['phiPhi', 'phuketCity', 'toKrabi', 'krabiFourIslands', 'railay'],
      depart: 'departKrabi',
      inclusions: [
        '3 nights in Phuket and 3 in Krabi at 4-star beach resorts, with breakfast',
        'Private airport and inter-city transfers',
        'Phi Phi Islands speedboat tour with lunch and national park fees',
        'Phuket city tour',
        'Krabi four-island tour with lunch',
        'Candlelit dinner on the beach',
        'Honeymoon room decoration',
      ],
      interests: ['beaches', 'water-sports', 'nightlife'],
      aed: 2850,
      inr: 52999,
      rating: 4.6,
      reviewCount: 204,
      hero: 2,
    },
    {
      id: 35,
      slug: 'thailand-island-hopping-adventure-7-nights',
      title: 'Thailand Island-Hopping Adventure: Phuket, Phi Phi & Krabi',
      tripType: 'adventure',
      nights: 7,
      summary:
        "Follow the ferries across the Andaman Sea: sea-canoe through Phang Nga Bay's hidden lagoons, sleep on Phi Phi Don, beat the crowds to Maya Bay by long-tail boat and learn to climb on Railay's limestone walls.",
      highlights: [
        'Sea canoeing in Phang Nga Bay and James Bond Island',
        'Two nights on Phi Phi Don with the viewpoint hike',
        'Early long-tail trip to Maya Bay and Pileh Lagoon',
        'Half-day rock-climbing course at Railay',
      ],
      arrive: 'arrivePhuket',
      days: ['jamesBond', 'phiPhiStay', 'phiPhiLongtail', 'phiPhiToKrabi', 'railay', 'krabiFourIslands'],
      depart: 'departKrabi',
      inclusions: [
        '2 nights in Phuket, 2 on Phi Phi and 3 in Krabi at 3- and 4-star hotels, with breakfast',
        'Ferries Phuket–Phi Phi–Krabi and all road transfers',
        'Phang Nga Bay sea-canoe tour with lunch',
        'Private long-tail boat tour on Phi Phi',
        'Railay rock-climbing course with equipment',
        'Krabi four-island tour with lunch',
      ],
      interests: ['water-sports', 'beaches', 'nightlife'],
      aed: 3150,
      inr: 57999,
      offer: 'IN',
      rating: 4.7,
      reviewCount: 79,
      hero: 3,
    },
    {
      id: 36,
      slug: 'thailand-bangkok-chiang-mai-culture-5-nights',
      title: 'Bangkok & Chiang Mai: Temples, Markets & Elephants',
      tripType: 'culture-heritage',
      nights: 5,
      summary:
        'Two Thailands in one trip: royal Bangkok with the Grand Palace, Wat Pho and the floating markets, then the temples and mountain air of Chiang Mai, with a day spent caring for rescued elephants at an ethical sanctuary.',
      highlights: [
        'Guided visit to the Grand Palace, Wat Pho and Wat Arun',
        'Maeklong Railway Market and Damnoen Saduak floating market',
        'Wat Phra That Doi Suthep above Chiang Mai',
        'A no-riding ethical elephant sanctuary day',
      ],
      days: ['grandPalace', 'floatingMarket', 'toChiangMai', 'elephant'],
      depart: 'departChiangMai',
      inclusions: [
        '3 nights in Bangkok and 2 in Chiang Mai at 4-star hotels, with breakfast',
        'Bangkok–Chiang Mai economy flight with 20 kg baggage',
        'Guided Grand Palace and temple tour with entrance fees',
        'Floating market excursion with boat ride',
        'Elephant sanctuary day with lunch',
        'All airport transfers',
      ],
      interests: ['history', 'food', 'nature-wildlife', 'shopping'],
      aed: 2590,
      inr: 47999,
      rating: 4.7,
      reviewCount: 112,
      hero: 1,
    },
  ],
});

export const singapore = destination({
  slug: 'singapore',
  arrive: {
    title: 'Arrive in Singapore',
    description:
      "Welcome to Changi Airport. Before leaving, walk over to Jewel to see the Rain Vortex, the world's tallest indoor waterfall, then transfer to your hotel. The evening is free for Clarke Quay or Orchard Road.",
  },
  depart: {
    title: 'Departure from Singapore',
    description:
      'Breakfast and check-out, then transfer to Changi Airport, leaving time for its gardens and shops before your flight.',
  },
  days: {
    cityNightSafari: {
      title: 'City Tour & Night Safari',
      description:
        'A half-day city tour takes in the Merlion, the Padang, Chinatown and Little India. After an early dinner, head to the Night Safari at Mandai for a tram ride among nocturnal animals and the Creatures of the Night show.',
    },
    universal: {
      title: 'Universal Studios Singapore',
      description:
        'A full day at Universal Studios Singapore on Sentosa: TRANSFORMERS The Ride, Revenge of the Mummy, Jurassic Park Rapids Adventure and the Far Far Away castle, plus gentle rides for younger children.',
    },
    sentosa: {
      title: 'Sentosa: Cable Car, Oceanarium & Wings of Time',
      description:
        'Ride the Singapore Cable Car to Sentosa and spend the day at the Singapore Oceanarium, the Skyline Luge and Siloso Beach. Stay for Wings of Time, a night-time show of water, fire and lasers over the sea.',
    },
    gardens: {
      title: 'Gardens by the Bay & Marina Bay Sands SkyPark',
      description:
        'Explore the Flower Dome and the misty Cloud Forest with its indoor waterfall, walk the OCBC Skyway among the Supertrees, then ride up to the Marina Bay Sands SkyPark Observation Deck. Stay for the Garden Rhapsody light show and Spectra on the bay.',
    },
    mandai: {
      title: 'Singapore Zoo & Bird Paradise',
      description:
        'A day at Mandai: the open-concept Singapore Zoo, with its orangutans and white tigers, and Bird Paradise, whose walk-through aviaries are home to some 3,500 birds.',
    },
    nightSafari: {
      title: 'Night Safari',
      description:
        "An afternoon at leisure, then the world's first nocturnal zoo: a tram ride past tigers, Malayan tapirs and Asian elephants, the walking trails and the Creatures of the Night show.",
    },
    riverHawker: {
      title: 'Singapore River Cruise & Hawker Trail',
      description:
        'Take a bumboat cruise along the Singapore River from Clarke Quay to Marina Bay, then follow a guide through Lau Pa Sat and Maxwell Food Centre for chilli crab, Hainanese chicken rice and satay.',
    },
    cityTour: {
      title: 'Singapore City Tour',
      description:
        'Meet the Merlion at Marina Bay, pass the colonial Padang and City Hall, and explore the temples of Chinatown and the colourful shophouses of Little India. The evening is free for Orchard Road.',
    },
  },
  exclusions: [
    'Airfare to Singapore',
    'Singapore visa fees, where applicable',
    'Lunches and dinners not mentioned',
    'Personal expenses and tips',
  ],
  packages: [
    {
      id: 37,
      slug: 'singapore-family-fun-4-nights',
      title: 'Singapore Family Fun with Universal Studios & Night Safari',
      tripType: 'family',
      nights: 4,
      summary:
        'Four nights that keep every age happy: the Merlion and Little India by day and the Night Safari after dark, a full day at Universal Studios Singapore and a Sentosa day with the Oceanarium, the Skyline Luge and the Wings of Time show.',
      highlights: [
        'Universal Studios Singapore one-day pass',
        'Night Safari with tram ride',
        'Cable car to Sentosa and the Singapore Oceanarium',
        'Wings of Time show on Siloso Beach',
      ],
      days: ['cityNightSafari', 'universal', 'sentosa'],
      inclusions: [
        '4 nights at a 4-star hotel near Orchard Road with breakfast',
        'Return airport transfers',
        'Half-day city tour on a shared coach',
        'Night Safari tickets with tram ride and transfers',
        'Universal Studios Singapore one-day pass',
        'Singapore Cable Car, Oceanarium and Wings of Time tickets',
      ],
      interests: ['theme-parks', 'nature-wildlife', 'shopping'],
      aed: 2690,
      inr: 52999,
      offer: 'both',
      rating: 4.7,
      reviewCount: 463,
      featured: true,
      hero: 1,
    },
    {
      id: 38,
      slug: 'singapore-marina-bay-luxury-3-nights',
      title: 'Singapore Luxury Stay at Marina Bay',
      tripType: 'luxury',
      nights: 3,
      summary:
        "Three nights in a bay-view room at a five-star hotel on Marina Bay, with private transfers, the Cloud Forest and Supertrees of Gardens by the Bay, a SkyPark sunset and a guided hawker trail that shows why Singapore is one of the world's great food cities.",
      highlights: [
        'Bay-view room at a 5-star Marina Bay hotel',
        'Gardens by the Bay domes and SkyPark Observation Deck',
        'Guided hawker trail with chilli crab and satay',
        'Private limousine transfers',
      ],
      days: ['gardens', 'riverHawker'],
      inclusions: [
        '3 nights in a bay-view room at a 5-star hotel with breakfast',
        'Private limousine airport transfers',
        'Flower Dome, Cloud Forest and OCBC Skyway tickets',
        'SkyPark Observation Deck tickets',
        'Singapore River bumboat cruise',
        'Guided hawker food trail with tastings',
      ],
      interests: ['food', 'shopping', 'nightlife'],
      aed: 3950,
      inr: 74999,
      rating: 4.8,
      reviewCount: 67,
      hero: 2,
    },
    {
      id: 39,
      slug: 'singapore-wildlife-gardens-5-nights',
      title: 'Singapore Wildlife & Gardens Explorer',
      tripType: 'wildlife',
      nights: 5,
      summary:
        "Singapore's Mandai wildlife parks are among the best in Asia. Spend a day with the orangutans of Singapore Zoo and the birds of Bird Paradise, return after dark for the Night Safari, and add the domes of Gardens by the Bay and the Oceanarium on Sentosa.",
      highlights: [
        'Singapore Zoo and Bird Paradise park-hopper tickets',
        'Night Safari with tram ride',
        'Cloud Forest and Flower Dome at Gardens by the Bay',
        'Singapore Oceanarium on Sentosa',
      ],
      days: ['mandai', 'nightSafari', 'gardens', 'sentosa'],
      inclusions: [
        '5 nights at a 4-star hotel with breakfast',
        'Return airport transfers',
        'Mandai park-hopper tickets (Singapore Zoo and Bird Paradise) with transfers',
        'Night Safari tickets with tram ride',
        'Gardens by the Bay and SkyPark tickets',
        'Sentosa cable car and Oceanarium tickets',
      ],
      interests: ['nature-wildlife', 'theme-parks'],
      aed: 2450,
      inr: 49999,
      rating: 4.6,
      reviewCount: 71,
      hero: 3,
    },
    {
      id: 40,
      slug: 'singapore-group-tour-5-nights',
      title: 'Singapore Group Departure: City, Sentosa & Gardens',
      tripType: 'group-tour',
      nights: 5,
      summary:
        'Fixed departures every month with a tour manager, daily Indian dinners and every ticket sorted. See the city icons, Gardens by the Bay, Universal Studios and Sentosa without lifting a finger.',
      highlights: [
        'Tour manager and fixed monthly departures',
        'Daily Indian dinners with vegetarian and Jain options',
        'Universal Studios Singapore and Sentosa',
        'Gardens by the Bay and the Marina Bay light shows',
      ],
      days: ['cityTour', 'gardens', 'universal', 'sentosa'],
      inclusions: [
        '5 nights at a 3-star superior hotel with breakfast',
        'Daily Indian dinners',
        'Tour manager throughout',
        'All sightseeing by coach',
        'Universal Studios, Gardens by the Bay, SkyPark and Sentosa tickets',
        'Airport transfers',
      ],
      interests: ['shopping', 'theme-parks', 'food'],
      aed: 2290,
      inr: 46999,
      rating: 4.4,
      reviewCount: 189,
      hero: 2,
    },
  ],
});

export const sriLanka = destination({
  slug: 'sri-lanka',
  arrive: {
    title: 'Arrive in Colombo',
    description:
      'Meet your chauffeur-guide at Bandaranaike International Airport and drive to your hotel in Negombo, a fishing town by the sea close to the airport. Evening stroll along the beach and the lagoon.',
  },
  depart: {
    title: 'Departure from Colombo',
    description:
      'Breakfast, then the drive to Bandaranaike International Airport for your flight home, with a stop to buy Ceylon tea to take back.',
  },
  days: {
    toSigiriya: {
      title: 'Dambulla Cave Temple & Sigiriya',
      description:
        'Head north into the Cultural Triangle, about four hours, stopping at the Dambulla Cave Temple, whose five caves hold 153 Buddha statues beneath painted ceilings. Check in near Sigiriya in time for a swim.',
    },
    sigiriya: {
      title: 'Sigiriya Rock Fortress & Village Tour',
      description:
        'Climb the 1,200 steps of Sigiriya, the fifth-century rock fortress of King Kashyapa, past the frescoes of the "cloud maidens" and the giant lion paws. In the afternoon, take a bullock-cart and catamaran ride in Hiriwadunna village.',
    },
    minneriya: {
      title: 'Polonnaruwa & Minneriya Elephant Safari',
      description:
        'Spend the morning among the ruins of Polonnaruwa, the medieval capital, including the rock-cut Buddhas of Gal Vihara. In the afternoon, go by jeep into Minneriya or Kaudulla National Park, where herds of wild elephants gather at the reservoir.',
    },
    toKandy: {
      title: 'Spice Garden & Kandy',
      description:
        'Drive to Kandy via a spice garden in Matale. In the evening, attend the puja at the Temple of the Sacred Tooth Relic and watch a Kandyan dance performance with fire walkers.',
    },
    nuwaraEliya: {
      title: 'Tea Country: Nuwara Eliya',
      description:
        'Climb into the hills past Ramboda Falls to Nuwara Eliya, known as Little England. Tour a working tea factory, try plucking leaves with the estate workers, then walk around Gregory Lake.',
    },
    ellaTrain: {
      title: 'Scenic Train to Ella',
      description:
        "Take one of the world's most beautiful train rides, from Nanu Oya to Ella, through tea estates and misty hills. In the afternoon, walk to the Nine Arches Bridge and climb Little Adam's Peak.",
    },
    yala: {
      title: 'Yala National Park Safari',
      description:
        'Drive down to the south coast for an afternoon jeep safari in Yala, which has one of the highest densities of leopards in the world, along with sloth bears, elephants and crocodiles.',
    },
    mirissa: {
      title: 'Whale Watching in Mirissa',
      description:
        'An early boat trip from Mirissa to look for blue whales and spinner dolphins (best from November to April), then an afternoon on the palm-lined beach.',
    },
    galle: {
      title: 'Galle Fort & Unawatuna',
      description:
        'Walk the ramparts of the UNESCO-listed Galle Fort, built by the Portuguese and fortified by the Dutch, with its lighthouse, churches and boutique cafés. Swim at Unawatuna and watch the stilt fishermen at Koggala.',
    },
    bentota: {
      title: 'Madu River Safari & Turtle Hatchery',
      description:
        'Drive to the south-west coast for a boat safari on the Madu River among mangroves and cinnamon islands, visit a turtle hatchery at Kosgoda, then relax on the beach at Bentota.',
    },
    arriveSouth: {
      title: 'Arrive & Drive to the South Coast',
      description:
        'Meet your driver at Bandaranaike International Airport and take the Southern Expressway to your beach hotel, about three hours. Sunset on the beach.',
    },
  },
  exclusions: [
    'International airfare',
    'Sri Lanka ETA (visa) fees, where applicable',
    'Lunches and drinks',
    'Camera fees at some sites and tips',
  ],
  packages: [
    {
      id: 57,
      slug: 'sri-lanka-highlights-6-nights',
      title: 'Sri Lanka Highlights: Sigiriya, Kandy, Nuwara Eliya & Bentota',
      tripType: 'culture-heritage',
      nights: 6,
      summary:
        "Sri Lanka's greatest hits in a week: the cave temple of Dambulla, the Sigiriya rock fortress, the Temple of the Tooth in Kandy, the tea hills of Nuwara Eliya and a final night by the sea in Bentota, all with a private chauffeur-guide.",
      highlights: [
        'Sigiriya Rock Fortress and Dambulla Cave Temple',
        'Temple of the Sacred Tooth Relic and Kandyan dance',
        'Tea factory visit in Nuwara Eliya',
        'Madu River boat safari',
      ],
      days: ['toSigiriya', 'sigiriya', 'toKandy', 'nuwaraEliya', 'bentota'],
      inclusions: [
        '6 nights at 4-star hotels with breakfast and dinner',
        'Private air-conditioned car with an English-speaking chauffeur-guide',
        'Entrance fees at Sigiriya, Dambulla and the Temple of the Tooth',
        'Kandyan dance show tickets',
        'Tea factory tour',
        'Madu River boat safari',
        'Airport transfers',
      ],
      interests: ['history', 'mountains', 'beaches'],
      aed: 2350,
      inr: 42999,
      rating: 4.7,
      reviewCount: 187,
      hero: 1,
    },
    {
      id: 58,
      slug: 'sri-lanka-wildlife-safari-7-nights',
      title: 'Sri Lanka Wildlife Safari: Minneriya Elephants & Yala Leopards',
      tripType: 'wildlife',
      nights: 7,
      summary:
        "Two of Asia's great wildlife spectacles in one trip: wild elephants gathering at Minneriya and leopards in Yala, linked by the tea country and the famous train ride to Ella.",
      highlights: [
        'Jeep safaris in Minneriya and Yala National Parks',
        'Leopards, sloth bears and elephants with an expert naturalist',
        'Polonnaruwa ruins and the Dambulla Cave Temple',
        'Scenic hill-country train ride to Ella',
      ],
      days: ['toSigiriya', 'minneriya', 'toKandy', 'nuwaraEliya', 'ellaTrain', 'yala'],
      inclusions: [
        '7 nights at 4-star hotels and a Yala safari lodge, with breakfast and dinner',
        'Private car with chauffeur-guide',
        'Two jeep safaris (Minneriya and Yala) with park fees',
        'Reserved train seats from Nanu Oya to Ella',
        'Polonnaruwa and Dambulla entrance fees',
        'Naturalist guide in Yala',
      ],
      interests: ['nature-wildlife', 'mountains', 'history'],
      aed: 2890,
      inr: 52999,
      rating: 4.8,
      reviewCount: 92,
      featured: true,
      hero: 2,
    },
    {
      id: 59,
      slug: 'sri-lanka-honeymoon-5-nights',
      title: 'Sri Lanka Honeymoon: Kandy Hills & Bentota Beach',
      tripType: 'honeymoon',
      nights: 5,
      summary:
        "Misty tea hills for the first half, golden beaches for the second: Kandy's temples, a colonial-era hill hotel in Nuwara Eliya and two nights at a beach resort on the south-west coast, with Galle Fort an easy day out.",
      highlights: [
        'Temple of the Tooth and Kandyan dance',
        'Colonial-style hotel in Nuwara Eliya',
        'Beach resort in Bentota with a candlelit dinner',
        'Sunset on the ramparts of Galle Fort',
      ],
      days: ['toKandy', 'nuwaraEliya', 'bentota', 'galle'],
      inclusions: [
        '5 nights at 4-star hotels with breakfast and dinner',
        'Private car with chauffeur-guide',
        'Temple of the Tooth and Kandyan dance tickets',
        'Tea factory tour',
        'Madu River safari and Galle Fort tour',
        'Candlelit beach dinner and honeymoon cake',
      ],
      interests: ['beaches', 'mountains', 'wellness'],
      aed: 2150,
      inr: 37999,
      offer: 'IN',
      rating: 4.6,
      reviewCount: 103,
      hero: 3,
    },
    {
      id: 60,
      slug: 'sri-lanka-south-coast-beach-4-nights',
      title: 'Sri Lanka South Coast Beach Escape',
      tripType: 'beach',
      nights: 4,
      summary:
        "A short, sunny escape to the palm-fringed south coast: Galle's Dutch fort, a morning at sea looking for blue whales off Mirissa and lazy afternoons on the beaches of Unawatuna and Bentota.",
      highlights: [
        'Whale watching from Mirissa (November to April)',
        'UNESCO-listed Galle Fort',
        'Stilt fishermen at Koggala',
        'Madu River mangrove safari',
      ],
      arrive: 'arriveSouth',
      days: ['galle', 'mirissa', 'bentota'],
      inclusions: [
        '4 nights at a 4-star beach resort with breakfast',
        'Private car with driver for all transfers and tours',
        'Whale-watching boat trip with breakfast',
        'Madu River boat safari',
        'Turtle hatchery visit',
        'Airport transfers via the Southern Expressway',
      ],
      interests: ['beaches', 'water-sports', 'nature-wildlife'],
      aed: 1690,
      inr: 29999,
      rating: 4.5,
      reviewCount: 76,
      hero: 2,
    },
  ],
});
