import { destination } from '../catalogue-types.ts';

export const dubai = destination({
  slug: 'dubai',
  arrive: {
    title: 'Arrive in Dubai',
    description:
      'Our representative meets you at Dubai International Airport (DXB) and drives you to your hotel; UAE residents can start with a pick-up from home. After check-in, take it easy, then head to the Dubai Mall promenade for the Dubai Fountain show beneath the Burj Khalifa.',
  },
  depart: {
    title: 'Departure from Dubai',
    description:
      'After breakfast, squeeze in some last-minute shopping for dates, saffron and oud, then check out and transfer to the airport for your flight home.',
  },
  days: {
    arriveDesert: {
      title: 'Arrive in Dubai & Evening Desert Safari',
      description:
        'Check in by early afternoon and freshen up. At around 3 pm a 4x4 collects you for the dunes: dune bashing, sandboarding and a short camel ride at sunset, followed by a barbecue dinner at a desert camp.',
    },
    cityTour: {
      title: 'Old Dubai & Creek Heritage Tour',
      description:
        'A half-day guided tour begins with photo stops at Jumeirah Mosque and the Burj Al Arab, then winds through the wind-tower lanes of Al Fahidi. Cross Dubai Creek by abra to the Gold and Spice Souks in Deira, and finish at the Dubai Frame for views of old and new Dubai.',
    },
    burjKhalifa: {
      title: 'Burj Khalifa "At the Top" & Dubai Mall',
      description:
        'Spend the morning at leisure, then ride the high-speed lift to the observation decks on levels 124 and 125 of the Burj Khalifa, timed for the late-afternoon light. Afterwards, explore Dubai Mall and the Dubai Aquarium before the fountain show lights up the lake.',
    },
    desertSafari: {
      title: 'Desert Safari with BBQ Dinner',
      description:
        'Relax in the morning. At around 3 pm a 4x4 collects you for the desert: dune bashing over the red sands, sandboarding and a camel ride before sunset. The evening continues at a Bedouin-style camp with henna painting, a tanoura and fire show, and a barbecue dinner under the stars.',
    },
    dhowCruise: {
      title: 'Beach Day & Dubai Marina Dhow Cruise',
      description:
        'A free day for the beach at JBR or shopping at Mall of the Emirates. In the evening, board a traditional wooden dhow for a two-hour dinner cruise along Dubai Marina, with an international buffet and the lit-up towers all around you.',
    },
    atlantis: {
      title: 'Atlantis Aquaventure & Palm Jumeirah',
      description:
        'Take the Palm Monorail over the fronds of Palm Jumeirah to Atlantis, The Palm. The day is yours at Aquaventure Waterpark, with its record-breaking slides, lazy river and private beach, plus a walk through the Lost Chambers Aquarium.',
    },
    abuDhabi: {
      title: 'Abu Dhabi Day Trip',
      description:
        'A full-day excursion to the capital, about 90 minutes each way. Visit the Sheikh Zayed Grand Mosque with its 82 domes and vast hand-knotted carpet, drive along the Corniche, stop for photos at Qasr Al Watan and Etihad Towers, and pass Ferrari World on Yas Island on the way back.',
    },
    hatta: {
      title: 'Hatta Mountain Escape',
      description:
        'Drive east into the Hajar Mountains to Hatta, about 90 minutes from the city. Kayak on the turquoise Hatta Dam, explore the restored Hatta Heritage Village and stop at the honey bee garden before returning to Dubai in the evening.',
    },
    xline: {
      title: 'XLine Dubai Marina Zipline',
      description:
        'Start the day on the XLine at Dubai Marina, one of the longest urban ziplines in the world, flying a kilometre between the towers at up to 80 km/h. The afternoon is free; adrenaline seekers can add a tandem skydive over the Palm (optional, weather and availability permitting).',
    },
    luxuryBurj: {
      title: 'Burj Khalifa SKY Lounge & Downtown Dinner',
      description:
        "Visit At the Top SKY on level 148 of the Burj Khalifa, with refreshments in the lounge, then browse Dubai Mall's Fashion Avenue. In the evening, enjoy a set-menu dinner with a front-row view of the Dubai Fountain.",
    },
    palmSpa: {
      title: 'Spa Day & The View at The Palm',
      description:
        "A slow morning with a 90-minute signature treatment at the resort spa. Later, ride up to The View at The Palm on level 52 of The Palm Tower for a bird's-eye view of the island, then watch the sunset from a beach club on the West Crescent.",
    },
    premiumSafari: {
      title: 'Private Desert Safari & Camp Dinner',
      description:
        'A private Land Cruiser takes you into the Dubai Desert Conservation Reserve for a gentle dune drive, a falconry display and a camel ride at sunset. Dinner is served at a luxury camp with Arabic mezze, grilled meats and traditional music.',
    },
  },
  exclusions: [
    'Airfare to and from Dubai',
    'UAE visit visa (not needed for UAE residents)',
    'Tourism Dirham fee payable at the hotel (AED 7–20 per room per night)',
    'Lunches, drinks and tips unless mentioned',
  ],
  packages: [
    {
      id: 1,
      slug: 'dubai-family-fun-5-nights',
      title: 'Dubai Family Fun with Desert Safari',
      tripType: 'family',
      nights: 5,
      summary:
        'A five-night family favourite that balances the icons with pure fun: the Burj Khalifa observation decks, a day at Atlantis Aquaventure and an evening in the dunes with a barbecue under the stars. Hotels are family-friendly, with connecting rooms on request.',
      highlights: [
        'Observation decks on levels 124 and 125 of the Burj Khalifa',
        'Full day at Aquaventure Waterpark, Atlantis The Palm',
        'Desert safari with dune bashing, camel ride and BBQ dinner',
        'Abra ride across Dubai Creek to the Gold and Spice Souks',
      ],
      days: ['cityTour', 'burjKhalifa', 'desertSafari', 'atlantis'],
      inclusions: [
        '5 nights at a 4-star family hotel in Al Barsha with daily breakfast',
        'Return airport transfers in a private air-conditioned vehicle',
        'Half-day Old Dubai tour with an English- and Hindi-speaking guide',
        'Burj Khalifa At the Top tickets (levels 124 & 125, non-prime hours)',
        'Aquaventure Waterpark and Lost Chambers Aquarium tickets',
        'Desert safari with BBQ dinner on shared transfers',
      ],
      interests: ['theme-parks', 'desert-safari', 'shopping'],
      aed: 2450,
      inr: 48999,
      offer: 'both',
      rating: 4.7,
      reviewCount: 412,
      featured: true,
      hero: 1,
    },
    {
      id: 2,
      slug: 'dubai-luxury-escape-4-nights',
      title: 'Dubai Luxury Escape on Palm Jumeirah',
      tripType: 'luxury',
      nights: 4,
      summary:
        'Four nights at a five-star beach resort on Palm Jumeirah, with private transfers throughout. Take refreshments in the SKY lounge of the Burj Khalifa, unwind with a signature spa ritual and head into the Dubai Desert Conservation Reserve by private Land Cruiser.',
      highlights: [
        'Five-star beachfront resort on Palm Jumeirah',
        'At the Top SKY lounge on level 148 of the Burj Khalifa',
        'Private desert safari with falconry and a gourmet camp dinner',
        '90-minute signature spa treatment for each guest',
      ],
      days: ['luxuryBurj', 'palmSpa', 'premiumSafari'],
      inclusions: [
        '4 nights in a sea-view room at a 5-star Palm Jumeirah resort with breakfast',
        'Private luxury-sedan transfers for arrival, departure and touring',
        'Burj Khalifa At the Top SKY (level 148) tickets with refreshments',
        'Private desert safari in the Dubai Desert Conservation Reserve with dinner',
        'One 90-minute spa treatment per adult',
        'The View at The Palm tickets',
        'Early check-in and a welcome amenity, subject to availability',
      ],
      interests: ['wellness', 'shopping', 'food', 'desert-safari'],
      aed: 5950,
      inr: 114999,
      offer: 'UAE',
      rating: 4.8,
      reviewCount: 156,
      featured: true,
      hero: 2,
    },
    {
      id: 3,
      slug: 'dubai-adventure-weekender-3-nights',
      title: 'Dubai Adventure: Dunes, Ziplines & Hatta',
      tripType: 'adventure',
      nights: 3,
      summary:
        'A short, action-packed break for thrill seekers: sandboard down the dunes on your first evening, fly along the XLine zipline above Dubai Marina and kayak the emerald water of Hatta Dam in the Hajar Mountains. Ideal for a long weekend.',
      highlights: [
        'XLine Dubai Marina, one of the longest urban ziplines in the world',
        'Kayaking on Hatta Dam in the Hajar Mountains',
        'Dune bashing and sandboarding on the first evening',
        '4-star hotel in Dubai Marina, close to the action',
      ],
      arrive: 'arriveDesert',
      days: ['xline', 'hatta'],
      inclusions: [
        '3 nights at a 4-star hotel in Dubai Marina with daily breakfast',
        'Return airport transfers',
        'Evening desert safari with sandboarding and BBQ dinner',
        'One XLine Dubai Marina zipline ride per adult',
        'Hatta day trip with private transfers and a one-hour double-kayak rental',
      ],
      exclusions: ['Tandem skydive (optional, bookable on request)'],
      interests: ['desert-safari', 'mountains', 'water-sports'],
      aed: 1850,
      inr: 39999,
      rating: 4.5,
      reviewCount: 88,
      hero: 3,
    },
    {
      id: 4,
      slug: 'dubai-abu-dhabi-group-tour-6-nights',
      title: 'Dubai & Abu Dhabi Group Departure',
      tripType: 'group-tour',
      nights: 6,
      summary:
        'Travel with a friendly group and a tour manager on fixed monthly departures. Six nights cover the essentials of Dubai, from the Creek and the souks to the Burj Khalifa and a dhow dinner cruise, plus a full day in Abu Dhabi at the Sheikh Zayed Grand Mosque.',
      highlights: [
        'Fixed group departures with a dedicated tour manager',
        'Sheikh Zayed Grand Mosque on a full-day Abu Dhabi trip',
        'Dhow dinner cruise along Dubai Marina',
        'Burj Khalifa, Dubai Frame and the Gold Souk',
      ],
      days: ['cityTour', 'burjKhalifa', 'desertSafari', 'abuDhabi', 'dhowCruise'],
      inclusions: [
        '6 nights at a 4-star hotel in Deira with daily breakfast',
        'Daily dinners at Indian restaurants, with vegetarian and Jain options',
        'Tour manager from arrival to departure',
        'All sightseeing by air-conditioned coach',
        'Burj Khalifa At the Top and Dubai Frame tickets',
        'Desert safari with BBQ dinner and Marina dhow dinner cruise',
        'Abu Dhabi day trip with Grand Mosque visit',
      ],
      interests: ['shopping', 'history', 'desert-safari', 'cruises'],
      aed: 2990,
      inr: 57999,
      offer: 'IN',
      rating: 4.4,
      reviewCount: 231,
      hero: 2,
    },
  ],
});

export const abuDhabi = destination({
  slug: 'abu-dhabi',
  arrive: {
    title: 'Arrive in Abu Dhabi',
    description:
      'Meet our driver at Zayed International Airport (AUH) and transfer to your hotel; UAE residents can start with a pick-up from Dubai or Sharjah instead. Spend the evening on the Corniche, watching the sun set over the Arabian Gulf.',
  },
  depart: {
    title: 'Departure from Abu Dhabi',
    description:
      'Enjoy a final breakfast, pick up Emirati dates and camel-milk chocolate as gifts, then transfer to the airport, or back home within the UAE.',
  },
  days: {
    grandMosque: {
      title: 'Sheikh Zayed Grand Mosque & Qasr Al Watan',
      description:
        "Begin at the Sheikh Zayed Grand Mosque, with its 82 white domes, reflecting pools and one of the world's largest hand-knotted carpets (modest dress required; abayas are provided). Continue to Qasr Al Watan, the presidential palace, for its Great Hall and library, and stay for the evening light show.",
    },
    louvre: {
      title: 'Louvre Abu Dhabi & Saadiyat Beach',
      description:
        'Spend the morning beneath the "rain of light" dome of the Louvre Abu Dhabi, whose galleries trace human history from the first civilisations to contemporary art. After lunch, relax on Saadiyat Beach, where hawksbill turtles nest in season.',
    },
    ferrariWorld: {
      title: 'Ferrari World Abu Dhabi',
      description:
        "A full day at Ferrari World under its famous red roof. Brave Formula Rossa, one of the fastest roller coasters on Earth, or keep it gentle with the Bell'Italia drive and the junior rides for younger children.",
    },
    warnerBros: {
      title: 'Warner Bros. World & Yas Mall',
      description:
        'Explore the themed lands of Warner Bros. World, from Gotham City to Bedrock, all indoors and air-conditioned. Walk across to Yas Mall in the evening for dinner and shopping.',
    },
    yasWaterworld: {
      title: 'Yas Waterworld Day',
      description:
        'Cool off at Yas Waterworld, with more than 40 rides, slides and attractions inspired by the legend of a lost pearl. In the evening, stroll along Yas Bay Waterfront for dinner by the water.',
    },
    mangroves: {
      title: 'Mangrove Kayaking & the Corniche',
      description:
        'Paddle through the Eastern Mangroves with a guide, looking out for herons, crabs and the occasional turtle. The afternoon is free, followed by dinner at a waterfront restaurant on the Corniche.',
    },
    spa: {
      title: 'Saadiyat Spa Day',
      description:
        'A leisurely morning at your beach resort, followed by a signature spa treatment. In the late afternoon, take a sunset walk along the soft white sand of Saadiyat Beach.',
    },
    liwa: {
      title: 'Liwa Oasis & Moreeb Dune',
      description:
        "An early drive south-west, about three hours, to the Liwa Oasis on the edge of the Rub' al Khali, the Empty Quarter. See Moreeb Dune, one of the highest dunes in the world, go dune bashing with an experienced driver and enjoy lunch in the desert before returning.",
    },
    alAin: {
      title: 'Al Ain Oasis & Jebel Hafeet',
      description:
        'Visit the garden city of Al Ain, a UNESCO World Heritage Site: walk among the date palms and falaj water channels of Al Ain Oasis, explore Al Jahili Fort and drive the winding road up Jebel Hafeet for views across to Oman.',
    },
  },
  exclusions: [
    'Airfare to and from Abu Dhabi',
    'UAE visit visa (not needed for UAE residents)',
    'Abu Dhabi tourism and municipality fees payable at the hotel',
    'Meals not mentioned and personal expenses',
  ],
  packages: [
    {
      id: 5,
      slug: 'abu-dhabi-yas-island-family-4-nights',
      title: 'Yas Island Theme Park Holiday',
      tripType: 'family',
      nights: 4,
      summary:
        'Three theme-park days in one easy trip: stay on Yas Island, hop on the free shuttle and let the children choose between Formula Rossa, the streets of Gotham City and the slides of Yas Waterworld. Perfect for school holidays.',
      highlights: [
        'Hotel on Yas Island, minutes from the parks',
        'Ferrari World, Warner Bros. World and Yas Waterworld tickets',
        'Evenings at Yas Bay Waterfront',
        'Children under 3 enter the parks free',
      ],
      days: ['ferrariWorld', 'warnerBros', 'yasWaterworld'],
      inclusions: [
        '4 nights at a 4-star Yas Island hotel with daily breakfast',
        'Return transfers from Abu Dhabi airport or from Dubai',
        'One-day tickets to Ferrari World, Warner Bros. World and Yas Waterworld',
        'Yas Express shuttle between the hotel and the parks',
        'Welcome kit for children',
      ],
      interests: ['theme-parks', 'water-sports', 'shopping'],
      aed: 2290,
      inr: 52999,
      offer: 'UAE',
      rating: 4.8,
      reviewCount: 327,
      featured: true,
      hero: 2,
    },
    {
      id: 6,
      slug: 'abu-dhabi-culture-trail-3-nights',
      title: 'Abu Dhabi Culture Trail: Grand Mosque to Louvre',
      tripType: 'culture-heritage',
      nights: 3,
      summary:
        'A thoughtful three-night break in the capital: the serene Sheikh Zayed Grand Mosque, the palace halls of Qasr Al Watan and a morning beneath the latticed dome of the Louvre Abu Dhabi. Evenings are for the Corniche and Emirati cuisine.',
      highlights: [
        'Guided visit to the Sheikh Zayed Grand Mosque',
        'Qasr Al Watan and its evening light show',
        'Louvre Abu Dhabi with audio guide',
        'Dinner of Emirati dishes at a heritage restaurant',
      ],
      days: ['grandMosque', 'louvre'],
      inclusions: [
        '3 nights at a 4-star Corniche hotel with daily breakfast',
        'Private transfers for arrival, departure and sightseeing',
        'Guided Sheikh Zayed Grand Mosque tour',
        'Qasr Al Watan palace and light show tickets',
        'Louvre Abu Dhabi tickets with audio guide',
        'One Emirati dinner at a heritage restaurant',
      ],
      interests: ['history', 'food', 'beaches'],
      aed: 1390,
      inr: 36999,
      rating: 4.6,
      reviewCount: 94,
      hero: 1,
    },
    {
      id: 7,
      slug: 'abu-dhabi-saadiyat-luxury-5-nights',
      title: 'Saadiyat Island Luxury Beach Retreat',
      tripType: 'luxury',
      nights: 5,
      summary:
        'Five unhurried nights at a five-star resort on Saadiyat Island, with private guided visits to the Grand Mosque and the Louvre Abu Dhabi, a spa afternoon and a kayak through the Eastern Mangroves. Soft sand, calm water and the city twenty minutes away.',
      highlights: [
        'Five-star beach resort on Saadiyat Island',
        'Private guide for the Grand Mosque and Louvre Abu Dhabi',
        'Signature spa treatment for each guest',
        'Guided kayak through the Eastern Mangroves',
      ],
      days: ['grandMosque', 'louvre', 'spa', 'mangroves'],
      inclusions: [
        '5 nights in a sea-view room at a 5-star Saadiyat resort with breakfast',
        'Private chauffeur-driven transfers throughout',
        'Private guide for two cultural tours',
        'Louvre Abu Dhabi and Qasr Al Watan tickets',
        'One 60-minute spa treatment per adult',
        'Guided mangrove kayak tour',
        "One dinner at the resort's speciality restaurant",
      ],
      interests: ['beaches', 'wellness', 'history'],
      aed: 4850,
      inr: 98999,
      offer: 'UAE',
      rating: 4.8,
      reviewCount: 73,
      hero: 3,
    },
    {
      id: 8,
      slug: 'abu-dhabi-liwa-al-ain-adventure-4-nights',
      title: 'Liwa Dunes & Al Ain Oasis Adventure',
      tripType: 'adventure',
      nights: 4,
      summary:
        "Swap the city for the emirate's wild side: dune bashing beside the towering Moreeb Dune in Liwa, the palm groves and mountain road of Al Ain, and a morning paddle in the mangroves. A great long weekend for UAE residents.",
      highlights: [
        'Moreeb Dune in the Liwa Oasis, on the edge of the Empty Quarter',
        'Drive up Jebel Hafeet',
        'UNESCO-listed Al Ain Oasis and Al Jahili Fort',
        'Kayaking in the Eastern Mangroves',
      ],
      days: ['liwa', 'alAin', 'mangroves'],
      inclusions: [
        '4 nights at a 4-star hotel in Abu Dhabi with breakfast',
        'Full-day Liwa excursion by 4x4 with lunch',
        'Full-day Al Ain excursion with a private driver',
        'Guided mangrove kayak tour',
        'Return transfers from the airport or from Dubai',
      ],
      interests: ['desert-safari', 'mountains', 'history'],
      aed: 1950,
      inr: 45999,
      rating: 4.5,
      reviewCount: 61,
      hero: 2,
    },
  ],
});
