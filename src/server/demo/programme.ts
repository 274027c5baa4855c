// Lineups and setlists of the demo's events (spec 3 §3 lineups_raw / setlists_raw), read off the
// titles the seed already chose: the band of a concert, the orchestra and the work of a symphony
// concert, the composer of an opera or a ballet, the comedian of a comedy night. Sentinel asks
// for them by name ("Konzerte mit Beethoven", "shows with Ella Marsh"). No random draw: the same
// title always gets the same programme, and no stream of the seed moves.
import { createHash } from 'node:crypto';
import { ARTISTS, COMEDIANS, ENSEMBLES, type Language } from './names';

export interface Programme {
  lineups: { artist_name: string; artist_type: string }[];
  setlists: { artist_name: string; track: string }[];
}

/** Composer (surname, as the box office writes it) of each opera, ballet and operetta title. */
const COMPOSERS: Record<string, string> = {
  'La Traviata': 'Verdi', 'Rigoletto': 'Verdi', 'Aida': 'Verdi',
  'Carmen': 'Bizet',
  'Tosca': 'Puccini', 'La Bohème': 'Puccini', 'Madama Butterfly': 'Puccini',
  'Don Giovanni': 'Mozart', 'Die Zauberflöte': 'Mozart', 'The Magic Flute': 'Mozart', 'Le nozze di Figaro': 'Mozart', 'The Marriage of Figaro': 'Mozart',
  'Fidelio': 'Beethoven',
  'Der Freischütz': 'Weber',
  'Hänsel und Gretel': 'Humperdinck', 'Hansel and Gretel': 'Humperdinck',
  'Der fliegende Holländer': 'Wagner', 'The Flying Dutchman': 'Wagner', 'Lohengrin': 'Wagner',
  'Il barbiere di Siviglia': 'Rossini', 'The Barber of Seville': 'Rossini',
  'Schwanensee': 'Tschaikowsky', 'Der Nussknacker': 'Tschaikowsky', 'Dornröschen': 'Tschaikowsky',
  'Swan Lake': 'Tchaikovsky', 'The Nutcracker': 'Tchaikovsky', 'The Sleeping Beauty': 'Tchaikovsky',
  'Giselle': 'Adam',
  'Romeo und Julia – Ballett': 'Prokofjew', 'Romeo and Juliet – Ballet': 'Prokofiev',
  'Le Sacre du printemps': 'Strawinsky', 'The Rite of Spring': 'Stravinsky',
  'Im weißen Rößl': 'Benatzky', 'The Pirates of Penzance': 'Sullivan',
};

const HOUSE_COMPANY: Record<Language, { opera: string; ballet: string; orchestra: string }> = {
  de: { opera: 'Opernensemble', ballet: 'Ballettcompagnie', orchestra: 'Städtisches Sinfonieorchester' },
  en: { opera: 'House Opera Company', ballet: 'House Ballet Company', orchestra: 'City Symphony Orchestra' },
};

const hash = (text: string) => createHash('sha1').update(text).digest().readUInt32BE(0);

/** Distinct names from `list` chosen by the title. */
function some(list: string[], title: string, n: number): string[] {
  const out: string[] = [];
  for (let k = 0; out.length < Math.min(n, list.length); k++) {
    const name = list[hash(`${title}#${k}`) % list.length];
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/** `kind` is the seed's own kind of show (catalog-plan EventCategory). */
export function programmeOf(title: string, kind: string, language: Language): Programme {
  const empty: Programme = { lineups: [], setlists: [] };
  switch (kind) {
    case 'concert': {
      const artist = ARTISTS[language].find((a) => title.startsWith(a));
      // Roles from spec 3 §3's list, so the demo's own events pass their event and ITC forms.
      return artist ? { lineups: [{ artist_name: artist, artist_type: 'band' }], setlists: [] } : empty;
    }
    case 'festival':
      return { lineups: some(ARTISTS[language], title, 3).map((a) => ({ artist_name: a, artist_type: 'band' })), setlists: [] };
    case 'classical': {
      // "3. Sinfoniekonzert – Beethoven: Sinfonie Nr. 9" or "Ensemble Aurora – Brahms: Violinkonzert"
      const dash = title.lastIndexOf(' – ');
      const work = dash >= 0 ? title.slice(dash + 3) : title;
      const head = dash >= 0 ? title.slice(0, dash) : '';
      const ensemble = ENSEMBLES[language].includes(head) ? head : HOUSE_COMPANY[language].orchestra;
      const colon = work.indexOf(': ');
      return {
        lineups: [{ artist_name: ensemble, artist_type: 'orchestra' }],
        setlists: colon > 0 ? [{ artist_name: work.slice(0, colon), track: work.slice(colon + 2) }] : [],
      };
    }
    case 'opera':
    case 'dance':
    case 'musical': {
      const composer = COMPOSERS[title];
      if (!composer) return empty;
      const company = kind === 'dance' ? HOUSE_COMPANY[language].ballet : HOUSE_COMPANY[language].opera;
      return { lineups: [{ artist_name: company, artist_type: 'ensemble' }], setlists: [{ artist_name: composer, track: title }] };
    }
    case 'comedy': {
      const comedian = COMEDIANS[language].find((c) => title.startsWith(`${c}:`));
      const names = comedian ? [comedian] : some(COMEDIANS[language], title, 3);
      return { lineups: names.map((c) => ({ artist_name: c, artist_type: 'comedian' })), setlists: [] };
    }
    default:
      return empty;
  }
}
