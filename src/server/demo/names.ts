// Word lists for the seed: cities, venue and hall names, event titles. German for a German
// speaking partner, British English otherwise. Artists, bands, comedians and teams are invented;
// plays, operas, ballets and classical works are long in the public domain.
import type { Rng } from './random';

export type Language = 'de' | 'en';

/** What a hall is built for; decides which categories play there and its price categories. */
export type HallKind = 'arena' | 'concert_hall' | 'theatre' | 'club' | 'civic' | 'open_air';

export interface City {
  name: string;
  /** German attributive form ("Kölner"), used in venue names; absent for English cities. */
  adjective?: string;
  /** `location` of a venue: region and country. */
  region: string;
  country: string;
  /** Postal code prefixes of the city (German PLZ leading digits, UK outward code area). */
  postcodePrefixes: string[];
}

const DE = 'Deutschland';
const UK = 'United Kingdom';

const CITIES: Record<Language, City[]> = {
  de: [
    { name: 'Köln', adjective: 'Kölner', region: 'Nordrhein-Westfalen', country: DE, postcodePrefixes: ['50', '51'] },
    { name: 'Düsseldorf', adjective: 'Düsseldorfer', region: 'Nordrhein-Westfalen', country: DE, postcodePrefixes: ['40'] },
    { name: 'Dortmund', adjective: 'Dortmunder', region: 'Nordrhein-Westfalen', country: DE, postcodePrefixes: ['44'] },
    { name: 'Essen', adjective: 'Essener', region: 'Nordrhein-Westfalen', country: DE, postcodePrefixes: ['45'] },
    { name: 'Bonn', adjective: 'Bonner', region: 'Nordrhein-Westfalen', country: DE, postcodePrefixes: ['53'] },
    { name: 'Hamburg', adjective: 'Hamburger', region: 'Hamburg', country: DE, postcodePrefixes: ['20', '21', '22'] },
    { name: 'Bremen', adjective: 'Bremer', region: 'Bremen', country: DE, postcodePrefixes: ['28'] },
    { name: 'Berlin', adjective: 'Berliner', region: 'Berlin', country: DE, postcodePrefixes: ['10', '12', '13'] },
    { name: 'Leipzig', adjective: 'Leipziger', region: 'Sachsen', country: DE, postcodePrefixes: ['04'] },
    { name: 'Dresden', adjective: 'Dresdner', region: 'Sachsen', country: DE, postcodePrefixes: ['01'] },
    { name: 'München', adjective: 'Münchner', region: 'Bayern', country: DE, postcodePrefixes: ['80', '81'] },
    { name: 'Nürnberg', adjective: 'Nürnberger', region: 'Bayern', country: DE, postcodePrefixes: ['90'] },
    { name: 'Stuttgart', adjective: 'Stuttgarter', region: 'Baden-Württemberg', country: DE, postcodePrefixes: ['70'] },
    { name: 'Mannheim', adjective: 'Mannheimer', region: 'Baden-Württemberg', country: DE, postcodePrefixes: ['68'] },
    { name: 'Frankfurt am Main', adjective: 'Frankfurter', region: 'Hessen', country: DE, postcodePrefixes: ['60'] },
  ],
  en: [
    { name: 'London', region: 'Greater London', country: UK, postcodePrefixes: ['N', 'E', 'SE', 'SW', 'W', 'NW'] },
    { name: 'Manchester', region: 'North West England', country: UK, postcodePrefixes: ['M'] },
    { name: 'Liverpool', region: 'North West England', country: UK, postcodePrefixes: ['L'] },
    { name: 'Birmingham', region: 'West Midlands', country: UK, postcodePrefixes: ['B'] },
    { name: 'Nottingham', region: 'East Midlands', country: UK, postcodePrefixes: ['NG'] },
    { name: 'Leeds', region: 'Yorkshire and the Humber', country: UK, postcodePrefixes: ['LS'] },
    { name: 'Sheffield', region: 'Yorkshire and the Humber', country: UK, postcodePrefixes: ['S'] },
    { name: 'Newcastle upon Tyne', region: 'North East England', country: UK, postcodePrefixes: ['NE'] },
    { name: 'Bristol', region: 'South West England', country: UK, postcodePrefixes: ['BS'] },
    { name: 'Glasgow', region: 'Scotland', country: UK, postcodePrefixes: ['G'] },
    { name: 'Edinburgh', region: 'Scotland', country: UK, postcodePrefixes: ['EH'] },
    { name: 'Cardiff', region: 'Wales', country: UK, postcodePrefixes: ['CF'] },
  ],
};

export function citiesFor(language: Language): readonly City[] {
  return CITIES[language];
}

/** A postal code in the city: German PLZ (5 digits) or a UK postcode ("M14 4BT"). */
export function postcodeIn(rng: Rng, city: City, language: Language): string {
  const prefix = rng.pick(city.postcodePrefixes);
  if (language === 'de') {
    let code = prefix;
    while (code.length < 5) code += String(rng.int(0, 9));
    return code;
  }
  const letters = 'ABDEFGHJLNPQRSTUWXYZ'; // the letters UK inward codes use
  return `${prefix}${rng.int(1, 20)} ${rng.int(0, 9)}${rng.pick([...letters])}${rng.pick([...letters])}`;
}

const cityAdj = (city: City) => city.adjective ?? city.name;

const VENUE_NAMES: Record<Language, Record<HallKind, ((c: City) => string)[]>> = {
  de: {
    arena: [(c) => `${cityAdj(c)} Arena`, (c) => `Arena ${c.name}`, (c) => `Festhalle ${c.name}`],
    concert_hall: [(c) => `Philharmonie ${c.name}`, (c) => `Konzerthaus ${c.name}`, (c) => `${cityAdj(c)} Tonhalle`],
    theatre: [(c) => `Staatstheater ${c.name}`, (c) => `Opernhaus ${c.name}`, (c) => `${cityAdj(c)} Stadttheater`],
    club: [(c) => `Kulturfabrik ${c.name}`, (c) => `Kesselhaus ${c.name}`, (c) => `Live Music Hall ${c.name}`],
    civic: [(c) => `${cityAdj(c)} Stadthalle`, (c) => `Kongresshalle ${c.name}`, (c) => `Stadthalle ${c.name}`],
    open_air: [(c) => `Freilichtbühne ${c.name}`, (c) => `Parkbühne ${c.name}`, (c) => `Amphitheater ${c.name}`],
  },
  en: {
    arena: [(c) => `${c.name} Arena`, (c) => `The ${c.name} Dome`],
    concert_hall: [(c) => `${c.name} Symphony Hall`, (c) => `Royal ${c.name} Concert Hall`, (c) => `${c.name} Philharmonic Hall`],
    theatre: [(c) => `Theatre Royal ${c.name}`, (c) => `${c.name} Playhouse`, (c) => `${c.name} Grand Theatre`],
    club: [() => 'The Engine Rooms', () => 'The Lantern', () => 'The Foundry'],
    civic: [(c) => `${c.name} Town Hall`, (c) => `${c.name} Corn Exchange`, (c) => `${c.name} Guildhall`],
    open_air: [(c) => `${c.name} Park Bowl`, (c) => `Riverside Stage ${c.name}`],
  },
};

export function venueName(rng: Rng, kind: HallKind, city: City, language: Language): string {
  return rng.pick(VENUE_NAMES[language][kind])(city);
}

/** Hall names by kind, largest hall first (catalog-plan pairs them with capacities by index). */
export const HALL_NAMES: Record<Language, Record<HallKind, string[]>> = {
  de: {
    arena: ['Arena', 'Halle 2'],
    concert_hall: ['Großer Saal', 'Kammermusiksaal', 'Foyerbühne'],
    theatre: ['Großes Haus', 'Kleines Haus', 'Studiobühne'],
    club: ['Saal', 'Club'],
    civic: ['Großer Saal', 'Kleiner Saal'],
    open_air: ['Freilichtbühne'],
  },
  en: {
    arena: ['Main Arena', 'Hall 2'],
    concert_hall: ['Main Hall', 'Recital Room', 'Foyer Stage'],
    theatre: ['Main Stage', 'Studio', 'The Attic'],
    club: ['Main Room', 'Basement'],
    civic: ['Great Hall', 'Assembly Room'],
    open_air: ['Open Air Stage'],
  },
};

/** Named seat categories for theatres (spec 1 §3: price_category is numeric or a name). */
export const NAMED_PRICE_CATEGORIES: Record<Language, { small: string[]; large: string[] }> = {
  de: { small: ['Loge', 'Parkett', 'Rang'], large: ['Loge', 'Parkett', '1. Rang', '2. Rang'] },
  en: { small: ['Box', 'Stalls', 'Circle'], large: ['Box', 'Stalls', 'Dress Circle', 'Upper Circle'] },
};

// ---------------------------------------------------------------- event titles

export type Lists = Record<Language, string[]>;

export const ARTISTS: Lists = {
  de: ['Lena Falk', 'Die Kapitäne', 'Nordlicht', 'Kaltfront', 'Jonas Brenner', 'Mia Sonnenfeld', 'Elbstrand',
    'Fernweh Kollektiv', 'Paul Adler & Band', 'Sternfahrt', 'Hafenkinder', 'Marie Lindqvist', 'Die Nachtfalter',
    'Kopfkino', 'Jan Wolters', 'Wellenbrecher', 'Sophie Hartmann', 'Neonwald', 'Karla Roth Quartett', 'Funkhaus Allstars'],
  en: ['The Lamplighters', 'Ella Marsh', 'Northern Static', 'Sam Whitlock', 'Ivy & The Lanterns', 'Tom Ashby',
    'Cold Harbour', 'Velvet Meridian', 'Rosie Kane', 'The Wandering Hours', 'Glass Avenue', 'Oliver Dunn', 'Saltmarsh',
    'Daisy Holt', 'The Copper Kettles', 'Maya Ferris Trio', 'Brightside Brass', 'Jude Calloway', 'Low Tide', 'Kestrel'],
};
const TOURS: Lists = {
  de: ['Nachtlichter', 'Zwischen den Zeilen', 'Heimweh', 'Auf Sicht', 'Ohne Netz', 'Lauter Leise', 'Sternenstaub',
    'Unterwegs', 'Alles auf Anfang', 'Gegenwind'],
  en: ['Night Lights', 'Between the Lines', 'Homeward', 'Full Circle', 'No Safety Net', 'Loud & Quiet', 'Stardust',
    'On the Road Again', 'Back to the Start', 'Headwind'],
};
export const ENSEMBLES: Lists = {
  de: ['Rheinische Philharmonie', 'Kammerorchester Elbe', 'Nordwestdeutsche Sinfonietta', 'Ensemble Aurora',
    'Quartetto Lumen', 'Landesjugendorchester', 'Barockensemble Il Gusto', 'Städtisches Sinfonieorchester'],
  en: ['Northern Philharmonic', 'Riverside Chamber Orchestra', 'Albion Sinfonia', 'Ensemble Aurora', 'Lumen Quartet',
    'National Youth Strings', 'Il Gusto Baroque', 'City Symphony Orchestra'],
};
const WORKS: Lists = {
  de: ['Beethoven: Sinfonie Nr. 9', 'Brahms: Violinkonzert', 'Mahler: Sinfonie Nr. 5', 'Mozart: Requiem',
    'Bach: Weihnachtsoratorium', 'Dvořák: Aus der Neuen Welt', 'Tschaikowsky: Klavierkonzert Nr. 1',
    'Schubert: Die Unvollendete', 'Bruckner: Sinfonie Nr. 7', 'Vivaldi: Die vier Jahreszeiten', 'Haydn: Die Schöpfung',
    'Rachmaninow: Klavierkonzert Nr. 2', 'Sibelius: Violinkonzert', 'Schumann: Rheinische Sinfonie',
    'Mendelssohn: Ein Sommernachtstraum', 'Bach: Matthäus-Passion'],
  en: ['Beethoven: Symphony No. 9', 'Brahms: Violin Concerto', 'Mahler: Symphony No. 5', 'Mozart: Requiem',
    'Bach: Christmas Oratorio', 'Dvořák: From the New World', 'Tchaikovsky: Piano Concerto No. 1',
    'Schubert: Unfinished Symphony', 'Bruckner: Symphony No. 7', 'Vivaldi: The Four Seasons', 'Haydn: The Creation',
    'Rachmaninoff: Piano Concerto No. 2', 'Sibelius: Violin Concerto', 'Schumann: Rhenish Symphony',
    'Mendelssohn: A Midsummer Night\'s Dream', 'Handel: Messiah'],
};
const PLAYS: Lists = {
  de: ['Faust I', 'Nathan der Weise', 'Der zerbrochne Krug', 'Kabale und Liebe', 'Woyzeck', 'Die Räuber',
    'Maria Stuart', 'Romeo und Julia', 'Hamlet', 'Ein Sommernachtstraum', 'Der Revisor', 'Onkel Wanja',
    'Der eingebildete Kranke', 'Minna von Barnhelm', 'Emilia Galotti', 'Was ihr wollt'],
  en: ['Hamlet', 'Macbeth', 'Twelfth Night', 'The Importance of Being Earnest', 'Pygmalion', 'A Doll\'s House',
    'Uncle Vanya', 'The Seagull', 'She Stoops to Conquer', 'The Rivals', 'Much Ado About Nothing', 'King Lear',
    'An Ideal Husband', 'The Cherry Orchard', 'Hedda Gabler', 'The Tempest'],
};
const MUSICALS: Lists = {
  de: ['Hafenliebe – Das Musical', 'Der Zauberer von Oz – Das Musical', 'Die drei Musketiere – Das Musical',
    'Mondscheinexpress', 'Wunderland – Alice im Musical', 'Grand Hotel Elbblick', 'Sternenfänger', 'Im weißen Rößl'],
  en: ['Harbour Hearts', 'The Wizard of Oz', 'The Three Musketeers – The Musical', 'Moonlight Express',
    'Wonderland – Alice the Musical', 'The Grand Hotel Riviera', 'Star Catcher', 'The Pirates of Penzance'],
};
export const COMEDIANS: Lists = {
  de: ['Timo Krämer', 'Anke Brandt', 'Murat Yilmaz', 'Lisa Feldmann', 'Ingo Pfeiffer', 'Hanna Lorenz', 'Der Olli',
    'Kai Jansen'],
  en: ['Jack Morley', 'Priya Shah', 'Dan Coulter', 'Holly Price', 'Gareth Pugh', 'Niamh Byrne', 'Big Steve',
    'Ravi Mehta'],
};
const COMEDY_SHOWS: Lists = {
  de: ['Alles halb so wild', 'Mir doch egal', 'Das ist keine Satire', 'Jetzt erst recht', 'Auf Anfang', 'Ausverkauft!',
    'Heimatkunde', 'Nicht so laut'],
  en: ['No Refunds', 'Don\'t Tell My Mum', 'Work in Progress', 'Overthinking It', 'Bits and Pieces', 'Sold Out!',
    'Local Knowledge', 'Keep It Down'],
};
const OPERAS: Lists = {
  de: ['La Traviata', 'Carmen', 'Tosca', 'La Bohème', 'Madama Butterfly', 'Rigoletto', 'Aida', 'Don Giovanni',
    'Fidelio', 'Der Freischütz', 'Die Zauberflöte', 'Hänsel und Gretel', 'Der fliegende Holländer',
    'Le nozze di Figaro', 'Lohengrin', 'Il barbiere di Siviglia'],
  en: ['La Traviata', 'Carmen', 'Tosca', 'La Bohème', 'Madama Butterfly', 'Rigoletto', 'Aida', 'Don Giovanni',
    'Fidelio', 'Der Freischütz', 'The Magic Flute', 'Hansel and Gretel', 'The Flying Dutchman',
    'The Marriage of Figaro', 'Lohengrin', 'The Barber of Seville'],
};
const BALLETS: Lists = {
  de: ['Schwanensee', 'Der Nussknacker', 'Giselle', 'Romeo und Julia – Ballett', 'Dornröschen',
    'Le Sacre du printemps', 'Tanzabend: Grenzgänger', 'Compagnie Fluxus: Atem'],
  en: ['Swan Lake', 'The Nutcracker', 'Giselle', 'Romeo and Juliet – Ballet', 'The Sleeping Beauty',
    'The Rite of Spring', 'Dance Night: Borderlands', 'Fluxus Dance Company: Breath'],
};
const TEAM_MASCOTS: Lists = {
  de: ['Löwen', 'Baskets', 'Falken', 'Tigers', 'Giants', 'Rhinos', 'Eisbären', 'Wölfe'],
  en: ['Lions', 'Giants', 'Falcons', 'Tigers', 'Rhinos', 'Wolves', 'Storm', 'Rockets'],
};
const SPORT_SPECIALS: Lists = {
  de: ['Fight Night', 'Hallenfußball-Masters', 'Tischtennis Grand Prix', 'Darts Gala'],
  en: ['Fight Night', 'Darts Masters', 'Indoor Tennis Classic', 'Snooker Showdown'],
};
const FESTIVALS: Lists = {
  de: ['Sommerklang Festival', 'Elbufer Open Air', 'Jazztage', 'Kulturnacht', 'Lichterfest Open Air', 'Rock am Fluss'],
  en: ['Summer Sounds Festival', 'Riverside Open Air', 'Jazz Weekend', 'Culture Night', 'Lantern Festival',
    'Rock by the River'],
};
const KIDS_SHOWS: Lists = {
  de: ['Paula und die Piraten', 'Kasper und der Zauberwald', 'Leo Löwe sucht den Mond', 'Das große Mitmach-Konzert',
    'Der kleine Drache Funkel', 'Die Bremer Stadtmusikanten', 'Rotkäppchen – Musical für Kinder'],
  en: ['Polly and the Pirates', 'Punch and the Enchanted Forest', 'Leo the Lion Looks for the Moon',
    'The Big Sing-Along Concert', 'Sparky the Little Dragon', 'The Town Musicians of Bremen',
    'Little Red Riding Hood – A Musical for Kids'],
};
const UNCATEGORIZED: Lists = {
  de: ['Tag der offenen Tür', 'Sonderveranstaltung', 'Lesung: Stimmen der Stadt', 'Benefizgala',
    'Podiumsdiskussion Kultur', 'Filmabend mit Live-Musik'],
  en: ['Open House', 'Special Event', 'Reading: Voices of the City', 'Charity Gala', 'Panel: Culture in the City',
    'Film Night with Live Score'],
};

/** The categories a generated show can have (the seed's own taxonomy; see catalog-plan). */
export type ShowCategory =
  | 'concert' | 'classical' | 'theatre' | 'musical' | 'comedy' | 'opera' | 'dance' | 'sports' | 'festival' | 'kids'
  | 'uncategorized';

/** Title of a production: one show that may play on several dates (a run keeps its title). */
export function showTitle(rng: Rng, category: ShowCategory, language: Language, year: number, city: City): string {
  const l = language;
  switch (category) {
    case 'concert': {
      const artist = rng.pick(ARTISTS[l]);
      const tour = rng.pick(TOURS[l]);
      return rng.weighted<string>([
        [`${artist} – ${tour} Tour ${year}`, 4],
        [`${artist} live`, 2],
        [`${artist}: ${tour}`, 2],
        [`${artist} – Unplugged`, 1],
      ]);
    }
    case 'classical': {
      const work = rng.pick(WORKS[l]);
      const n = rng.int(1, 10);
      const series = l === 'de' ? `${n}. Sinfoniekonzert` : `Season Concert ${n}`;
      return rng.chance(0.4) ? `${series} – ${work}` : `${rng.pick(ENSEMBLES[l])} – ${work}`;
    }
    case 'theatre':
      return rng.pick(PLAYS[l]);
    case 'musical':
      return rng.pick(MUSICALS[l]);
    case 'comedy':
      return rng.chance(0.15)
        ? (l === 'de' ? 'Comedy Mixed Show' : 'Comedy Club Mixed Bill')
        : `${rng.pick(COMEDIANS[l])}: ${rng.pick(COMEDY_SHOWS[l])}`;
    case 'opera':
      return rng.pick(OPERAS[l]);
    case 'dance':
      return rng.pick(BALLETS[l]);
    case 'sports': {
      if (rng.chance(0.25)) return `${rng.pick(SPORT_SPECIALS[l])} ${city.name} ${year}`;
      const others = citiesFor(l).filter((c) => c.name !== city.name);
      const [home, away] = [rng.pick(TEAM_MASCOTS[l]), rng.pick(TEAM_MASCOTS[l])];
      return `${city.name} ${home} vs. ${rng.pick(others).name} ${away}`;
    }
    case 'festival':
      return `${rng.pick(FESTIVALS[l])} ${year}`;
    case 'kids':
      return rng.pick(KIDS_SHOWS[l]);
    case 'uncategorized':
      return rng.pick(UNCATEGORIZED[l]);
  }
}

const CURRENCY_SIGN: Record<string, string> = { EUR: '€', GBP: '£', USD: '$', CHF: 'CHF' };

/** Product titles (spec 1 §2.9: vouchers and season passes, shown with a date and no time). */
export function voucherTitle(language: Language, value: number, currency: string): string {
  const sign = CURRENCY_SIGN[currency] ?? currency;
  return language === 'de' ? `Geschenkgutschein ${value} ${sign}` : `Gift Voucher ${sign}${value}`;
}

export function seasonPassTitle(rng: Rng, language: Language, seasonStartYear: number): string {
  const season = `${seasonStartYear}/${String((seasonStartYear + 1) % 100).padStart(2, '0')}`;
  return rng.pick(
    language === 'de'
      ? [`Theater-Abo Saison ${season}`, `Konzert-Abo ${season}`, `Saisonkarte ${season}`, `Wahl-Abo 6er ${season}`]
      : [`Theatre Season Ticket ${season}`, `Concert Subscription ${season}`, `Season Pass ${season}`,
        `Flexi Pass 6 Shows ${season}`],
  );
}

export function annualPassTitle(language: Language, year: number): string {
  return language === 'de' ? `Jahreskarte ${year}` : `Annual Pass ${year}`;
}
