// Taste families: the event categories of spec 2 §3 folded into what an audience has a taste for.
// Thirteen categories are too many dimensions for a few thousand customers (most buy two or three
// kinds of show), and the distinctions inside a family (symphony vs chamber music) do not make a
// different audience for an ad.

export const FAMILIES = ['classical', 'opera', 'musical', 'dance', 'theatre', 'pop', 'comedy', 'family', 'other'] as const;
export type Family = (typeof FAMILIES)[number];

/** The family of each known category; any other category (products aside) is 'other'. */
export const CATEGORY_FAMILY: Readonly<Record<string, Family>> = {
  symphony: 'classical',
  chamber: 'classical',
  vocal: 'classical',
  opera: 'opera',
  operetta_musical: 'musical',
  ballet: 'dance',
  dance: 'dance',
  theatre: 'theatre',
  spoken: 'theatre',
  rock_pop: 'pop',
  comedy: 'comedy',
  education: 'family',
  other: 'other',
  uncategorized: 'other',
};

/**
 * The family of an event category; null for products (vouchers and passes say nothing about
 * taste). A category this table does not know counts as 'other' rather than being lost.
 */
export function familyOf(category: string): Family | null {
  if (category === 'product') return null;
  return CATEGORY_FAMILY[category] ?? 'other';
}

export const familyIndex = (f: Family): number => FAMILIES.indexOf(f);

type Text = { en: string; de: string };

/** How a cluster dominated by one family is called. */
export const FAMILY_AUDIENCE: Record<Family, Text> = {
  classical: { en: 'Classical music lovers', de: 'Klassikliebhaber' },
  opera: { en: 'Opera lovers', de: 'Opernliebhaber' },
  musical: { en: 'Musical fans', de: 'Musical-Fans' },
  dance: { en: 'Ballet & dance lovers', de: 'Ballett- und Tanzbegeisterte' },
  theatre: { en: 'Theatre-goers', de: 'Theaterpublikum' },
  pop: { en: 'Rock & pop fans', de: 'Rock- und Pop-Fans' },
  comedy: { en: 'Comedy fans', de: 'Comedy-Fans' },
  family: { en: 'Families', de: 'Familien' },
  other: { en: 'Sports & event fans', de: 'Sport- und Eventfans' },
};

/** The family as a topic, for labels naming two families ("Fans of opera & ballet"). */
export const FAMILY_TOPIC: Record<Family, Text> = {
  classical: { en: 'classical music', de: 'Klassik' },
  opera: { en: 'opera', de: 'Oper' },
  musical: { en: 'musicals', de: 'Musicals' },
  dance: { en: 'ballet', de: 'Ballett' },
  theatre: { en: 'theatre', de: 'Theater' },
  pop: { en: 'rock & pop', de: 'Rock & Pop' },
  comedy: { en: 'comedy', de: 'Comedy' },
  family: { en: 'family shows', de: 'Familienprogramm' },
  other: { en: 'sports & events', de: 'Sport & Events' },
};

/** Interest keywords for a campaign's targeting and topic chips (spec 2 §3 Topic keyword). */
export const FAMILY_KEYWORDS: Record<Family, { en: string[]; de: string[] }> = {
  classical: { en: ['Classical music', 'Symphony orchestra', 'Chamber music'], de: ['Klassische Musik', 'Sinfonieorchester', 'Kammermusik'] },
  opera: { en: ['Opera', 'Opera house', 'Classical music'], de: ['Oper', 'Opernhaus', 'Klassische Musik'] },
  musical: { en: ['Musical theatre', 'Musicals', 'Broadway theatre'], de: ['Musiktheater', 'Musicals', 'Broadway'] },
  dance: { en: ['Ballet', 'Contemporary dance', 'Performing arts'], de: ['Ballett', 'Zeitgenössischer Tanz', 'Darstellende Kunst'] },
  theatre: { en: ['Theatre', 'Drama', 'Performing arts'], de: ['Theater', 'Schauspiel', 'Darstellende Kunst'] },
  pop: { en: ['Concerts', 'Rock music', 'Pop music'], de: ['Konzerte', 'Rockmusik', 'Popmusik'] },
  comedy: { en: ['Stand-up comedy', 'Comedy', 'Cabaret'], de: ['Stand-up-Comedy', 'Comedy', 'Kabarett'] },
  family: { en: ['Family', "Children's theatre", 'Parenting'], de: ['Familie', 'Kindertheater', 'Eltern'] },
  other: { en: ['Sports', 'Festivals', 'Live events'], de: ['Sport', 'Festivals', 'Live-Events'] },
};
