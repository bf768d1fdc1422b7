import { destination } from '../catalogue-types.ts';

export const switzerland = destination({
  slug: 'switzerland',
  arrive: {
    title: 'Arrive in Zurich, Train to Lucerne',
    description:
      'Land at Zurich Airport, activate your Swiss Travel Pass and take the train to Lucerne, about an hour. Check in and walk across the flower-decked Chapel Bridge at dusk.',
  },
  depart: {
    title: 'Departure from Zurich',
    description:
      'Take the train back to Zurich Airport on your Swiss Travel Pass, with time for Swiss chocolate shopping before your flight.',
  },
  days: {
    lucerne: {
      title: 'Lucerne Old Town & Lake Cruise',
      description:
        'Explore Lucerne: the Lion Monument, the painted facades of the Old Town and the towers of the Musegg Wall. In the afternoon, cruise on Lake Lucerne aboard a paddle steamer, included with the Swiss Travel Pass.',
    },
    titlis: {
      title: 'Mount Titlis: Rotair, Cliff Walk & Ice Flyer',
      description:
        'Train to Engelberg and ride up Mount Titlis to 3,020 metres, the final stretch in the revolving Rotair gondola. Walk the Titlis Cliff Walk, explore the Glacier Cave and ride the Ice Flyer chairlift over the glacier.',
    },
    pilatus: {
      title: 'Mount Pilatus Golden Round Trip',
      description:
        "The Golden Round Trip (May to October): a boat across Lake Lucerne to Alpnachstad, the world's steepest cogwheel railway up Mount Pilatus, then down by aerial cableway and panorama gondola to Kriens.",
    },
    toInterlaken: {
      title: 'Scenic Train to Interlaken',
      description:
        'Ride the Luzern–Interlaken Express over the Brünig Pass, past the turquoise lakes of Lungern and Brienz. The afternoon is free in Interlaken to watch paragliders land on the Höhematte meadow.',
    },
    jungfraujoch: {
      title: 'Jungfraujoch – Top of Europe',
      description:
        'Travel via Grindelwald and the Eiger Express gondola to the Jungfraujoch at 3,454 metres, the highest railway station in Europe. Visit the Sphinx Observatory, the Ice Palace and the viewpoint over the Aletsch Glacier.',
    },
    grindelwaldFirst: {
      title: 'Grindelwald First Adventure',
      description:
        'Take the gondola up to First above Grindelwald for the First Cliff Walk, then come down by the First Flyer zipline, a mountain cart and a Trottibike scooter.',
    },
    lauterbrunnen: {
      title: 'Lauterbrunnen Valley & Trümmelbach Falls',
      description:
        'Explore the valley of 72 waterfalls: the Staubbach Falls above Lauterbrunnen village and the glacier-fed Trümmelbach Falls thundering inside the mountain. Back in Interlaken, a fondue dinner awaits.',
    },
    paragliding: {
      title: 'Tandem Paragliding over Interlaken',
      description:
        'Fly tandem with a licensed pilot from Beatenberg, gliding over Lake Thun and Lake Brienz before landing in the centre of Interlaken. In the afternoon, take a boat to the lakeside village of Iseltwald.',
    },
    schilthorn: {
      title: 'Schilthorn & Piz Gloria',
      description:
        'Take the cable car via the car-free village of Mürren to the Schilthorn summit at 2,970 metres, with its Thrill Walk and the revolving Piz Gloria restaurant made famous by a James Bond film.',
    },
    toZermatt: {
      title: 'Train to Zermatt',
      description:
        'Travel by train via Visp to car-free Zermatt. Stroll along the Vispa river and through the old Hinterdorf quarter of wooden barns, with the Matterhorn rising above the village.',
    },
    gornergrat: {
      title: 'Gornergrat Railway & Matterhorn Views',
      description:
        'Ride the Gornergrat railway, one of the highest cogwheel railways in the Alps, to 3,089 metres for a panorama of the Matterhorn and 29 peaks over 4,000 metres.',
    },
    glacierExpress: {
      title: 'Glacier Express to St. Moritz',
      description:
        'Board the Glacier Express for the eight-hour panoramic journey from Zermatt to St. Moritz, crossing 291 bridges and the Oberalp Pass at 2,033 metres, with lunch served at your seat.',
    },
    rhineFalls: {
      title: 'Rhine Falls & Zurich',
      description:
        "A day trip to the Rhine Falls, Europe's most powerful waterfall, with a boat ride to the central rock. Continue to Zurich for the Bahnhofstrasse and the old town around Lindenhof before returning to Lucerne.",
    },
    arriveInterlaken: {
      title: 'Arrive in Zurich, Train to Interlaken',
      description:
        'Land at Zurich Airport and take the train to Interlaken, about two hours, on your Swiss Travel Pass. Evening walk along the Aare between Lake Thun and Lake Brienz.',
    },
    departZermatt: {
      title: 'Departure from Zermatt',
      description:
        'Take the train from Zermatt to Zurich or Geneva Airport, about three and a half to four hours, for your flight home.',
    },
    departStMoritz: {
      title: 'Departure from St. Moritz',
      description:
        'A morning by the lake in St. Moritz, then a scenic train back to Zurich Airport, about three and a half hours, for your flight home.',
    },
  },
  exclusions: [
    'Airfare to Zurich',
    'Schengen visa fees',
    'Lunches and dinners not mentioned',
    'City tax payable at hotels',
  ],
  packages: [
    {
      id: 41,
      slug: 'switzerland-honeymoon-6-nights',
      title: 'Swiss Honeymoon: Lucerne, Interlaken & Jungfraujoch',
      tripType: 'honeymoon',
      nights: 6,
      summary:
        'The classic Swiss romance: three nights on Lake Lucerne with Mount Titlis, then three in Interlaken between two lakes, with the Jungfraujoch and the waterfall valley of Lauterbrunnen. First-class rail passes make every journey part of the honeymoon.',
      highlights: [
        'First-class Swiss Travel Pass',
        'Mount Titlis with the revolving Rotair',
        'Jungfraujoch – Top of Europe at 3,454 metres',
        'Fondue dinner for two in Interlaken',
      ],
      days: ['lucerne', 'titlis', 'toInterlaken', 'jungfraujoch', 'lauterbrunnen'],
      inclusions: [
        '3 nights in Lucerne and 3 in Interlaken at 4-star hotels, with breakfast',
        'First-class Swiss Travel Pass (8 days)',
        'Mount Titlis excursion tickets',
        'Jungfraujoch excursion tickets (with pass discount)',
        'Swiss fondue dinner for two',
        'Honeymoon welcome amenity',
      ],
      interests: ['mountains', 'snow', 'wellness'],
      aed: 8950,
      inr: 164999,
      offer: 'UAE',
      rating: 4.8,
      reviewCount: 176,
      featured: true,
      hero: 1,
    },
    {
      id: 42,
      slug: 'switzerland-family-explorer-7-nights',
      title: 'Switzerland Family Explorer with Swiss Travel Pass',
      tripType: 'family',
      nights: 7,
      summary:
        'Trains, boats and gondolas make Switzerland a joy with children, and with the Swiss Family Card under-16s travel free with a parent. Snowball fights on Titlis, the Ice Palace at the Jungfraujoch, the First Flyer and the thundering Rhine Falls are all on the list.',
      highlights: [
        'Swiss Family Card: children under 16 travel free with a parent',
        'Boat ride to the rock at the Rhine Falls',
        'Mount Titlis and the Jungfraujoch',
        'First Cliff Walk, Flyer and Trottibikes at Grindelwald',
      ],
      days: ['rhineFalls', 'lucerne', 'titlis', 'toInterlaken', 'jungfraujoch', 'grindelwaldFirst'],
      inclusions: [
        '3 nights in Lucerne and 4 in Interlaken in family rooms at 4-star hotels, with breakfast',
        'Second-class Swiss Travel Pass (8 days) and Swiss Family Card',
        'Rhine Falls boat ride',
        'Mount Titlis and Jungfraujoch tickets',
        'Grindelwald First gondola with First Flyer and Trottibike',
        'Indian dinners on four evenings',
      ],
      interests: ['mountains', 'snow', 'nature-wildlife'],
      aed: 9650,
      inr: 179999,
      rating: 4.7,
      reviewCount: 132,
      hero: 2,
    },
    {
      id: 43,
      slug: 'switzerland-alpine-adventure-6-nights',
      title: 'Swiss Alps Adventure: Paragliding, Schilthorn & the Matterhorn',
      tripType: 'adventure',
      nights: 6,
      summary:
        'For travellers who like their mountains up close: a tandem paragliding flight over Interlaken, the First Cliff Walk and Flyer zipline, the Thrill Walk on the Schilthorn and two nights in Zermatt beneath the Matterhorn.',
      highlights: [
        'Tandem paragliding over Interlaken',
        'First Flyer zipline and Cliff Walk',
        'Schilthorn Thrill Walk and Piz Gloria',
        'Gornergrat railway with Matterhorn views',
      ],
      arrive: 'arriveInterlaken',
      days: ['paragliding', 'grindelwaldFirst', 'schilthorn', 'toZermatt', 'gornergrat'],
      depart: 'departZermatt',
      inclusions: [
        '4 nights in Interlaken and 2 in Zermatt at 3-star superior hotels, with breakfast',
        'Second-class Swiss Travel Pass (8 days)',
        'Tandem paragliding flight with photos',
        'Grindelwald First gondola and First Flyer',
        'Schilthorn cable car tickets',
        'Gornergrat railway tickets (with pass discount)',
      ],
      interests: ['mountains', 'snow'],
      aed: 8450,
      inr: 159999,
      rating: 4.7,
      reviewCount: 54,
      hero: 3,
    },
    {
      id: 44,
      slug: 'switzerland-glacier-express-luxury-9-nights',
      title: 'Grand Swiss Rail Journey with the Glacier Express',
      tripType: 'luxury',
      nights: 9,
      summary:
        'Switzerland at its most elegant: five-star hotels in Lucerne, Interlaken, Zermatt and St. Moritz, first-class rail throughout and the eight-hour Glacier Express across the Alps with a reserved panorama seat and lunch on board.',
      highlights: [
        'Glacier Express from Zermatt to St. Moritz in first class',
        'Five-star lake and mountain hotels',
        'Golden Round Trip on Mount Pilatus',
        'Jungfraujoch and Gornergrat',
      ],
      days: [
        'rhineFalls',
        'lucerne',
        'pilatus',
        'toInterlaken',
        'jungfraujoch',
        'toZermatt',
        'gornergrat',
        'glacierExpress',
      ],
      depart: 'departStMoritz',
      inclusions: [
        '9 nights at 5-star hotels in Lucerne (4), Interlaken (2), Zermatt (2) and St. Moritz (1), with breakfast',
        'First-class Swiss Travel Pass (15 days)',
        'Glacier Express first-class seat reservation with lunch',
        'Mount Pilatus, Jungfraujoch and Gornergrat tickets',
        'Private transfers at Zurich Airport',
        'Luggage forwarding between hotels',
        'Dedicated 24-hour concierge line',
      ],
      interests: ['mountains', 'snow', 'food'],
      aed: 15900,
      inr: 289999,
      offer: 'UAE',
      rating: 4.9,
      reviewCount: 41,
      hero: 2,
    },
  ],
});

export const turkey = destination({
  slug: 'turkey',
  arrive: {
    title: 'Arrive in Istanbul',
    description:
      'Land at Istanbul Airport and transfer to your hotel in the old city. In the evening, walk down to the Galata Bridge to watch the fishermen and the sunset over the Golden Horn.',
  },
  depart: {
    title: 'Departure from Istanbul',
    description: 'Breakfast, a last glass of Turkish tea, and a transfer to Istanbul Airport for your flight home.',
  },
  days: {
    istanbulOld: {
      title: 'Sultanahmet: Hagia Sophia, Blue Mosque & Basilica Cistern',
      description:
        'A guided walk through Sultanahmet: the vast dome of Hagia Sophia, the six minarets and Iznik tiles of the Blue Mosque, the Hippodrome and the columned Basilica Cistern with its Medusa heads.',
    },
    topkapi: {
      title: 'Topkapı Palace & Grand Bazaar',
      description:
        'Explore the courtyards, treasury and Harem of Topkapı Palace, seat of the Ottoman sultans, then lose yourself in the Grand Bazaar, with thousands of shops under its painted vaults.',
    },
    bosphorus: {
      title: 'Bosphorus Cruise & Spice Bazaar',
      description:
        'Shop for lokum, saffron and apple tea at the Spice Bazaar, then cruise the Bosphorus between Europe and Asia, past Dolmabahçe Palace, the wooden yalı mansions and Rumeli Fortress.',
    },
    princesIslands: {
      title: "Princes' Islands Day Trip",
      description:
        "Take a ferry to Büyükada, the largest of the car-free Princes' Islands, and explore by bicycle or electric cart past wooden Ottoman mansions, with a fish lunch by the sea.",
    },
    toCappadocia: {
      title: 'Fly to Cappadocia',
      description:
        'Take a morning flight to Kayseri or Nevşehir and transfer to your cave hotel. In the afternoon, walk in Pigeon Valley and climb Uçhisar Castle for the sunset.',
    },
    balloon: {
      title: 'Sunrise Hot-Air Balloon Flight',
      description:
        "Before dawn, drift over Cappadocia's fairy chimneys in a hot-air balloon for about an hour, toasting the landing with a certificate. After a rest, visit the rock-cut churches and frescoes of the Göreme Open-Air Museum. If the wind cancels flights, we rebook for the next morning.",
    },
    cappadociaRed: {
      title: 'Cappadocia Red Tour',
      description:
        'Visit the mushroom-capped fairy chimneys of Paşabağ, the rock shapes of Devrent (Imagination) Valley and the pottery town of Avanos on the Red River, with a hands-on pottery demonstration.',
    },
    cappadociaGreen: {
      title: 'Cappadocia Green Tour',
      description:
        'Descend into the Derinkuyu Underground City, which once sheltered thousands of people, hike along the Ihlara Valley canyon beside the Melendiz stream and explore the rock-cut Selime Monastery.',
    },
    atv: {
      title: 'ATV Sunset Tour & Turkish Night',
      description:
        'Ride an ATV through the Rose and Red Valleys to a viewpoint for sunset, then enjoy a Turkish night with folk dances and a whirling dervish performance.',
    },
    toPamukkale: {
      title: 'Drive to Pamukkale via Konya',
      description:
        'A long, scenic drive west across the Anatolian plateau, stopping at the Sultanhanı caravanserai and in Konya at the Mevlana Museum, resting place of the poet Rumi. Arrive in Pamukkale in the evening.',
    },
    pamukkale: {
      title: 'Pamukkale Travertines & Hierapolis',
      description:
        'Walk barefoot on the white travertine terraces of Pamukkale, explore the Roman theatre and necropolis of Hierapolis and swim among fallen columns in the Antique Pool.',
    },
    ephesus: {
      title: 'Ephesus & Kuşadası',
      description:
        'Drive to Ephesus and walk its marble streets to the Library of Celsus and the Great Theatre, visit the House of the Virgin Mary, then continue to the seaside town of Kuşadası.',
    },
    departIzmir: {
      title: 'Departure from Izmir',
      description:
        'Transfer from Kuşadası to Izmir Adnan Menderes Airport, about an hour, for your flight home via Istanbul.',
    },
    arriveCappadocia: {
      title: 'Arrive in Cappadocia',
      description:
        'Fly into Kayseri or Nevşehir, connecting via Istanbul, and transfer to your cave hotel in Göreme. Watch the sunset from Uçhisar Castle.',
    },
    departCappadocia: {
      title: 'Departure from Cappadocia',
      description: 'Transfer to Kayseri or Nevşehir airport for your flight home via Istanbul.',
    },
  },
  exclusions: [
    'International airfare',
    'Türkiye e-visa fees, where applicable',
    'Meals not mentioned',
    'Tips for guides and drivers, customary in Türkiye',
  ],
  packages: [
    {
      id: 45,
      slug: 'turkey-istanbul-cappadocia-honeymoon-6-nights',
      title: 'Istanbul & Cappadocia Honeymoon with Hot-Air Balloon Ride',
      tripType: 'honeymoon',
      nights: 6,
      summary:
        'Three nights in Istanbul between two continents and three in a cave suite in Cappadocia, with a sunrise balloon flight over the fairy chimneys. Add a Bosphorus cruise and a rooftop dinner, and it is easy to see why couples love Türkiye.',
      highlights: [
        'Sunrise hot-air balloon flight with a celebratory toast',
        'Cave suite in Göreme',
        'Bosphorus cruise between Europe and Asia',
        'Hagia Sophia, the Blue Mosque and the Basilica Cistern',
      ],
      days: ['istanbulOld', 'bosphorus', 'toCappadocia', 'balloon', 'cappadociaRed'],
      depart: 'departCappadocia',
      inclusions: [
        '3 nights in a 4-star Sultanahmet hotel and 3 in a Cappadocia cave suite, with breakfast',
        'Istanbul–Cappadocia domestic flight',
        'Hot-air balloon flight (standard basket) with transfers',
        'Guided Istanbul old-city tour and Bosphorus cruise',
        'Cappadocia Red Tour with lunch',
        'All airport transfers',
        'Rooftop dinner in Istanbul',
      ],
      interests: ['history', 'food', 'shopping'],
      aed: 4650,
      inr: 89999,
      offer: 'both',
      rating: 4.8,
      reviewCount: 221,
      featured: true,
      hero: 1,
    },
    {
      id: 46,
      slug: 'turkey-grand-group-tour-9-nights',
      title: 'Grand Türkiye Group Tour: Istanbul, Cappadocia, Pamukkale & Ephesus',
      tripType: 'group-tour',
      nights: 9,
      summary:
        'Our most complete Türkiye itinerary, escorted by a tour manager with licensed Turkish guides: Istanbul, the valleys and underground cities of Cappadocia, the white terraces of Pamukkale and the ancient city of Ephesus, finishing by the Aegean at Kuşadası.',
      highlights: [
        'Escorted by a tour manager and licensed local guides',
        'Cappadocia Red and Green tours with the Derinkuyu Underground City',
        'Pamukkale travertines and Hierapolis',
        'Library of Celsus at Ephesus',
      ],
      days: [
        'istanbulOld',
        'bosphorus',
        'toCappadocia',
        'cappadociaRed',
        'cappadociaGreen',
        'toPamukkale',
        'pamukkale',
        'ephesus',
      ],
      depart: 'departIzmir',
      inclusions: [
        '9 nights at 4-star hotels (Istanbul 3, Cappadocia 3, Pamukkale 2, Kuşadası 1), with breakfast and dinner',
        'Istanbul–Cappadocia domestic flight',
        'Air-conditioned coach for all touring',
        'Tour manager and licensed local guides',
        'Entrance fees for all listed sights',
        'Bosphorus cruise',
        'Airport transfers on group arrival and departure days',
      ],
      exclusions: ['Hot-air balloon flight (optional, bookable on tour)'],
      interests: ['history', 'food', 'shopping'],
      aed: 5450,
      inr: 104999,
      rating: 4.6,
      reviewCount: 148,
      hero: 3,
    },
    {
      id: 47,
      slug: 'turkey-cappadocia-adventure-4-nights',
      title: 'Cappadocia Adventure: Balloons, ATVs & Valley Hikes',
      tripType: 'adventure',
      nights: 4,
      summary:
        'Four nights in a Göreme cave hotel with everything that makes Cappadocia thrilling: a sunrise balloon flight, an ATV ride through Rose Valley at sunset and a canyon hike in the Ihlara Valley.',
      highlights: [
        'Sunrise balloon flight over Göreme',
        'ATV sunset ride through the Rose and Red Valleys',
        'Ihlara Valley hike and Derinkuyu Underground City',
        'Cave hotel with a terrace view',
      ],
      arrive: 'arriveCappadocia',
      days: ['balloon', 'atv', 'cappadociaGreen'],
      depart: 'departCappadocia',
      inclusions: [
        '4 nights in a Göreme cave hotel with breakfast',
        'Hot-air balloon flight with hotel pick-up',
        'ATV sunset tour with safety gear',
        'Cappadocia Green Tour with lunch and entrance fees',
        'Turkish night show with dinner',
        'Airport transfers',
      ],
      interests: ['mountains', 'history'],
      aed: 2950,
      inr: 62999,
      rating: 4.7,
      reviewCount: 96,
      hero: 2,
    },
    {
      id: 48,
      slug: 'turkey-istanbul-family-5-nights',
      title: "Istanbul Family Break with Bosphorus Cruise & Princes' Islands",
      tripType: 'family',
      nights: 5,
      summary:
        "A city break children enjoy as much as parents: palaces and ferries, the Basilica Cistern's Medusa heads, a cruise between two continents and a car-free island where everyone rides bicycles.",
      highlights: [
        'Topkapı Palace and the Grand Bazaar',
        'Bosphorus cruise between Europe and Asia',
        "Car-free Büyükada in the Princes' Islands",
        'Family room in Sultanahmet, within walking distance of the sights',
      ],
      days: ['istanbulOld', 'topkapi', 'bosphorus', 'princesIslands'],
      inclusions: [
        '5 nights in a family room at a 4-star Sultanahmet hotel with breakfast',
        'Private airport transfers',
        'Guided old-city and Topkapı tours with entrance fees',
        'Bosphorus cruise',
        "Princes' Islands ferry tickets",
        'Istanbulkart transport card with credit',
      ],
      interests: ['history', 'cruises', 'food', 'shopping'],
      aed: 2690,
      inr: 59999,
      offer: 'UAE',
      rating: 4.6,
      reviewCount: 83,
      hero: 3,
    },
  ],
});

export const mauritius = destination({
  slug: 'mauritius',
  arrive: {
    title: 'Arrive in Mauritius',
    description:
      'Land at Sir Seewoosagur Ramgoolam International Airport, where our representative meets you for the transfer to your beach resort, about an hour away. Spend the evening by the lagoon.',
  },
  depart: {
    title: 'Departure from Mauritius',
    description: 'A last swim and a leisurely breakfast, then the transfer to the airport for your flight home.',
  },
  days: {
    northTour: {
      title: 'North Tour: Port Louis & Pamplemousses',
      description:
        'Visit the Sir Seewoosagur Ramgoolam Botanical Garden at Pamplemousses with its giant water lilies, the red-roofed church at Cap Malheureux and Port Louis for the Central Market and the Caudan Waterfront.',
    },
    southTour: {
      title: 'South Tour: Chamarel & Grand Bassin',
      description:
        'Look into the Trou aux Cerfs volcanic crater, visit the sacred lake of Grand Bassin (Ganga Talao) with its giant Shiva statue, take in the Black River Gorges viewpoint, Chamarel Waterfall and the Seven Coloured Earth, and end at a rum distillery.',
    },
    ileAuxCerfs: {
      title: 'Île aux Cerfs Island Day',
      description:
        'A speedboat to Île aux Cerfs off the east coast, stopping at the Grand River South East waterfall. Swim in the turquoise lagoon and enjoy a barbecue lunch on the beach; parasailing is optional.',
    },
    catamaran: {
      title: 'West Coast Catamaran Cruise',
      description:
        'Sail along the west coast looking for spinner dolphins off Tamarin, snorkel in the lagoon and stop at Île aux Bénitiers, passing the Crystal Rock, with a barbecue lunch on board.',
    },
    casela: {
      title: 'Casela Nature Parks',
      description:
        'A day at Casela on the west coast: a safari drive among giraffes, zebras and rhinos, giant Aldabra tortoises, a zipline for older children, and a café overlooking the sugar-cane fields.',
    },
    blueBay: {
      title: 'Blue Bay Marine Park',
      description:
        'A glass-bottom boat ride over the coral gardens of Blue Bay Marine Park, followed by snorkelling and a lunch of fresh fish, with a stop at the Mahébourg waterfront on the way back.',
    },
    seaWalk: {
      title: 'Undersea Walk at Grand Baie',
      description:
        'Put on a diving helmet and walk on the seabed off Grand Baie among tropical fish, no swimming experience needed. In the evening, explore the shops and restaurants of Grand Baie.',
    },
    spa: {
      title: 'Spa & Sunset on the Lagoon',
      description:
        'A slow day at the resort with a 90-minute couples massage, followed by a private sunset cruise on the lagoon with sparkling wine.',
    },
    leMorne: {
      title: 'Le Morne & the Underwater Waterfall',
      description:
        'Take a scenic helicopter flight over the famous "underwater waterfall" illusion off Le Morne Brabant, then relax on Le Morne beach, one of the loveliest on the island.',
    },
    leisure: {
      title: 'Beach Day at Leisure',
      description:
        'A free day at the resort: kayaking, paddle-boarding and snorkelling are included, or simply stay under a beach umbrella with a book.',
    },
  },
  exclusions: [
    'International airfare',
    'Lunches and drinks not in the meal plan',
    'Optional activities such as parasailing and dolphin swims',
    'Tips and personal expenses',
  ],
  packages: [
    {
      id: 61,
      slug: 'mauritius-honeymoon-6-nights',
      title: 'Mauritius Honeymoon with Catamaran Cruise & Île aux Cerfs',
      tripType: 'honeymoon',
      nights: 6,
      summary:
        "Six nights at a beach resort with a lagoon view, half-board dining and the island's best days out: the Seven Coloured Earth of Chamarel, a catamaran with dolphins and a barbecue on board, and a barefoot day on Île aux Cerfs.",
      highlights: [
        'Catamaran cruise with dolphin spotting and BBQ lunch',
        'Île aux Cerfs by speedboat',
        'Chamarel Seven Coloured Earth and Grand Bassin',
        'Couples massage and a private sunset cruise',
      ],
      days: ['northTour', 'southTour', 'ileAuxCerfs', 'catamaran', 'spa'],
      inclusions: [
        '6 nights in a sea-facing room at a 5-star beach resort, half board',
        'Return airport transfers',
        'North and South island tours with private driver',
        'Île aux Cerfs speedboat trip with BBQ lunch',
        'West coast catamaran cruise with lunch',
        '90-minute couples massage and sunset cruise',
        'Honeymoon amenities (subject to the resort)',
      ],
      interests: ['beaches', 'water-sports', 'wellness'],
      aed: 4250,
      inr: 84999,
      offer: 'both',
      rating: 4.8,
      reviewCount: 244,
      featured: true,
      hero: 1,
    },
    {
      id: 62,
      slug: 'mauritius-family-beach-5-nights',
      title: 'Mauritius Family Beach Holiday with Casela Park',
      tripType: 'family',
      nights: 5,
      summary:
        "Five nights at an all-inclusive family resort with a kids club and a gentle lagoon, plus days out that children love: safari drives at Casela, a boat to Île aux Cerfs and a glass-bottom boat over Blue Bay's corals.",
      highlights: [
        'All-inclusive family resort with kids club',
        'Casela Nature Parks safari',
        'Glass-bottom boat in Blue Bay Marine Park',
        'Île aux Cerfs island day',
      ],
      days: ['northTour', 'casela', 'ileAuxCerfs', 'blueBay'],
      inclusions: [
        '5 nights in a family room at a 4-star all-inclusive resort',
        'Return airport transfers',
        'North tour with private driver',
        'Casela safari tickets with transfers',
        'Île aux Cerfs speedboat trip with lunch',
        'Blue Bay glass-bottom boat and snorkelling',
      ],
      interests: ['beaches', 'nature-wildlife', 'water-sports'],
      aed: 3690,
      inr: 74999,
      rating: 4.6,
      reviewCount: 88,
      hero: 2,
    },
    {
      id: 63,
      slug: 'mauritius-luxury-le-morne-7-nights',
      title: 'Mauritius Luxury Lagoon Retreat at Le Morne',
      tripType: 'luxury',
      nights: 7,
      summary:
        'Seven nights in a beach villa at a five-star resort beneath Le Morne Brabant, with a helicopter flight over the famous underwater waterfall, a private catamaran day on the west coast and a couples spa ritual. The definition of slow travel.',
      highlights: [
        'Beach villa at a 5-star Le Morne resort',
        'Helicopter flight over the underwater waterfall',
        'Private catamaran day with lunch',
        'Couples massage and a private sunset cruise',
      ],
      days: ['southTour', 'catamaran', 'leMorne', 'spa', 'leisure', 'northTour'],
      inclusions: [
        '7 nights in a beach villa at a 5-star resort with half board',
        'Private luxury-car airport transfers',
        'Private 15-minute helicopter flight over Le Morne',
        'Private catamaran cruise with lunch',
        'South and North tours with a private guide',
        'Couples spa ritual and sunset cruise',
        'Non-motorised water sports',
      ],
      interests: ['wellness', 'beaches', 'water-sports'],
      aed: 7450,
      inr: 139999,
      offer: 'UAE',
      rating: 4.9,
      reviewCount: 47,
      hero: 3,
    },
    {
      id: 64,
      slug: 'mauritius-grand-baie-beach-4-nights',
      title: 'Mauritius Beach Break at Grand Baie',
      tripType: 'beach',
      nights: 4,
      summary:
        "A short escape to the lively north coast, with Grand Baie's restaurants on your doorstep, an undersea walk among tropical fish, Port Louis and Pamplemousses, and a day on Île aux Cerfs.",
      highlights: [
        'Beach hotel near Grand Baie',
        'Undersea walk, no swimming needed',
        'Pamplemousses Botanical Garden and Port Louis',
        'Île aux Cerfs by speedboat',
      ],
      days: ['northTour', 'seaWalk', 'ileAuxCerfs'],
      inclusions: [
        '4 nights at a 4-star beach hotel near Grand Baie with breakfast and dinner',
        'Return airport transfers',
        'North tour with driver',
        'Undersea walk at Grand Baie',
        'Île aux Cerfs speedboat trip with lunch',
      ],
      interests: ['beaches', 'water-sports', 'shopping'],
      aed: 2950,
      inr: 62999,
      rating: 4.5,
      reviewCount: 69,
      hero: 2,
    },
  ],
});
