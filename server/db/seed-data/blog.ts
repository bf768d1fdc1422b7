/** Blog posts (body is sanitised-style HTML: h2, p, ul/li only). */
import type { blogPosts } from '../schema.ts';

type BlogRow = typeof blogPosts.$inferInsert;

export const BLOG_POSTS: BlogRow[] = [
  {
    slug: 'best-time-to-visit-dubai',
    pageName: 'home',
    title: 'Best Time to Visit Dubai: A Season-by-Season Guide',
    excerpt:
      'Desert camps in January, hotel bargains in August: here is how the seasons change a Dubai holiday, and what to book in each.',
    image: '/images/blog/blog-1',
    author: 'Ritika Menon',
    publishedAt: new Date('2026-01-12T06:30:00Z'),
    body: `<p>Dubai is open for business all year, but the season you choose changes the trip completely. Here is how we plan Dubai holidays for our travellers from India and across the UAE.</p>
<h2>November to March: the peak season</h2>
<p>Daytime temperatures sit in the mid-twenties, evenings are cool enough for a light jacket in the desert, and outdoor life takes over the city. This is the time for desert safaris, dhow cruises and long walks along JBR and the Creek.</p>
<ul>
<li>Global Village and the Miracle Garden are open, usually from October or November until spring.</li>
<li>The Dubai Shopping Festival runs over December and January, with sales, concerts and fireworks.</li>
<li>Hotel prices are at their highest over Christmas, New Year and Diwali, so book early.</li>
</ul>
<h2>April, May and October: the shoulder months</h2>
<p>It gets warm by late morning, but early starts and air-conditioned afternoons make these months very comfortable. Prices drop noticeably from the peak, and the beaches are warm enough to swim all day.</p>
<h2>June to September: summer value</h2>
<p>Summer is hot and humid, with afternoon temperatures often above forty degrees. In return, five-star hotels cut their rates, and the city's indoor attractions come into their own: the Burj Khalifa, the Dubai Aquarium, the Museum of the Future, IMG Worlds of Adventure and Ski Dubai.</p>
<ul>
<li>Plan outdoor sightseeing before 10 am or after sunset.</li>
<li>Desert safaris still run in summer, starting later in the afternoon.</li>
<li>Families from India often combine summer school holidays with Dubai's summer hotel offers.</li>
</ul>
<h2>Ramadan and Eid</h2>
<p>The dates move each year. During Ramadan, restaurants stay open for visitors, evenings come alive with iftar and suhoor tents, and eating in public during fasting hours should be done discreetly. The Eid holidays that follow are busy and festive, with fireworks and family crowds.</p>
<h2>Our advice</h2>
<p>For a first visit with children or parents, choose November to March. For the best value, especially for a luxury stay, look at June to September and plan your days around the heat.</p>`,
  },
  {
    slug: 'kerala-houseboat-guide',
    pageName: 'holidays',
    title: 'Alleppey Houseboats: What to Expect on a Night on the Backwaters',
    excerpt:
      'Bedrooms, meals, routes and the best time of year: everything you need to know before you board a kettuvallam in Kerala.',
    image: '/images/blog/blog-2',
    author: 'Anand Varma',
    publishedAt: new Date('2026-02-03T05:00:00Z'),
    body: `<p>A night on a houseboat is the moment most travellers remember from Kerala. The boats are modelled on the kettuvallam, the rice barges that once carried cargo along the backwaters, rebuilt with bedrooms, a sun deck and a small kitchen.</p>
<h2>How the day works</h2>
<p>Boarding is usually around noon at Alleppey (Alappuzha) or Kumarakom. The crew of three, a captain, a cook and a deckhand, welcome you with fresh coconut water, and the boat sets off through narrow canals and out across Vembanad Lake.</p>
<ul>
<li>Lunch is served on board: rice, fish curry, thoran and pappadam, with vegetarian options on request.</li>
<li>Boats stop cruising at around 5.30 pm under local rules and moor for the night near a village.</li>
<li>After breakfast the next morning, you disembark at about 9 am.</li>
</ul>
<h2>Choosing a boat</h2>
<p>Houseboats range from one to five bedrooms. Couples are happiest on a private one-bedroom boat; families and friends can share a larger boat with an upper deck. All our partner boats have air-conditioned bedrooms, although the air conditioning usually runs only at night, and attached bathrooms.</p>
<h2>When to go</h2>
<p>From September to March the weather is pleasant and the paddy fields are green. The monsoon, from June to August, brings dramatic skies and lower prices, while April and May are hot and humid on deck in the afternoons.</p>
<h2>Tips from our Kochi team</h2>
<ul>
<li>Pack insect repellent, a torch and a light long-sleeved top for the evening.</li>
<li>Tell us about food preferences in advance so the cook can shop before you board.</li>
<li>Ask the captain to stop at a toddy shop or a village church along the way.</li>
<li>Combine the houseboat with Munnar or Thekkady to balance the lake with the hills.</li>
</ul>
<p>Our Kerala honeymoon and family packages include a private houseboat night with all meals on board.</p>`,
  },
  {
    slug: 'maldives-resorts-explained',
    pageName: 'home',
    title: 'Maldives Resorts Explained: Transfers, Meal Plans and Villa Types',
    excerpt:
      'Speedboat or seaplane? Half board or all-inclusive? A plain-language guide to choosing the right Maldives resort.',
    image: '/images/blog/blog-3',
    author: 'Sara Ahmed',
    publishedAt: new Date('2026-03-18T07:00:00Z'),
    body: `<p>In the Maldives the resort is the holiday. Most resorts sit on their own island, so the choices you make before booking shape every day of your stay. These are the questions we ask every traveller.</p>
<h2>How will you get there?</h2>
<p>All international flights land at Velana International Airport near Malé. From there, resorts are reached in one of three ways:</p>
<ul>
<li>Speedboat: for resorts in North and South Malé Atolls, usually 20 to 60 minutes and available day and night.</li>
<li>Seaplane: for more distant atolls, a scenic 30 to 60-minute flight that operates in daylight only, so late arrivals may need a night near the airport.</li>
<li>Domestic flight and boat: for far atolls such as Ari or Baa, often cheaper than a seaplane.</li>
</ul>
<h2>Which meal plan?</h2>
<p>Because you cannot pop out to a restaurant, the meal plan matters more than elsewhere.</p>
<ul>
<li>Bed and breakfast looks cheapest, but resort dinners are expensive.</li>
<li>Half board (breakfast and dinner) suits most couples who enjoy a long, late breakfast.</li>
<li>Full board adds lunch, good for families with young children.</li>
<li>All-inclusive covers meals and selected drinks, and often excursions too. It is the best value if you like a drink with dinner.</li>
</ul>
<h2>Beach villa or overwater villa?</h2>
<p>Overwater villas have direct lagoon access and the famous views, and are ideal for couples. Beach villas put you on the sand with more space and shade, which is better for families with small children, who can play safely on the beach.</p>
<h2>Taxes and extras</h2>
<p>Room rates attract service charge, tax and a green tax per person per night. Our prices show what is included, and we list any fee payable at the resort.</p>
<p>Tell us your budget and travel dates, and we will shortlist three resorts that fit.</p>`,
  },
  {
    slug: 'kashmir-in-winter',
    pageName: 'home',
    title: 'Kashmir in Winter: Gulmarg Snow, Frozen Mornings and Warm Kahwa',
    excerpt:
      'Why December to March is a magical time in the Kashmir valley, and how to plan a comfortable snow holiday.',
    image: '/images/blog/blog-4',
    author: 'Imran Lone',
    publishedAt: new Date('2026-10-06T04:30:00Z'),
    body: `<p>Summer is the busiest season in Kashmir, but winter has a magic of its own. From late December the valley turns white, Gulmarg becomes one of Asia's most exciting ski resorts, and evenings are spent around a kangri with cups of saffron kahwa.</p>
<h2>What to expect</h2>
<p>Daytime temperatures in Srinagar hover around freezing in January and drop well below at night. Gulmarg, at 2,650 metres, is colder still, with deep snow from January to early March. Roads are cleared quickly after snowfall, but journeys can take longer than in summer.</p>
<h2>Things to do</h2>
<ul>
<li>Ride the Gulmarg Gondola to Kongdori and, when it is open, all the way up to Apharwat.</li>
<li>Take ski or snowboard lessons on the nursery slopes; equipment is easy to rent locally.</li>
<li>Try a sledge ride, snowshoeing or a snowmobile ride if skiing is not for you.</li>
<li>Take a shikara ride on Dal Lake on a still winter morning.</li>
<li>Warm up with harissa, a slow-cooked mutton dish sold in Srinagar's old city only in winter.</li>
</ul>
<h2>Staying warm</h2>
<p>Our winter hotels and houseboats are chosen for their heating, with electric blankets or central heating. Pack thermals, woollen socks, waterproof boots and gloves; heavier jackets and snow boots can be rented in Gulmarg.</p>
<h2>Getting there</h2>
<p>Srinagar airport has direct flights from Delhi, Mumbai and several other cities, with onward connections from the UAE. Occasionally flights are delayed by fog or snow, so we recommend a flexible last day.</p>
<h2>Is it safe to drive in the snow?</h2>
<p>We use experienced local drivers and 4x4 vehicles with snow chains for the Gulmarg road. If conditions are poor, we adjust the plan on the day.</p>
<p>Our Gulmarg Snow and Ski Adventure and Kashmir family holidays run all winter.</p>`,
  },
  {
    slug: 'first-time-in-bali',
    pageName: 'holidays',
    title: 'First Time in Bali? How to Split Your Days Between Ubud and the Coast',
    excerpt:
      'Rice terraces or beach clubs? Most first-timers want both. Here is how to divide a week in Bali without wasting hours in traffic.',
    image: '/images/blog/blog-5',
    author: 'Ritika Menon',
    publishedAt: new Date('2026-05-21T06:00:00Z'),
    body: `<p>Bali is bigger than it looks on the map, and traffic in the south can be slow. The secret to a great first trip is choosing two bases and sticking to them.</p>
<h2>Base one: Ubud, for culture and nature</h2>
<p>Ubud sits in the green hills about an hour and a half from the airport. Stay here for three or four nights to explore:</p>
<ul>
<li>The Tegallalang Rice Terraces, best before 9 am.</li>
<li>The Sacred Monkey Forest Sanctuary and the Ubud Art Market.</li>
<li>Tirta Empul water temple and the coffee plantations on the way to Kintamani.</li>
<li>A sunrise trek up Mount Batur for the adventurous.</li>
<li>A Balinese cooking class or a traditional dance performance in the evening.</li>
</ul>
<h2>Base two: the coast, for sea and sunsets</h2>
<p>Choose your coastal base to match your style:</p>
<ul>
<li>Seminyak for boutique shopping, restaurants and beach clubs.</li>
<li>Nusa Dua for calm beaches and big family resorts.</li>
<li>Uluwatu and Jimbaran for cliffs, surf and seafood dinners on the sand.</li>
</ul>
<p>From the coast, visit Tanah Lot at sunset, watch the Kecak fire dance at Uluwatu and take a fast boat to Nusa Penida for a day.</p>
<h2>How long?</h2>
<p>Six or seven nights is ideal: three or four in Ubud and three on the coast. With only five nights, stay in one place and take day trips.</p>
<h2>Practical tips</h2>
<ul>
<li>A private driver for the day is affordable and far easier than taxis.</li>
<li>Carry a sarong for temple visits; most tours provide one.</li>
<li>The dry season runs from April to October; the wet season brings short, heavy afternoon showers.</li>
<li>Budget for the Bali tourist levy, paid once per visitor.</li>
</ul>
<p>Our Bali honeymoon and culture packages follow exactly this split, with private pool villas in both bases.</p>`,
  },
  {
    slug: 'switzerland-packing-list',
    pageName: 'home',
    title: 'What to Pack for Switzerland in Summer and Winter',
    excerpt:
      'Glaciers in July, snowfields in January and trains all year: a practical packing list for a Swiss holiday in any season.',
    image: '/images/blog/blog-6',
    author: 'Nadia Khoury',
    publishedAt: new Date('2026-07-08T05:30:00Z'),
    body: `<p>A single day in Switzerland can take you from a warm lakeside promenade in Lucerne to the icy plateau of the Jungfraujoch at 3,454 metres. Packing in layers is the key, whatever the month.</p>
<h2>For every season</h2>
<ul>
<li>Comfortable walking shoes with good grip: you will walk more than you expect.</li>
<li>A light waterproof jacket; mountain weather changes quickly.</li>
<li>Sunglasses and high-factor sunscreen, even in winter, as the sun is strong on snow.</li>
<li>A small backpack for day trips, with a refillable water bottle. Tap water is excellent everywhere.</li>
<li>A Swiss plug adaptor (type J); many European plugs fit, but not all.</li>
</ul>
<h2>Summer (June to September)</h2>
<p>Valley days are warm, often in the mid-twenties, but it can be close to freezing on the summits.</p>
<ul>
<li>T-shirts and a warm fleece or down jacket for the high excursions.</li>
<li>Swimwear for the lakes and hotel spas.</li>
<li>Light trousers for hiking around Grindelwald or Zermatt.</li>
</ul>
<h2>Winter (December to March)</h2>
<p>Expect snow in the mountain villages and temperatures below zero in the evenings.</p>
<ul>
<li>Thermal base layers, a warm hat, gloves and a scarf.</li>
<li>Waterproof, insulated boots with good tread for icy streets.</li>
<li>A proper winter coat; ski clothing can be rented in resorts if you plan to ski.</li>
</ul>
<h2>Travelling light on the trains</h2>
<p>Swiss trains have luggage racks, but changing trains with big suitcases is hard work. Choose one medium case per person, or use luggage forwarding between hotels, which is included on our luxury rail journey.</p>
<h2>Documents</h2>
<p>Carry your passport with your Schengen visa, travel insurance details and your Swiss Travel Pass, on paper or in the SBB app. We send everything in one itinerary booklet before you travel.</p>`,
  },
];
