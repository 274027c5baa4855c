// The fixed words of Sentinel questions (both languages, folded): comparisons, negation, the
// nouns of the three outcomes and their measures, verbs that tell which date a time expression
// means, ordering and grouping words. Everything else a question may hold is either a value of
// the partner's vocabulary (./vocabulary-lexicon.ts) or a stop word (./stopwords.ts).
import type { Entity, Measure } from '../typed-query';

export type Cmp = '>' | '>=' | '<' | '<=' | '=' | '!=';

export type KeywordItem =
  | { k: 'cmp'; op: Cmp; postfix?: boolean }
  | { k: 'neg'; both?: true }
  | { k: 'noun'; entity?: Entity; measure: Measure }
  | { k: 'money' }
  | { k: 'percent' }
  | { k: 'verb'; v: 'visit' | 'buy' | 'spend' }
  | { k: 'for' }
  | { k: 'from' }
  | { k: 'with' }
  | { k: 'by' }
  | { k: 'group' }
  | { k: 'sortby' }
  | { k: 'dir'; dir: 'asc' | 'desc' }
  | { k: 'top' }
  /** `upcoming`: "the next 5 events" ranks the ones still ahead. */
  | { k: 'super'; dir: 'asc' | 'desc'; measure?: Measure; field?: string; upcoming?: true }
  | { k: 'age' }
  | { k: 'older'; op: Cmp }
  /** "oder später", "or earlier" after a year or an age: the named one and everything after / before it. */
  | { k: 'later'; later: boolean }
  | { k: 'name' }
  | { k: 'contains' }
  | { k: 'eq' }
  | { k: 'boundary' }
  | { k: 'conj' }
  | { k: 'or' }
  | { k: 'times'; n: number }
  | { k: 'soldout' }
  | { k: 'adsAllowed' }
  | { k: 'upcoming'; dir: 'future' | 'past' }
  | { k: 'status'; value: 'CANCELLED' | 'FLAGGED' | 'HIDDEN' }
  | { k: 'newCustomers' }
  /** "zum ersten Mal", "first-time": the first purchase falls in the time named (parse.ts). */
  | { k: 'firstTime' }
  /** "in einer einzigen Buchung", "in a single transaction": an amount of one transaction (parse.ts). */
  | { k: 'single' }
  | { k: 'between' };

const E = (words: string, item: KeywordItem): [string[], KeywordItem] => [words.split('|'), item];

export const KEYWORDS: [string[], KeywordItem][] = [
  E('mehr als|more than|over|ueber|greater than|groesser als|higher than|hoeher als|above|oberhalb|exceeding|>|mehr wie|laenger als|oefter als|haeufiger als|more often than|more frequently than|more times than', { k: 'cmp', op: '>' }),
  E('mindestens|mind|mindst|wenigstens|at least|ab|>=|minimum|min|nicht weniger als|no less than|no fewer than', { k: 'cmp', op: '>=' }),
  E('weniger als|less than|fewer than|unter|under|below|kleiner als|niedriger als|lower than|<|unterhalb|weniger wie', { k: 'cmp', op: '<' }),
  E('hoechstens|maximal|max|at most|bis zu|up to|no more than|nicht mehr als|<=|maximum', { k: 'cmp', op: '<=' }),
  E('genau|exactly|=|gleich|equal to|equals|precisely', { k: 'cmp', op: '=' }),
  E('ungleich|nicht gleich|not equal to|!=|<>', { k: 'cmp', op: '!=' }),
  E('zwischen|between', { k: 'between' }),
  E('oder mehr|or more|und mehr|and more|oder mehr als|plus', { k: 'cmp', op: '>=', postfix: true }),
  E('oder weniger|or less|or fewer|und weniger', { k: 'cmp', op: '<=', postfix: true }),
  // After a year the later one is younger; after an age the older one is more ("60 oder älter").
  E('oder spaeter|or later|und spaeter|and later|oder juenger|or younger|und juenger|and younger|or after|oder danach|or newer|oder neuer|and after', { k: 'later', later: true }),
  E('oder frueher|or earlier|und frueher|and earlier|oder aelter|or older|und aelter|and older|or before|oder davor|oder vorher|and before', { k: 'later', later: false }),
  E('ausserhalb|ausserhalb von|outside|outside of|ausser|except|excluding|exclude|other than|ausgenommen|abgesehen von|bis auf|nie|niemals|never|haven\'t|hasn\'t|didn\'t|don\'t|doesn\'t|weren\'t|wasn\'t|isn\'t|aren\'t|havent|hasnt|didnt|dont|doesnt|kein|keine|keinen|keiner|keinem|keines|no|not|nicht|ohne|without|nothing|nichts|none|noch nie|noch kein|noch keine|noch keinen|noch nicht|not yet|nicht mehr|nichts mehr|nix mehr|nix|keine mehr|keinen mehr|kein mehr|no longer|not anymore|anymore|zero|null', { k: 'neg' }),
  E('kunden|kunde|kundin|kundinnen|kaeufer|kaeuferin|besucher|besucherin|besucherinnen|gaeste|gast|customers|customer|buyers|buyer|visitors|visitor|attendees|attendee|patrons|patron|personen|person|people|leute|zuschauer|ticketkaeufer|clients|client|abnehmer|kundschaft|publikum|audience|fans|fan|spenders|spender|menschen|leuten|interessenten|holders|holder|members|member|folks|ppl|inhaber|inhaberin|inhaberinnen|mitglieder|mitglied|everyone|everybody|anyone who|anybody who|all those|jeder der|alle die|diejenigen die', { k: 'noun', entity: 'customers', measure: 'customers' }),
  E('konzerte|konzert|concerts|concert|auftritte|auftritt|appearances|appearance|gastspiele|gastspiel|veranstaltungen|veranstaltung|vorstellungen|vorstellung|auffuehrungen|auffuehrung|events|event|shows|show|performances|performance|termine|termin|produktionen|produktion|abende|abend|gigs|gig|concerts and events|spieltermine|spieltermin|nights|evenings|aufführungen', { k: 'noun', entity: 'events', measure: 'events' }),
  E('besuche|besuch|visits|visit|veranstaltungsbesuche', { k: 'noun', measure: 'events' }),
  E('tickets|ticket|karten|karte|eintrittskarten|eintrittskarte|tix|plaetze verkauft|billets|billet|tickets verkauft|verkaufte tickets|sold tickets|tickets sold|ticketverkaeufe', { k: 'noun', measure: 'tickets' }),
  E('transaktionen|transaktion|transactions|transaction|txns|txn|trx|kaeufe|kauf|einkaeufe|einkauf|buchungen|buchung|bestellungen|bestellung|purchases|purchase|orders|order|bookings|booking|verkaeufe|verkauf|sales transactions|ticketkaeufe|ticketkauf|vorgaenge|zahlungen|payments|positionen', { k: 'noun', entity: 'transactions', measure: 'transactions' }),
  E('umsatz|umsaetze|revenue|revenues|sales|einnahmen|erloes|erloese|gesamtumsatz|total revenue|total spend|spending|ausgaben|geld|money|wert|value|umsatzes|turnover|lifetime value|kaufwert|gesamtwert', { k: 'noun', measure: 'revenue' }),
  E('€|eur|euro|euros|£|gbp|pfund|pound|pounds|$|usd|dollar|dollars|chf|franken', { k: 'money' }),
  E('%|prozent|percent|per cent|pct', { k: 'percent' }),
  E('besucht|besuchten|besuchen|besuchte|besucht haben|gesehen|visited|attended|attend|attending|went to|been to|seen|saw|go to|goes to|waren bei|waren in|dabei|teilgenommen|war bei|war in', { k: 'verb', v: 'visit' }),
  E('gekauft|kauften|kaufen|kaufte|gebucht|buchten|bucht|buchen|bestellt|bestellten|erworben|bought|purchased|buy|buys|booked|book|ordered|verkauft|verkauften|verkaufte|sold|selling|abgesetzt|gekauft haben|geholt|besorgt|erstanden|eingekauft|einkaufen|eingekaufte|shopped|shop|used|benutzt|genutzt|verwendet|ausgelastet', { k: 'verb', v: 'buy' }),
  E('ausgegeben|ausgeben|spent|spend|spends|bezahlt|bezahlten|paid|gezahlt|gezahlten|investiert|umgesetzt|gelassen|liessen', { k: 'verb', v: 'spend' }),
  E('fuer|for', { k: 'for' }),
  E('aus|from|wohnhaft in|wohnen in|wohnt in|leben in|lebt in|living in|live in|lives in|based in|stammen aus|kommen aus|kommt aus|wohnhaft|resident in|residents of|who live in', { k: 'from' }),
  E('mit|with|having|hat|haben|has|have|had|hatten|hatte|besitzen|via|featuring|feature|features|feat|ft', { k: 'with' }),
  E('nach|by|nach dem|nach der|according to', { k: 'by' }),
  E('pro|per|je|jeweils pro|aufgeschluesselt nach|gruppiert nach|grouped by|broken down by|split by|for each|fuer jede|fuer jeden|aufgeteilt nach|getrennt nach|each', { k: 'group' }),
  E('sortiert nach|sortieren nach|sortiere nach|sorted by|ordered by|order by|sort by|geordnet nach|sortiert|sorted|ranked by|gerankt nach|ranking nach|rangliste nach', { k: 'sortby' }),
  E('absteigend|descending|desc|highest first|groesste zuerst|von oben', { k: 'dir', dir: 'desc' }),
  E('aufsteigend|ascending|asc|lowest first|kleinste zuerst', { k: 'dir', dir: 'asc' }),
  E('top|die top|the top|beste|besten|bester|best|besten kunden', { k: 'top' }),
  E('umsatzstaerkste|umsatzstaerksten|umsatzstaerkster|umsatzstaerkstes|highest grossing|top grossing|highest-grossing|top-grossing|biggest spenders|top spenders|hoechsten umsatz|highest revenue|most revenue|meisten umsatz|groessten umsatz|umsatzreichsten|umsatzreichste|lukrativsten|most lucrative|most profitable|profitabelsten', { k: 'super', dir: 'desc', measure: 'revenue' }),
  E('umsatzschwaechste|umsatzschwaechsten|lowest grossing|lowest revenue|niedrigsten umsatz|geringsten umsatz|least revenue|wenigsten umsatz', { k: 'super', dir: 'asc', measure: 'revenue' }),
  E('meistverkaufte|meistverkauften|bestverkaufte|bestverkauften|best-selling|bestselling|best selling|top-selling|top selling|meistgebuchte|meistgebuchten|most booked|most popular|beliebteste|beliebtesten|meistbesuchte|meistbesuchten|most visited|most attended|gefragteste|gefragtesten', { k: 'super', dir: 'desc', measure: 'tickets' }),
  E('schlechtestverkaufte|schlechtestverkauften|worst-selling|worst selling|least popular|unbeliebteste|unbeliebtesten|am schlechtesten verkauft', { k: 'super', dir: 'asc', measure: 'tickets' }),
  E('treueste|treuesten|loyalste|loyalsten|most loyal|most frequent|haeufigsten|haeufigste|fleissigsten|aktivsten|most active|eifrigsten', { k: 'super', dir: 'desc', measure: 'events' }),
  E('meiste|meisten|most|am meisten|hoechste|hoechsten|highest|groesste|groessten|largest|biggest|greatest|hoechster|groesster|stärksten|staerksten|stärkste|staerkste', { k: 'super', dir: 'desc' }),
  E('wenigste|wenigsten|fewest|least|niedrigste|niedrigsten|lowest|schlechteste|schlechtesten|schlechtester|worst|poorest|kleinste|kleinsten|smallest|geringste|geringsten|am wenigsten|schwaechsten|schwaechste|weakest|bottom|flop', { k: 'super', dir: 'asc' }),
  E('teuerste|teuersten|most expensive|priciest|teuerster', { k: 'super', dir: 'desc', field: 'price' }),
  E('guenstigste|guenstigsten|billigste|billigsten|cheapest|least expensive|preiswertesten|preiswerteste', { k: 'super', dir: 'asc', field: 'price' }),
  E('neueste|neuesten|newest|latest|juengste|juengsten|most recent|letzten|neuester|last|the last', { k: 'super', dir: 'desc', field: 'date' }),
  E('aelteste|aeltesten|oldest|earliest|fruehesten|frueheste|erste|ersten|first', { k: 'super', dir: 'asc', field: 'date' }),
  E('next|the next|naechsten|naechste|soonest', { k: 'super', dir: 'asc', field: 'date', upcoming: true }),
  E('alter|age|aged|jahre alt|years old|jahre|years|jahren|year old|alt|old|lebensjahr', { k: 'age' }),
  E('aelter als|older than|over the age of|ueber dem alter von', { k: 'older', op: '>' }),
  E('juenger als|younger than|under the age of', { k: 'older', op: '<' }),
  E('namens|named|called|heisst|heissen|mit namen|mit dem namen|name|namen|the name|with the name', { k: 'name' }),
  E('enthaelt|enthalten|contains|containing|contain|like|includes|including|beinhaltet|mit dem wort|with the word|auf|endet auf|ends with|endet mit|beginnt mit|starts with|begins with|anfaengt mit|starting with', { k: 'contains' }),
  E('ist|is|sind|are|lautet|lauten|equal|=|:|sein|be|war|was|were|waren', { k: 'eq' }),
  E('aber|but|jedoch|however|sondern|yet|allerdings|trotzdem|dennoch|whereas|waehrend|whilst|while', { k: 'boundary' }),
  E('und|and|sowie|as well as|&|auch|also|zusaetzlich|additionally|als auch|und auch|and also', { k: 'conj' }),
  E('oder|or|bzw|beziehungsweise|either', { k: 'or' }),
  E('einmal|once|ein mal|einmalig', { k: 'times', n: 1 }),
  E('zweimal|twice|zwei mal|2 mal|2x|doppelt', { k: 'times', n: 2 }),
  E('dreimal|thrice|drei mal|3 mal|3x|three times', { k: 'times', n: 3 }),
  E('mal|times|x', { k: 'times', n: 0 }),
  E('ausverkauft|ausverkaufte|ausverkauften|sold out|sold-out|soldout|restlos ausverkauft', { k: 'soldout' }),
  E('werbung erlaubt|werbeeinwilligung|werbung erhalten|werbung bekommen duerfen|darf werbung|duerfen werbung|marketing consent|opted in|opt in|opt-in|can receive ads|may receive advertising|accept ads|accepts ads|allow ads|kontaktierbar|contactable|can be contacted|einwilligung|newsletter erlaubt|accept marketing|accepts marketing|receive marketing|can receive marketing|open to marketing|marketing allowed|werbung erlaubt|duerfen werbung bekommen', { k: 'adsAllowed' }),
  E('kommt noch|kommen noch|steht noch an|stehen noch an|coming up|come up|comes up|still to come|yet to come', { k: 'upcoming', dir: 'future' }),
  E("haven't happened yet|hasn't happened yet|have not happened yet|has not happened yet|havent happened yet|hasnt happened yet|not happened yet|haven't taken place yet|hasn't taken place yet|not taken place yet|havent taken place yet|noch stattfinden|noch stattfindet|noch stattfindende|noch stattfindenden|noch anstehen|noch kommen|still taking place|still to come|still to take place|yet to take place|yet to happen|noch nicht gespielt|noch nicht gelaufen|noch nicht stattgefunden|not yet played|not played yet|yet to play|kommende|kommenden|zukuenftige|zukuenftigen|kuenftige|kuenftigen|bevorstehende|bevorstehenden|anstehende|anstehenden|upcoming|future|geplante|geplanten|planned|scheduled|noch kommenden", { k: 'upcoming', dir: 'future' }),
  E('schon gespielt|bereits gespielt|schon gelaufen|already played|already took place|vergangene|vergangenen|vergangener|fruehere|frueheren|past|previous|bisherige|bisherigen|abgelaufene|abgelaufenen|stattgefundene|stattgefundenen|gelaufene|gelaufenen|already held|held', { k: 'upcoming', dir: 'past' }),
  E('abgesagt|abgesagte|abgesagten|ausgefallen|ausgefallene|ausgefallenen|cancelled events|canceled events|called off', { k: 'status', value: 'CANCELLED' }),
  E('flagged|markiert|markierte|markierten|geflaggt|geflaggte|gekennzeichnet|gekennzeichnete|gekennzeichneten', { k: 'status', value: 'FLAGGED' }),
  E('hidden|versteckt|versteckte|versteckten|ausgeblendet|ausgeblendete|ausgeblendeten', { k: 'status', value: 'HIDDEN' }),
  E('in a single transaction|in one transaction|in a single purchase|in one purchase|in a single order|in one order|in a single booking|in one booking|in one go|at once|in einer einzigen buchung|in einer buchung|in einem einzigen kauf|in einem kauf|in einer einzigen bestellung|in einer bestellung|in einer einzigen transaktion|in einer transaktion|auf einmal|auf einen schlag', { k: 'single' }),
  E('erste mal|ersten mal|erstes mal|zum ersten mal|das erste mal|erstmals|erstmalig|first time|for the first time|first-time|first timers|first-timers|first timer', { k: 'firstTime' }),
  E('stammkunden|stammkunde|stammkundin|stammkundinnen|stammgaeste|stammgast|stammpublikum|regulars|regular customers|loyal customers|treue kunden', { k: 'noun', entity: 'customers', measure: 'customers' }),
  E('joined|signed up|became customers|became a customer|became customer|kunde geworden|kunden geworden|kundin geworden|dazugekommen|neukunden|neukunde|neue kunden|neuen kunden|new customers|new customer|newly registered|neu registriert|neu registrierte|neu angelegte kunden|new buyers|neue kaeufer|erstkunden|first-time customers|first time customers', { k: 'newCustomers' }),
];

/** Words that ask to change data: refused before anything else (spec 3 §8 attemptToWriteDetected). */
export const WRITE_WORDS = new Set([
  'delete', 'deletes', 'deleting', 'remove', 'removes', 'erase', 'purge', 'wipe', 'update', 'updates', 'updating', 'insert', 'inserts',
  'drop', 'truncate', 'alter', 'grant', 'revoke', 'overwrite', 'modify', 'rename', 'upsert', 'merge', 'replace',
  'loesche', 'loeschen', 'loesch', 'loescht', 'loeschung', 'entferne', 'entfernen', 'entfernt', 'aendere', 'aendern', 'aenderung',
  'aktualisiere', 'aktualisieren', 'fuege', 'einfuegen', 'ueberschreibe', 'ueberschreiben', 'setze', 'setzen', 'setzt', 'eintragen', 'hinterlege', 'hinterlegen', 'vermerke', 'vermerken', 'umbenennen', 'benenne',
  'vernichte', 'vernichten', 'anonymisiere', 'anonymisieren', 'anonymise', 'anonymize', 'markiere', 'markieren',
  'storniere', 'stornieren', 'cancel', 'refund', 'erstatte', 'erstatten', 'korrigiere', 'korrigieren', 'bearbeite', 'bearbeiten', 'edit',
  'create', 'erstelle', 'anlegen', 'hinzufuegen', 'execute', 'exec', 'abmelden', 'abmelde', 'unsubscribe', 'austragen', 'trage', 'deaktiviere', 'deaktivieren', 'deactivate', 'sperre', 'sperren', 'aktiviere', 'aktivieren', 'zuweisen', 'verschiebe', 'verschieben', 'archiviere', 'archivieren', 'archive', 'import', 'importiere', 'importieren', 'speichere', 'vacuum', 'reindex', 'lock', 'commit', 'rollback',
]);

/** Words that point at other partners' data (spec 3 §8 attemptToAccessOthersData). */
export const OTHERS_PHRASES: string[][] = [
  'alle partner', 'aller partner', 'allen partnern', 'all partners', 'every partner', 'andere partner', 'anderer partner', 'anderen partner', 'anderen partnern',
  'other partners', 'other partner', 'another partner', 'andere mandanten', 'anderer mandanten', 'anderen mandanten', 'alle mandanten', 'all tenants',
  'other tenants', 'other clients', 'another client', 'other organisers', 'other organizers', 'andere veranstalter', 'anderer veranstalter', 'anderen veranstaltern', 'anderen veranstalter',
  'other promoters', 'other promoter', 'andere promoter', 'anderer promoter', 'anderen promotern', 'andere haeuser', 'anderer haeuser', 'anderen haeusern', 'other theatres', 'other theaters', 'other venues operators',
  'fremde daten', 'fremden daten', 'fremder partner', 'other companies', 'andere firmen', 'anderer firmen', 'konkurrenz', 'competitors', 'competitor', 'wettbewerber',
  'partner_id', 'partner id', 'partnerid', 'mandant', 'tenant', 'tenant id', 'across partners', 'ueber alle partner', 'aller kunden aller', 'whole database', 'ganze datenbank', 'gesamte datenbank', 'all databases',
].map((p) => p.split(' '));
