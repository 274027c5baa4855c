// Word lists for the demo's customer profiles (spec 3 §3 customer table): names, streets, mail
// providers and phone number shapes, German for a German-speaking partner, British otherwise.
// Every address and number is made up. Mail domains end in .example (RFC 2606), so no demo
// address can ever reach a real mailbox; UK numbers use Ofcom's ranges reserved for drama.
import type { Language } from './names';

export type Gender = 'f' | 'm' | 'x';

export const SALUTATIONS: Record<Language, Record<Gender, string>> = {
  de: { f: 'Frau', m: 'Herr', x: 'divers' },
  en: { f: 'Ms', m: 'Mr', x: 'Mx' },
};

export const FIRST_NAMES: Record<Language, Record<Gender, string[]>> = {
  de: {
    f: ['Anna', 'Maria', 'Ursula', 'Monika', 'Petra', 'Sabine', 'Claudia', 'Julia', 'Katharina', 'Laura', 'Lena', 'Sophie',
      'Hannah', 'Ingrid', 'Renate', 'Christine', 'Andrea', 'Susanne', 'Birgit', 'Elke', 'Gisela', 'Heike', 'Jana', 'Lea',
      'Marie', 'Miriam', 'Nina', 'Paula', 'Sandra', 'Stefanie', 'Theresa', 'Vanessa', 'Doris', 'Brigitte', 'Emma', 'Greta'],
    m: ['Thomas', 'Michael', 'Andreas', 'Stefan', 'Peter', 'Klaus', 'Wolfgang', 'Jürgen', 'Frank', 'Markus', 'Christian',
      'Martin', 'Uwe', 'Jan', 'Lukas', 'Felix', 'Jonas', 'Maximilian', 'Tobias', 'Sebastian', 'Daniel', 'Florian', 'Hans',
      'Günter', 'Dieter', 'Matthias', 'Alexander', 'Philipp', 'Niklas', 'Moritz', 'Björn', 'Jörg', 'Horst', 'Emre', 'Ben', 'Paul'],
    x: ['Alex', 'Kim', 'Robin', 'Sascha', 'Charlie', 'Luca', 'Noah', 'Janne'],
  },
  en: {
    f: ['Olivia', 'Amelia', 'Isla', 'Ava', 'Emily', 'Sophie', 'Grace', 'Lily', 'Chloe', 'Jessica', 'Sarah', 'Emma',
      'Charlotte', 'Hannah', 'Lucy', 'Ellie', 'Margaret', 'Susan', 'Helen', 'Karen', 'Claire', 'Rachel', 'Fiona', 'Niamh',
      'Priya', 'Aisha', 'Joan', 'Patricia', 'Freya', 'Megan'],
    m: ['Oliver', 'George', 'Harry', 'Jack', 'Jacob', 'Noah', 'Charlie', 'Thomas', 'James', 'William', 'Daniel', 'Samuel',
      'Joseph', 'David', 'Michael', 'Richard', 'Peter', 'Andrew', 'Paul', 'Mark', 'Stephen', 'Gareth', 'Callum', 'Rhys',
      'Arjun', 'Mohammed', 'Graham', 'Ian', 'Owen', 'Liam'],
    x: ['Alex', 'Sam', 'Jamie', 'Jordan', 'Robin', 'Charlie', 'Taylor', 'Morgan'],
  },
};

export const LAST_NAMES: Record<Language, string[]> = {
  de: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer',
    'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger',
    'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier', 'Lehmann', 'Schmid', 'Schulze',
    'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz',
    'Möller', 'Weiß', 'Jung', 'Hahn', 'Schubert', 'Vogel', 'Friedrich', 'Keller', 'Günther', 'Frank', 'Berger', 'Winkler',
    'Roth', 'Beck', 'Lorenz', 'Baumann', 'Franke', 'Albrecht', 'Schuster', 'Simon', 'Ludwig', 'Böhm', 'Winter', 'Kraus',
    'Schumacher', 'Krämer', 'Vogt', 'Stein', 'Jäger', 'Otto', 'Sommer', 'Groß', 'Seidel', 'Heinrich', 'Brandt', 'Haas',
    'Schreiber', 'Graf', 'Schulte', 'Dietrich', 'Ziegler', 'Kuhn', 'Pohl', 'Engel', 'Horn', 'Busch', 'Bergmann', 'Voigt',
    'Sauer', 'Arnold', 'Pfeiffer', 'Yılmaz', 'Kaya', 'Nowak', 'Kowalski', 'Rossi', 'Nguyen', 'von Berg', 'Meyer-Lindholm'],
  en: ['Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Johnson', 'Roberts',
    'Robinson', 'Thompson', 'Wright', 'Walker', 'White', 'Edwards', 'Hughes', 'Green', 'Hall', 'Lewis', 'Harris', 'Clarke',
    'Patel', 'Jackson', 'Wood', 'Turner', 'Martin', 'Cooper', 'Hill', 'Ward', 'Morris', 'Moore', 'Clark', 'Lee', 'King',
    'Baker', 'Harrison', 'Morgan', 'Allen', 'James', 'Scott', 'Phillips', 'Watson', 'Davis', 'Parker', 'Price', 'Bennett',
    'Young', 'Griffiths', 'Mitchell', 'Kelly', 'Cook', 'Carter', 'Richardson', 'Bailey', 'Collins', 'Bell', 'Shaw', 'Murphy',
    'Miller', 'Cox', 'Richards', 'Khan', 'Marshall', 'Anderson', 'Simpson', 'Ellis', 'Adams', 'Singh', 'Begum', 'Wilkinson',
    'Foster', 'Chapman', 'Powell', 'Webb', 'Rogers', 'Gray', 'Mason', 'Ali', 'Hunt', 'Hussain', 'Campbell', 'Matthews',
    'Owen', 'Palmer', 'Holmes', 'Mills', 'Barnes', 'Knight', 'Lloyd', 'Butler', 'Russell', 'Fisher', "O'Brien", 'Murray',
    'Dixon', 'MacDonald', 'Reid', 'Okafor'],
};

export const STREETS: Record<Language, string[]> = {
  de: ['Hauptstraße', 'Schulstraße', 'Gartenstraße', 'Bahnhofstraße', 'Dorfstraße', 'Bergstraße', 'Birkenweg',
    'Lindenstraße', 'Kirchstraße', 'Waldstraße', 'Ringstraße', 'Schillerstraße', 'Goethestraße', 'Friedrichstraße',
    'Rosenweg', 'Am Markt', 'Beethovenstraße', 'Mozartstraße', 'Rheinstraße', 'Parkstraße', 'Kastanienallee',
    'Blumenstraße', 'Mühlenweg', 'Wiesenweg', 'Feldstraße', 'Sonnenstraße', 'Uhlandstraße', 'Lessingstraße',
    'Heinestraße', 'Am Hafen', 'Brückenstraße', 'Eichendorffweg'],
  en: ['High Street', 'Station Road', 'Main Street', 'Park Road', 'Church Road', 'Church Street', 'London Road',
    'Victoria Road', 'Green Lane', 'Manor Road', 'Church Lane', 'Park Avenue', 'The Avenue', 'Queens Road', 'New Road',
    'Grange Road', 'Kings Road', 'Kingsway', 'Windsor Road', 'Highfield Road', 'Mill Lane', 'York Road', "St John's Road",
    'Broadway', 'King Street', 'The Green', 'Springfield Road', 'George Street', 'Albert Road', 'Queen Street'],
};

export const COUNTRY: Record<Language, string> = { de: 'DE', en: 'GB' };

export const MAIL_PROVIDERS: Record<Language, [string, number][]> = {
  de: [['web.example', 5], ['gmx.example', 5], ['t-online.example', 3], ['mailbox.example', 1], ['posteo.example', 1],
    ['freenet.example', 1], ['googlemail.example', 3], ['outlook.example', 2]],
  en: [['gmail.example', 6], ['outlook.example', 3], ['hotmail.example', 2], ['btinternet.example', 2],
    ['icloud.example', 2], ['yahoo.example', 1], ['sky.example', 1]],
};

export const WORK_DOMAINS: Record<Language, string[]> = {
  de: ['stadtwerke.example', 'klinikum.example', 'uni-rheinland.example', 'kanzlei-berg.example', 'versicherung.example',
    'gymnasium.example', 'rathaus.example'],
  en: ['nhs-trust.example', 'citycouncil.example', 'university.example', 'lawfirm.example', 'insurer.example',
    'academy.example'],
};

/** Landline area codes by city (without the trunk 0); unknown cities get the first. */
const AREA_CODES: Record<Language, Record<string, string>> = {
  de: {
    'Köln': '221', 'Düsseldorf': '211', 'Dortmund': '231', 'Essen': '201', 'Bonn': '228', 'Hamburg': '40', 'Bremen': '421',
    'Berlin': '30', 'Leipzig': '341', 'Dresden': '351', 'München': '89', 'Nürnberg': '911', 'Stuttgart': '711',
    'Mannheim': '621', 'Frankfurt am Main': '69',
  },
  // Ofcom's drama ranges: 020 7946 0xxx, 0161 496 0xxx, 0113 496 0xxx, 0117 496 0xxx, …
  en: {
    'London': '20 7946 0', 'Manchester': '161 496 0', 'Leeds': '113 496 0', 'Bristol': '117 496 0', 'Birmingham': '121 496 0',
    'Edinburgh': '131 496 0', 'Glasgow': '141 496 0', 'Liverpool': '151 496 0', 'Sheffield': '114 496 0',
    'Nottingham': '115 496 0', 'Newcastle upon Tyne': '191 498 0', 'Cardiff': '29 2018 0',
  },
};

const digits = (next: () => number, n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');

/** A mobile number in international form. */
export function mobileNumber(language: Language, next: () => number): string {
  if (language === 'de') {
    const prefix = ['151', '152', '157', '160', '162', '170', '171', '172', '173', '175', '176', '177', '178', '179'][Math.floor(next() * 14)];
    return `+49 ${prefix} ${digits(next, 7)}`;
  }
  return `+44 7700 900${digits(next, 3)}`;
}

/** A landline number of the customer's city in international form. */
export function landlineNumber(language: Language, city: string, next: () => number): string {
  const codes = AREA_CODES[language];
  const code = codes[city] ?? Object.values(codes)[0];
  return language === 'de' ? `+49 ${code} ${digits(next, code.length >= 3 ? 6 : 7)}` : `+44 ${code}${digits(next, 3)}`;
}

/** Lower-case ASCII for a mail address: umlauts spelled out, other accents dropped, no spaces. */
export function mailPart(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/[^a-z0-9-]/g, '');
}

/** How the partner's CRM labels its custom properties, and the words of their values. */
export const PROPERTY_WORDS: Record<Language, {
  subscription: string;
  tiers: { gold: string; silver: string; bronze: string; none: string };
  newsletter: string;
  yes: string;
  no: string;
  memberSince: string;
  favourite: string;
  categories: Record<string, string>;
}> = {
  de: {
    subscription: 'Abonnement',
    tiers: { gold: 'Gold', silver: 'Silber', bronze: 'Bronze', none: 'Keins' },
    newsletter: 'Newsletter',
    yes: 'ja',
    no: 'nein',
    memberSince: 'Mitglied seit',
    favourite: 'Lieblingssparte',
    categories: {
      ballet: 'Ballett', chamber: 'Kammermusik', comedy: 'Comedy', dance: 'Tanz', education: 'Kinder & Familie',
      opera: 'Oper', operetta_musical: 'Musical & Operette', other: 'Sonstiges', rock_pop: 'Rock & Pop', spoken: 'Lesung',
      symphony: 'Sinfoniekonzert', theatre: 'Schauspiel', vocal: 'Gesang',
    },
  },
  en: {
    subscription: 'Subscription',
    tiers: { gold: 'Gold', silver: 'Silver', bronze: 'Bronze', none: 'None' },
    newsletter: 'Newsletter',
    yes: 'yes',
    no: 'no',
    memberSince: 'Member since',
    favourite: 'Favourite genre',
    categories: {
      ballet: 'Ballet', chamber: 'Chamber music', comedy: 'Comedy', dance: 'Dance', education: 'Family',
      opera: 'Opera', operetta_musical: 'Musicals', other: 'Other', rock_pop: 'Rock & Pop', spoken: 'Spoken word',
      symphony: 'Symphony', theatre: 'Theatre', vocal: 'Vocal',
    },
  },
};

export const PAYMENT_METHODS: Record<Language, { any: [string, number][]; subscription: [string, number][] }> = {
  de: {
    any: [['Kreditkarte', 34], ['PayPal', 20], ['EC-Karte', 14], ['Bar', 10], ['Rechnung', 8], ['Lastschrift', 6],
      ['Sofortüberweisung', 4], ['Gutschein', 4]],
    subscription: [['Lastschrift', 50], ['Rechnung', 30], ['Kreditkarte', 20]],
  },
  en: {
    any: [['Card', 45], ['PayPal', 15], ['Apple Pay', 12], ['Cash', 8], ['Invoice', 5], ['Direct Debit', 5],
      ['Gift Voucher', 5], ['Google Pay', 5]],
    subscription: [['Direct Debit', 55], ['Card', 30], ['Invoice', 15]],
  },
};
