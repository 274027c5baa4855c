// spec 3 §3 "Bulk upload workbook": sheet and column names are accepted in English, German and
// French. One table per sheet maps every accepted spelling to its canonical key; lookups ignore
// case, accents, surrounding/inner whitespace, underscores and a required-marker asterisk, so
// "Veranstaltungs-ID*", " EVENT  identifier " and "identifiant_de_l'événement" all resolve.
import type { BulkSheet } from '../../../../lib/contracts/bulk-upload';

/** Lower case, accents and asterisks gone, apostrophes straightened, whitespace/underscores single spaces. */
export function normaliseName(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/[’`´]/g, "'")
    .replace(/\*/g, '')
    .replace(/[\s_]+/g, ' ')
    .trim();
}

type Table<K extends string> = Record<K, readonly string[]>;

const SHEET_NAMES: Table<Exclude<BulkSheet, 'workbook'> | 'instructions'> = {
  events: ['events', 'event', 'veranstaltungen', 'veranstaltung', 'evenements', 'evenement'],
  lineups: ['lineup artists', 'lineup', 'line-up', 'artists', 'kunstler', 'lineup kunstler', 'besetzung', 'artistes', 'artistes du programme', 'programmation'],
  setlists: ['setlist works', 'setlist', 'works', 'werke', 'setlist werke', 'programm', 'oeuvres', 'programme', 'oeuvres du programme'],
  settings: ['settings', 'einstellungen', 'parametres', 'reglages'],
  instructions: ['instructions', 'anleitung', 'hinweise', "mode d'emploi"],
};

export const EVENT_COLUMN_NAMES = {
  identifier: ['identifier', 'event identifier', 'event id', 'id', 'kennung', 'veranstaltungskennung', 'veranstaltungs-id', 'identifiant', "identifiant de l'evenement"],
  title: ['title', 'event title', 'name', 'titel', 'veranstaltungstitel', 'titre', 'nom'],
  category: ['category', 'kategorie', 'categorie'],
  date: ['date', 'event date', 'datum'],
  time: ['time', 'start time', 'uhrzeit', 'zeit', 'beginn', 'heure', 'heure de debut'],
  price: ['avg price', 'avg. price', 'average price', 'price', 'durchschnittspreis', 'durchschn. preis', 'preis', 'prix moyen', 'prix'],
  city: ['city', 'stadt', 'ort', 'ville'],
  venue: ['venue', 'spielstatte', 'veranstaltungsort', 'lieu'],
  hall: ['hall', 'saal', 'salle'],
  capacity: ['venue capacity', 'capacity', 'kapazitat', 'platze', 'capacite', 'jauge'],
  description: ['description', 'beschreibung'],
} as const;

export const LINEUP_COLUMN_NAMES = {
  identifier: EVENT_COLUMN_NAMES.identifier,
  artist: ['artist name', 'artist', 'kunstlername', 'kunstler', "nom de l'artiste", 'artiste'],
  role: ['role/type', 'role', 'type', 'rolle', 'rolle/typ', 'typ', 'role/type de l\'artiste'],
} as const;

export const SETLIST_COLUMN_NAMES = {
  identifier: EVENT_COLUMN_NAMES.identifier,
  composer: ['composer', 'komponist', 'komponistin', 'compositeur', 'compositrice'],
  work: ['work title', 'work', 'title', 'werktitel', 'werk', 'titel', "titre de l'oeuvre", 'oeuvre', 'titre'],
} as const;

export const AUX_DATE_FORMAT_NAMES = ['aux date format', 'date format', 'datumsformat', 'format de date'] as const;

/** A lookup from normalised spelling to key, built once per table. */
function lookup<K extends string>(table: Table<K>): (raw: string) => K | undefined {
  const map = new Map<string, K>();
  for (const [key, names] of Object.entries(table) as [K, readonly string[]][]) {
    for (const name of [key, ...names]) map.set(normaliseName(name), key);
  }
  return (raw) => map.get(normaliseName(raw));
}

export const sheetKey = lookup(SHEET_NAMES);
export const eventColumn = lookup<keyof typeof EVENT_COLUMN_NAMES>(EVENT_COLUMN_NAMES);
export const lineupColumn = lookup<keyof typeof LINEUP_COLUMN_NAMES>(LINEUP_COLUMN_NAMES);
export const setlistColumn = lookup<keyof typeof SETLIST_COLUMN_NAMES>(SETLIST_COLUMN_NAMES);
export const isAuxDateFormatName = (raw: string) => (AUX_DATE_FORMAT_NAMES as readonly string[]).includes(normaliseName(raw));
