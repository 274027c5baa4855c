// The semantic layer of Sentinel: what a question can talk about. Every field of the four
// sentinel views with its type, its English and German label and the words box-office staff use
// for it, plus the joins between the views. The labels are the page's vocabulary
// (sentinel.fields.* of public/locales, which the query summary shows; a unit test keeps them
// equal, and equal to the result columns' names where a field is one). The parser reads the words, the
// compiler reads the columns; nothing else knows the SQL names.
import type { Tag } from './typed-query';

export type FieldType = 'text' | 'number' | 'date' | 'boolean' | 'text[]' | 'timestamp';

export interface SemanticField {
  tag: Exclude<Tag, 'ccp'>;
  /** Field name of the typed query (= the view's column). */
  name: string;
  type: FieldType;
  label: { en: string; de: string };
  /** Folded words and phrases (en and de) that name the field in a question. */
  words: string[];
  /** A computed field: its SQL over the view's alias, instead of a column of the same name. */
  expr?: (alias: string) => string;
}

/** The sentinel view and its alias for each tag; ccp rows live in sentinel.customer_properties. */
export const VIEWS = {
  c: { view: 'sentinel.customers', alias: 'c' },
  e: { view: 'sentinel.events', alias: 'e' },
  t: { view: 'sentinel.transactions', alias: 't' },
  ccp: { view: 'sentinel.customer_properties', alias: 'p' },
} as const;

const f = (tag: SemanticField['tag'], name: string, type: FieldType, en: string, de: string, words: string[]): SemanticField =>
  ({ tag, name, type, label: { en, de }, words });

export const FIELDS: SemanticField[] = [
  // customers
  f('c', 'salutation', 'text', 'Salutation', 'Anrede', ['anrede', 'salutation', 'title of address']),
  f('c', 'first_name', 'text', 'First name', 'Vorname', ['vorname', 'vornamen', 'first name', 'firstname', 'given name', 'forename']),
  f('c', 'last_name', 'text', 'Last name', 'Nachname', ['nachname', 'nachnamen', 'familienname', 'last name', 'lastname', 'surname', 'family name']),
  f('c', 'street', 'text', 'Street', 'Straße', ['strasse', 'street', 'adresse', 'address', 'anschrift']),
  f('c', 'zip_code', 'text', 'ZIP code', 'PLZ', ['plz', 'postleitzahl', 'zip', 'zip code', 'zipcode', 'postcode', 'postal code', 'post code']),
  f('c', 'city', 'text', 'City', 'Stadt', ['stadt', 'wohnort', 'ort', 'city', 'town']),
  f('c', 'country', 'text', 'Country', 'Land', ['land', 'country']),
  f('c', 'email', 'text', 'Email', 'E-Mail', ['email', 'e-mail', 'mail', 'e mail', 'mailadresse', 'emailadresse', 'e-mail-adresse', 'email address']),
  f('c', 'email_2', 'text', 'Email 2', 'E-Mail 2', ['email 2', 'email_2', 'zweite email', 'second email']),
  f('c', 'phone1', 'text', 'Phone 1', 'Telefon 1', ['telefon', 'telefonnummer', 'telefonnr', 'telnr', 'tel nr', 'phone', 'phone no', 'phone number', 'telephone', 'tel', 'handy', 'mobil', 'mobile']),
  f('c', 'phone2', 'text', 'Phone 2', 'Telefon 2', ['phone2', 'telefon 2', 'zweite telefonnummer', 'second phone']),
  f('c', 'ads_opt_out', 'boolean', 'Ads opt-out', 'Werbewiderspruch', ['werbewiderspruch', 'werbesperre', 'opt out', 'opt-out', 'opted out', 'ads opt out', 'ads opt-out', 'keine werbung', 'no advertising', 'no ads', 'werbung widersprochen', 'marketing', 'werbung', 'werbesperre', 'ads', 'advertising', 'out of marketing', 'unsubscribed']),
  f('c', 'birth_year', 'number', 'Birth year', 'Geburtsjahr', ['geburtsjahr', 'jahrgang', 'birth year', 'year of birth', 'born', 'geboren', 'geburtsjahrgang', 'geburtsjahres']),
  f('c', 'created_at', 'timestamp', 'Customer since', 'Kunde seit', ['kunde seit', 'angelegt', 'registriert', 'customer since', 'created', 'signed up', 'registered']),
  // events
  f('e', 'title', 'text', 'Title', 'Titel', ['titel', 'title', 'name der veranstaltung', 'stueck', 'event name']),
  f('e', 'description', 'text', 'Description', 'Beschreibung', ['beschreibung', 'description']),
  f('e', 'category', 'text', 'Category', 'Kategorie', ['sparte', 'genre', 'category', 'kategorie der veranstaltung', 'event category']),
  f('e', 'date', 'date', 'Event date', 'Veranstaltungsdatum', ['veranstaltungsdatum', 'datum', 'termin', 'event date', 'date']),
  f('e', 'start_time', 'text', 'Start time', 'Beginn', ['beginn', 'uhrzeit', 'anfang', 'start time', 'starts', 'start']),
  f('e', 'capacity', 'number', 'Capacity', 'Kapazität', ['kapazitaet', 'kapazitat', 'plaetze', 'sitzplaetze', 'capacity', 'seats']),
  f('e', 'price', 'number', 'Average price', 'Durchschnittspreis', ['durchschnittspreis', 'ticketpreis', 'preis', 'average price', 'ticket price', 'price']),
  f('e', 'city', 'text', 'Event city', 'Veranstaltungsort (Stadt)', ['spielort', 'veranstaltungsstadt', 'event city']),
  f('e', 'venue', 'text', 'Venue', 'Spielstätte', ['spielstaette', 'venue', 'haus', 'location']),
  f('e', 'hall', 'text', 'Hall', 'Saal', ['saal', 'hall', 'buehne', 'stage', 'raum', 'room']),
  f('e', 'artists', 'text[]', 'Artist', 'Künstler', ['kuenstler', 'kuenstlerin', 'interpret', 'artist', 'artists', 'performer', 'band', 'dirigent', 'conductor', 'solist', 'soloist']),
  f('e', 'composers', 'text[]', 'Composer', 'Komponist', ['komponist', 'komponisten', 'composer', 'composers']),
  f('e', 'works', 'text[]', 'Work', 'Werk', ['werk', 'werke', 'work', 'works', 'programm', 'programme', 'program']),
  f('e', 'frontend_status', 'text', 'Status', 'Status', ['status']),
  f('e', 'start_date_time', 'timestamp', 'Start', 'Beginn (Zeitpunkt)', ['startzeitpunkt', 'start date time']),
  f('e', 'id', 'text', 'Event id', 'Veranstaltungs-ID', ['event id', 'veranstaltungs id', 'veranstaltungsnummer']),
  f('e', 'already_sold', 'number', 'Already sold (%)', 'Bereits verkauft (%)', ['auslastung', 'bereits verkauft', 'verkauft prozent', 'already sold', 'sold percentage', 'occupancy', 'utilisation', 'utilization', 'load factor', 'sell through']),
  f('e', 'prediction', 'number', 'Prediction (%)', 'Prognose (%)', ['prognose', 'vorhersage', 'prediction', 'forecast']),
  f('e', 'sales_prediction', 'number', 'Predicted tickets', 'Prognostizierte Tickets', ['verkaufsprognose', 'sales prediction', 'sales forecast']),
  f('e', 'benchmark', 'number', 'Benchmark (%)', 'Benchmark (%)', ['benchmark', 'vergleichswert']),
  // "Auslastung unter dem Benchmark", "below benchmark": the sold share against the benchmark, in
  // percentage points (no words of its own: the parser reads it from the comparison of the two).
  { ...f('e', 'benchmark_gap', 'number', 'Already sold vs. benchmark (points)', 'Bereits verkauft ggü. Benchmark (Punkte)', []), expr: (a) => `(${a}.already_sold - ${a}.benchmark)` },
  // "montags", "an Wochenenden": the ISO weekday of the event's date (1 Monday … 7 Sunday). No
  // words of its own: lexicon/clock.ts reads the weekday words.
  { ...f('e', 'weekday', 'number', 'Weekday (1 = Monday)', 'Wochentag (1 = Montag)', []), expr: (a) => `extract(isodow from ${a}.date)` },
  // transactions
  f('t', 'date', 'date', 'Purchase date', 'Kaufdatum', ['kaufdatum', 'verkaufsdatum', 'buchungsdatum', 'purchase date', 'sale date', 'booking date', 'order date']),
  f('t', 'time', 'text', 'Purchase time', 'Kaufzeit', ['kaufzeit', 'purchase time']),
  f('t', 'tickets', 'number', 'Tickets', 'Tickets', ['anzahl tickets', 'ticketanzahl', 'number of tickets', 'quantity', 'menge']),
  f('t', 'ticket_type', 'text', 'Ticket type', 'Ticketart', ['ticketart', 'tickettyp', 'kartenart', 'ticket type', 'ticket types']),
  f('t', 'price_category', 'text', 'Price category', 'Preiskategorie', ['preiskategorie', 'preisklasse', 'platzkategorie', 'kategorie', 'price category', 'price band', 'seat category']),
  f('t', 'amount', 'number', 'Amount', 'Betrag', ['betrag', 'kaufpreis', 'verkaufspreis', 'amount', 'sold price', 'ticketpreis']),
  f('t', 'ground_price', 'number', 'Ground price', 'Grundpreis', ['grundpreis', 'ground price', 'base price', 'list price']),
  f('t', 'discount', 'number', 'Discount', 'Rabatt', ['rabatt', 'rabattbetrag', 'nachlass', 'discount amount']),
  f('t', 'currency', 'text', 'Currency', 'Währung', ['waehrung', 'currency']),
  f('t', 'payment_method', 'text', 'Payment method', 'Zahlungsart', ['zahlungsart', 'zahlart', 'zahlungsmethode', 'bezahlart', 'bezahlt mit', 'payment method', 'payment', 'paid with', 'paid by']),
  f('t', 'seat_id', 'text', 'Seat', 'Platz', ['sitzplatz', 'platznummer', 'seat', 'seat id']),
  f('t', 'invoice_id', 'text', 'Invoice number', 'Rechnungsnummer', ['rechnungsnummer', 'rechnung nr', 'invoice', 'invoice id', 'invoice number']),
];

export function field(tag: Tag, name: string): SemanticField | undefined {
  return FIELDS.find((x) => x.tag === tag && x.name === name);
}

/** Labels of the measures over related rows (query summary). */
export const MEASURE_LABELS = {
  events: { en: 'Number of events', de: 'Anzahl Veranstaltungen' },
  tickets: { en: 'Number of tickets', de: 'Anzahl Tickets' },
  transactions: { en: 'Number of purchases', de: 'Anzahl Käufe' },
  revenue: { en: 'Revenue', de: 'Umsatz' },
  customers: { en: 'Number of customers', de: 'Anzahl Kunden' },
} as const;

/**
 * The spec's event categories (spec 3 §3) and the words for them. Several categories under one
 * word ("Klassik") become an IN filter. "Konzert" alone means the symphony concert of a concert
 * hall; with another genre word ("Rockkonzert") it is only the noun.
 */
export const CATEGORY_WORDS: { words: string[]; categories: string[]; weak?: boolean }[] = [
  { words: ['oper', 'opern', 'opera', 'operas', 'opernabend', 'opernauffuehrung', 'opernvorstellung'], categories: ['opera'] },
  { words: ['ballett', 'ballet'], categories: ['ballet'] },
  { words: ['sinfoniekonzert', 'symphoniekonzert', 'sinfonie', 'symphonie', 'symphony', 'symphonic', 'orchesterkonzert', 'orchestral concert', 'orchestra concert', 'philharmonie'], categories: ['symphony'] },
  { words: ['sinfonik', 'symphonik'], categories: ['symphony'] },
  { words: ['vokalmusik'], categories: ['vocal'] },
  { words: ['wort'], categories: ['spoken'] },
  { words: ['vermittlung'], categories: ['education'] },
  { words: ['produkte', 'produkt', 'gutscheine', 'gutschein', 'products', 'vouchers', 'abos'], categories: ['product'] },
  { words: ['operette und musical', 'operetten und musicals'], categories: ['operetta_musical'] },
  { words: ['kammermusik', 'kammerkonzert', 'chamber music', 'chamber concert', 'chamber'], categories: ['chamber'] },
  { words: ['liederabend', 'gesang', 'vokal', 'chorkonzert', 'chor', 'vocal', 'choir', 'song recital', 'recital'], categories: ['vocal'] },
  { words: ['klassik', 'klassisch', 'klassische musik', 'classical', 'classical music'], categories: ['symphony', 'chamber', 'vocal'] },
  { words: ['operette', 'musical', 'operetta', 'operetten'], categories: ['operetta_musical'] },
  { words: ['schauspiel', 'theater', 'theaterstueck', 'theatre', 'play', 'drama'], categories: ['theatre'] },
  { words: ['lesung', 'spoken word', 'reading', 'literatur', 'poetry slam'], categories: ['spoken'] },
  { words: ['tanz', 'tanztheater', 'dance', 'modern dance'], categories: ['dance'] },
  { words: ['comedy', 'kabarett', 'cabaret', 'kleinkunst', 'stand-up', 'standup', 'stand up', 'comedian', 'comedians', 'satire'], categories: ['comedy'] },
  { words: ['rock', 'pop', 'rockkonzert', 'popkonzert', 'rock pop', 'rock and pop', 'rock und pop', 'rock & pop', 'rock/pop'], categories: ['rock_pop'] },
  { words: ['kinder', 'kindertheater', 'familie', 'familienkonzert', 'schulvorstellung', 'education', 'kids', 'children', 'family', 'familienvorstellung'], categories: ['education'] },
  { words: ['sonstige', 'sonstiges', 'other category', 'sport'], categories: ['other'] },
];

/** Ticket types (schema TICKET_TYPES) and their words. */
export const TICKET_TYPE_WORDS: { words: string[]; value: string }[] = [
  { words: ['abo', 'abonnement', 'abonnements', 'abonnent', 'abonnenten', 'abokarte', 'subscription', 'subscriptions', 'subscriber', 'subscribers', 'season ticket', 'season tickets'], value: 'subscription' },
  { words: ['ermaessigt', 'ermaessigte', 'ermaessigung', 'ermaessigten', 'rabattiert', 'discount', 'discounted', 'concession', 'concessions', 'reduced'], value: 'discount' },
  { words: ['regulaer ermaessigt', 'regular discount', 'regular discounted'], value: 'regular_discount' },
  { words: ['regulaer', 'regulaere', 'vollpreis', 'vollzahler', 'normalpreis', 'regular', 'full price', 'full-price'], value: 'regular' },
  { words: ['freikarte', 'freikarten', 'freiticket', 'gratis', 'kostenlos', 'free', 'complimentary', 'comps', 'free ticket'], value: 'free' },
  { words: ['storniert', 'stornierte', 'storno', 'stornos', 'stornierung', 'cancelled', 'canceled', 'cancellation', 'cancellations', 'refunded'], value: 'cancelled' },
  { words: ['reserviert', 'reservierte', 'reservierung', 'reservierungen', 'reserved', 'reservation', 'reservations'], value: 'reserved' },
];

/** Payment words, matched against the partner's own payment method values by these keys. */
export const PAYMENT_WORDS: { words: string[]; keys: string[]; unless?: string[] }[] = [
  { words: ['kreditkarte', 'credit card', 'creditcard', 'card', 'visa', 'mastercard', 'per karte', 'mit karte bezahlt', 'mit karte gezahlt', 'kartenzahlung', 'paid by card', 'card payment'], keys: ['card', 'credit', 'kredit'] },
  { words: ['ec-karte', 'ec karte', 'ec card', 'ec-card', 'girocard', 'debit card'], keys: ['debit', 'ec', 'girocard'] },
  { words: ['paypal'], keys: ['paypal'] },
  { words: ['bar', 'barzahlung', 'bargeld', 'cash', 'kasse'], keys: ['cash', 'bar'] },
  { words: ['sofortueberweisung', 'instant transfer', 'instant bank transfer', 'klarna'], keys: ['sofort', 'klarna', 'instant'] },
  // "Sofortüberweisung" is its own method, not an invoice paid by transfer.
  { words: ['rechnung', 'auf rechnung', 'invoice', 'ueberweisung', 'bank transfer', 'transfer'], keys: ['invoice', 'rechnung', 'transfer', 'ueberweisung'], unless: ['sofort', 'instant'] },
  { words: ['lastschrift', 'sepa', 'direct debit'], keys: ['sepa', 'debit', 'lastschrift'] },
  { words: ['gutschein', 'voucher', 'gift card'], keys: ['voucher', 'gutschein', 'gift'] },
];

/**
 * Words for the custom property labels CRMs commonly carry, in both languages: a partner's label
 * ("Favourite genre", "Lieblingssparte") is also found by the other language's words for it
 * ("Lieblingsgenre", "favourite genre"). A label outside these groups is found by its own words.
 */
export const PROPERTY_LABEL_WORDS: string[][] = [
  ['favourite genre', 'favorite genre', 'favourite category', 'favorite category', 'preferred genre', 'lieblingsgenre', 'lieblingssparte', 'lieblingskategorie', 'lieblings genre', 'lieblings sparte', 'bevorzugte sparte', 'bevorzugtes genre'],
  ['subscription', 'subscription type', 'abonnement', 'abo', 'abotyp', 'abo typ', 'abonnementtyp', 'subscriber', 'subscribers', 'abonnent', 'abonnenten', 'abonnentin', 'abonnentinnen'],
  ['member since', 'membership since', 'mitglied seit', 'mitgliedschaft seit'],
];

/** Words for a form of address, matched against the partner's own salutations by these keys. */
export const SALUTATION_WORDS: { words: string[]; keys: string[] }[] = [
  { words: ['frau', 'frauen', 'damen', 'weiblich', 'weibliche', 'weiblichen', 'ms', 'mrs', 'miss', 'female', 'women', 'woman', 'ladies'], keys: ['frau', 'ms', 'mrs', 'miss'] },
  { words: ['herr', 'herren', 'maenner', 'maennlich', 'maennliche', 'maennlichen', 'mr', 'male', 'men', 'gentlemen'], keys: ['herr', 'mr'] },
  { words: ['divers', 'diverse', 'mx', 'non-binary', 'nonbinary', 'nicht-binaer'], keys: ['divers', 'mx'] },
];

/** Everyday values of custom properties in both languages ("Silber" = "Silver", "ja" = "yes"). */
export const PROPERTY_VALUE_WORDS: string[][] = [
  ['silber', 'silver'], ['gold'], ['bronze'], ['platin', 'platinum'], ['ja', 'yes'], ['nein', 'no'], ['keins', 'keines', 'none'],
];

