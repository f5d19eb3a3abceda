/**
 * The demo agency's three client sites: who they are, what they write about,
 * the partner sites their articles link to, and where their backlinks come
 * from. Every domain is under `.example`, so no real business is named.
 */
export interface DemoPartner {
  name: string;
  url: string;
  anchors: string[];
}

export interface DemoSiteProfile {
  ref: string;
  name: string;
  websiteUrl: string;
  language: string;
  country: string;
  geographicScope: 'local' | 'national';
  industry: string;
  city: string;
  articleCount: number;
  backlinkCount: number;
  /** Share of backlinks in the `local` category; the rest are `industry`. */
  localShare: number;
  servicePages: string[];
  /** Target keywords, each the subject of one or more articles. */
  keywords: string[];
  /** Title patterns; `{k}` is the keyword, `{K}` the same capitalised, `{city}` the city. */
  titles: string[];
  headings: string[];
  sentences: string[];
  tips: string[];
  partners: DemoPartner[];
  industryDomains: string[];
  localDomains: string[];
}

const SHARED_TITLES = [
  '{K}: a complete guide',
  'How much does {k} cost in {city}?',
  '{K} explained in plain English',
  '7 mistakes to avoid with {k}',
  'What to ask before booking {k}',
  '{K}: what we learned from 500 customers',
  'Is {k} worth it? An honest answer',
  'A beginner’s checklist for {k}',
];

const SHARED_HEADINGS = [
  'Why it matters',
  'What to look out for',
  'How we approach it',
  'A quick checklist',
  'Costs and timing',
  'When to call a professional',
  'What our customers ask most',
];

export const DEMO_SITES: DemoSiteProfile[] = [
  {
    ref: 'harbour-plumbing',
    name: 'Harbour Plumbing & Heating',
    websiteUrl: 'https://harbour-plumbing.example',
    language: 'en',
    country: 'GB',
    geographicScope: 'local',
    industry: 'Home services',
    city: 'Bristol',
    articleCount: 52,
    backlinkCount: 880,
    localShare: 0.6,
    servicePages: ['/boiler-repair', '/emergency-plumber', '/bathroom-installation', '/contact'],
    keywords: [
      'boiler repair',
      'bleed a radiator',
      'combi boiler installation',
      'emergency plumber',
      'low water pressure',
      'blocked drain',
      'power flushing',
      'underfloor heating',
      'leaking tap',
      'annual boiler service',
      'frozen pipes',
      'smart thermostat',
      'bathroom installation',
      'heat pump',
    ],
    titles: [
      ...SHARED_TITLES,
      'Why is my boiler losing pressure?',
      'Winter-proofing your home: {k}',
      '{K} in {city}: prices, timings and tips',
    ],
    headings: [...SHARED_HEADINGS, 'Safety first', 'Keeping your heating efficient'],
    sentences: [
      'Most heating problems start small and get expensive when they are ignored through the winter.',
      'A Gas Safe registered engineer should check any appliance that burns gas at least once a year.',
      'In older {city} terraces the pipework is often a mix of copper, lead and plastic, which changes how we work.',
      'Bleeding your radiators takes ten minutes and can noticeably cut your heating bill.',
      'If the pressure gauge on your boiler drops below one bar, the system will usually lock out.',
      'We always quote a fixed price before starting, so there are no surprises on the invoice.',
      'Limescale is the main enemy of boilers and kettles alike in the South West.',
      'A power flush clears the sludge that builds up in radiators over years of use.',
      'Smart thermostats learn your routine and only heat the rooms you actually use.',
      'Frozen condensate pipes are the most common reason for a boiler breakdown in a cold snap.',
      'Our engineers carry the most common parts, so most repairs are finished on the first visit.',
      'Underfloor heating works best with a well-insulated floor and a low flow temperature.',
      'A dripping tap can waste more than five thousand litres of water a year.',
      'Heat pumps are quieter and more efficient than most people expect.',
      'Keep the number of a reliable {k} specialist somewhere you can find it at two in the morning.',
      'Every job we finish comes with a written guarantee on parts and labour.',
      'Landlords in {city} must keep a valid gas safety certificate for every property they let.',
      'Small leaks under the sink often show up first as a musty smell or a swollen cupboard base.',
    ],
    tips: [
      'Check the boiler pressure gauge once a month',
      'Lag exposed pipes in the loft and garage',
      'Know where your stopcock is before you need it',
      'Book the annual service before the first cold week',
      'Keep receipts and certificates in one folder',
      'Turn radiator valves fully once a season so they do not seize',
    ],
    partners: [
      {
        name: 'Bristol Bathroom Fitters',
        url: 'https://bristol-bathrooms.example',
        anchors: ['bathroom fitters in Bristol', 'Bristol Bathroom Fitters'],
      },
      {
        name: 'EcoHeat Pumps',
        url: 'https://ecoheat-pumps.example/air-source',
        anchors: ['air source heat pump installers', 'EcoHeat Pumps'],
      },
      {
        name: 'West Country Energy Advice',
        url: 'https://westcountry-energy.example/grants',
        anchors: ['heating grants for homeowners', 'free energy advice'],
      },
      {
        name: 'Avon Damp Proofing',
        url: 'https://avon-damp.example',
        anchors: ['damp proofing specialists', 'Avon Damp Proofing'],
      },
    ],
    industryDomains: [
      'heatingandplumbing-monthly.example',
      'installer-news.example',
      'boilerguide.example',
      'plumbworld-forum.example',
      'greenhome-hub.example',
      'trade-directory.example',
      'homeimprovement-today.example',
      'energy-saving-tips.example',
      'diyanswers.example',
      'propertyhub-uk.example',
      'renovation-weekly.example',
      'hvac-insider.example',
    ],
    localDomains: [
      'bristol-post.example',
      'bristol-business-directory.example',
      'clifton-community.example',
      'southwest-trades.example',
      'bedminster-life.example',
      'bristol247-news.example',
      'avon-chamber.example',
      'local-heroes-bristol.example',
      'redland-residents.example',
      'westcountry-living.example',
    ],
  },
  {
    ref: 'summit-outfitters',
    name: 'Summit Trail Outfitters',
    websiteUrl: 'https://summit-outfitters.example',
    language: 'en',
    country: 'US',
    geographicScope: 'national',
    industry: 'Outdoor retail',
    city: 'Denver',
    articleCount: 54,
    backlinkCount: 700,
    localShare: 0.25,
    servicePages: ['/shop/tents', '/shop/backpacks', '/shop/footwear', '/rentals'],
    keywords: [
      'ultralight backpacking tent',
      'hiking boots',
      'trail running shoes',
      'backpacking stove',
      'sleeping bag temperature rating',
      'layering for winter hiking',
      'water filter',
      'trekking poles',
      'bear canister',
      'fourteener hiking',
      'camping checklist',
      'rain jacket',
      'altitude sickness',
      'backpack fitting',
    ],
    titles: [
      ...SHARED_TITLES,
      'The best {k} for Colorado trails',
      'Gear test: {k} after 300 miles',
      'How to choose {k} without overspending',
    ],
    headings: [...SHARED_HEADINGS, 'What we pack', 'Field notes from the trail'],
    sentences: [
      'Weather above the treeline can turn in twenty minutes, so plan to be off the summit by noon.',
      'Every ounce matters after the tenth mile, but comfort matters more after the tenth day.',
      'Our staff test the gear we sell on real trips before it goes on the shelf.',
      'A good fit beats a famous brand every time, especially with boots and backpacks.',
      'Cotton stays wet and cold; merino and synthetics dry while you walk.',
      'A temperature rating tells you where a sleeping bag keeps you alive, not where it keeps you comfortable.',
      'Hydration is the simplest way to reduce the effects of altitude.',
      'Leave No Trace principles keep popular trails open for the next hiker.',
      'Trekking poles take real strain off your knees on long descents.',
      'We offer free fittings in store and by video call for online orders.',
      'Break in new boots on short walks before you take them on a big trip.',
      'A lighter pack lets you cover more miles with less fatigue.',
      'Bear canisters are required in a growing number of national forests.',
      'Check the forecast, then check it again at the trailhead.',
      'The right {k} depends on the season, the terrain and how you like to travel.',
      'Returns are free for ninety days, even if the gear has been used outside.',
      'Around {city}, the shoulder seasons are the best time to find quiet trails.',
      'Repairing gear is cheaper and greener than replacing it, and we can show you how.',
    ],
    tips: [
      'Tell someone your route and expected return time',
      'Pack the ten essentials on every hike',
      'Start early to avoid afternoon storms',
      'Test new gear in the backyard first',
      'Carry more water than you think you need',
      'Re-waterproof your jacket every season',
    ],
    partners: [
      {
        name: 'Rocky Mountain Guides Co.',
        url: 'https://rockymountain-guides.example/tours',
        anchors: ['guided fourteener hikes', 'Rocky Mountain Guides Co.'],
      },
      {
        name: 'TrailFuel Nutrition',
        url: 'https://trailfuel.example',
        anchors: ['lightweight trail meals', 'TrailFuel'],
      },
      {
        name: 'Peak Physio Denver',
        url: 'https://peakphysio-denver.example',
        anchors: ['sports physiotherapy in Denver', 'Peak Physio'],
      },
      {
        name: 'Backcountry Maps',
        url: 'https://backcountry-maps.example/colorado',
        anchors: ['Colorado trail maps', 'offline hiking maps'],
      },
    ],
    industryDomains: [
      'outdoorgearlab-review.example',
      'backpacker-journal.example',
      'trailrunner-mag.example',
      'hikingproject-forum.example',
      'ultralight-community.example',
      'campingworld-blog.example',
      'outdoor-retailer-news.example',
      'thru-hiker-diaries.example',
      'gear-deals-daily.example',
      'mountain-safety.example',
      'adventure-journal.example',
      'sectionhiker-notes.example',
    ],
    localDomains: [
      'denver-post-outdoors.example',
      'colorado-trails-club.example',
      'boulder-weekly.example',
      'denver-business-journal.example',
      'front-range-hikers.example',
      'visit-denver.example',
    ],
  },
  {
    ref: 'bright-smile-dental',
    name: 'Bright Smile Dental Studio',
    websiteUrl: 'https://brightsmile-dental.example',
    language: 'en',
    country: 'AU',
    geographicScope: 'local',
    industry: 'Dental care',
    city: 'Melbourne',
    articleCount: 46,
    backlinkCount: 460,
    localShare: 0.65,
    servicePages: ['/teeth-whitening', '/invisalign', '/emergency-dentist', '/book-online'],
    keywords: [
      'teeth whitening',
      'invisalign',
      'dental implants',
      'emergency dentist',
      'children’s dental check-up',
      'root canal treatment',
      'gum disease',
      'dental anxiety',
      'wisdom teeth removal',
      'porcelain veneers',
      'sensitive teeth',
      'mouthguards for sport',
    ],
    titles: [
      ...SHARED_TITLES,
      'What happens during {k}?',
      '{K} in {city}: what Medicare and health funds cover',
    ],
    headings: [...SHARED_HEADINGS, 'What to expect at your visit', 'Aftercare at home'],
    sentences: [
      'Regular check-ups catch most problems while they are still quick and inexpensive to treat.',
      'Our {city} studio offers early morning and Saturday appointments for busy families.',
      'Whitening works best on healthy teeth, so we always start with an examination.',
      'Clear aligners are nearly invisible and can be removed for meals.',
      'Bleeding gums are an early sign of gum disease and are usually reversible.',
      'Many patients feel nervous about the dentist, and we take the time to explain every step.',
      'A custom mouthguard protects teeth far better than a boil-and-bite one from the chemist.',
      'Most private health funds cover part of a preventive visit.',
      'Implants replace the root as well as the tooth, which keeps the jawbone healthy.',
      'Sensitive teeth often respond well to a change of toothpaste and brushing technique.',
      'Children should have their first dental visit by the age of two.',
      'Modern root canal treatment is usually no more uncomfortable than a filling.',
      'We send a written treatment plan and quote before any major work begins.',
      'Sugary drinks between meals do more damage than the same sugar eaten with food.',
      'If you are considering {k}, a short consultation will tell you whether it suits you.',
      'Emergency appointments are kept free every day for patients in pain.',
    ],
    tips: [
      'Brush twice a day for two minutes',
      'Floss or use interdental brushes daily',
      'Book a check-up and clean every six months',
      'Replace your toothbrush every three months',
      'Wear a mouthguard for contact sports',
      'Drink tap water: it contains fluoride',
    ],
    partners: [
      {
        name: 'Melbourne Orthodontic Centre',
        url: 'https://melbourne-ortho.example',
        anchors: ['orthodontists in Melbourne', 'Melbourne Orthodontic Centre'],
      },
      {
        name: 'Little Teeth Paediatric Dental',
        url: 'https://littleteeth.example/first-visit',
        anchors: ['paediatric dentist', 'Little Teeth'],
      },
      {
        name: 'Calm Mind Psychology',
        url: 'https://calmmind-psychology.example/dental-phobia',
        anchors: ['help with dental phobia', 'Calm Mind Psychology'],
      },
    ],
    industryDomains: [
      'dental-tribune-au.example',
      'oral-health-today.example',
      'smile-guide.example',
      'dentistry-online.example',
      'health-fund-compare.example',
      'aesthetic-dentistry-news.example',
      'family-health-blog.example',
      'orthodontic-review.example',
    ],
    localDomains: [
      'melbourne-age-local.example',
      'fitzroy-community.example',
      'melbourne-mums.example',
      'brunswick-business.example',
      'visit-victoria-health.example',
      'stkilda-news.example',
      'northcote-locals.example',
    ],
  },
];
