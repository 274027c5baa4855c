// The sandbox copywriter's phrase book: per language of spec 2 §9, the category names and small
// templates for headlines, bodies and descriptions. Slots: {title}, {date} (day and month in the
// language), {category}, {artists} (needs a lineup) and {place} (needs a venue or city). Slavic
// and Finnish templates name the place and the performers as labels ("Nastupaju …: …", "… · place")
// so no slot has to be declined. `·` lines are language-neutral on purpose.
import type { CreativeLanguage } from '../../../lib/contracts/setup-process';

export interface PhraseBook {
  /** BCP 47 locale for dates and lists. */
  locale: string;
  categories: Record<string, string>;
  headline: string[];
  body: string[];
  description: string[];
}

const CATEGORY_CODES = ['ballet', 'chamber', 'comedy', 'dance', 'education', 'opera', 'operetta_musical', 'other', 'rock_pop', 'spoken', 'symphony', 'theatre', 'vocal'] as const;
const cats = (names: string): Record<string, string> => {
  const list = names.split('|');
  return Object.fromEntries(CATEGORY_CODES.map((c, i) => [c, list[i]!]));
};
const neutralDescription = ['{title} · {category} · {date}', '{category} · {date} · {place}', '{title} · {place} · {date}'];

export const PHRASES: Record<CreativeLanguage, PhraseBook> = {
  en: {
    locale: 'en-GB',
    categories: cats('Ballet|Chamber music|Comedy|Dance|Talks & learning|Opera|Operetta & musical|Live event|Rock & pop|Spoken word|Symphonic concert|Theatre|Vocal concert'),
    headline: ['{title} – live on {date}', "Don't miss {title}", '{category}: {title}', '{artists} live: {title}', '{title} · {place}'],
    body: [
      '{title} on {date}: experience it live. Get your tickets now!',
      'A night to remember: {title} on {date}. Book your tickets while they last.',
      '{title} is coming on {date}. Be there when it happens – book today.',
      'See {artists} live in {title} on {date}. Tickets on sale now.',
      '{title} on {date}, {place}. Secure the best seats now!',
    ],
    description: ['{title} on {date}. Tickets on sale now.', 'Tickets for {title} – {date}.', ...neutralDescription],
  },
  de: {
    locale: 'de-DE',
    categories: cats('Ballett|Kammermusik|Comedy|Tanz|Vortrag & Bildung|Oper|Operette & Musical|Live-Erlebnis|Rock & Pop|Lesung|Sinfoniekonzert|Theater|Vokalkonzert'),
    headline: ['{title} – live am {date}', '{title}: jetzt Tickets sichern', '{category}: {title}', '{artists} live: {title}', '{title} · {place}'],
    body: [
      '{title} am {date} – erlebe es live. Sichere dir jetzt deine Tickets!',
      'Ein Abend, der bleibt: {title} am {date}. Jetzt Tickets sichern, solange es noch welche gibt.',
      '{title} kommt am {date}. Sei dabei, wenn es passiert – jetzt Tickets buchen.',
      'Erlebe {artists} live bei {title} am {date}. Tickets gibt es jetzt.',
      '{title} am {date}, {place}. Sichere dir jetzt die besten Plätze!',
    ],
    description: ['{title} am {date}. Tickets jetzt erhältlich.', 'Tickets für {title} – {date}.', ...neutralDescription],
  },
  fr: {
    locale: 'fr-FR',
    categories: cats('Ballet|Musique de chambre|Comédie|Danse|Conférence|Opéra|Opérette & comédie musicale|Événement live|Rock & pop|Lecture|Concert symphonique|Théâtre|Concert vocal'),
    headline: ['{title} – en direct le {date}', 'Ne manquez pas {title}', '{category} : {title}', '{artists} en live : {title}', '{title} · {place}'],
    body: [
      "{title} le {date} : vivez l'expérience en direct. Réservez vos places dès maintenant !",
      "Une soirée inoubliable : {title} le {date}. Prenez vos billets tant qu'il en reste.",
      "{title} arrive le {date}. Soyez-y – réservez vos billets dès aujourd'hui.",
      'Découvrez {artists} en live dans {title} le {date}. Billets disponibles dès maintenant.',
      '{title} le {date}, {place}. Réservez vite les meilleures places !',
    ],
    description: ['{title} le {date}. Billets disponibles dès maintenant.', 'Billets pour {title} – {date}.', ...neutralDescription],
  },
  pt: {
    locale: 'pt-PT',
    categories: cats('Bailado|Música de câmara|Comédia|Dança|Formação|Ópera|Opereta & musical|Evento ao vivo|Rock & pop|Palavra dita|Concerto sinfónico|Teatro|Concerto vocal'),
    headline: ['{title} – ao vivo a {date}', 'Não perca {title}', '{category}: {title}', '{artists} ao vivo: {title}', '{title} · {place}'],
    body: [
      '{title} a {date}: viva a experiência ao vivo. Garanta já os seus bilhetes!',
      'Uma noite inesquecível: {title} a {date}. Compre os seus bilhetes enquanto há.',
      '{title} chega a {date}. Não fique de fora – reserve já os seus bilhetes.',
      'Veja {artists} ao vivo em {title} a {date}. Bilhetes já à venda.',
      '{title} a {date}, {place}. Garanta já os melhores lugares!',
    ],
    description: ['{title} a {date}. Bilhetes já à venda.', 'Bilhetes para {title} – {date}.', ...neutralDescription],
  },
  cz: {
    locale: 'cs-CZ',
    categories: cats('Balet|Komorní hudba|Komedie|Tanec|Přednáška|Opera|Opereta & muzikál|Živá akce|Rock & pop|Mluvené slovo|Symfonický koncert|Divadlo|Vokální koncert'),
    headline: ['{title} – živě {date}', 'Nenechte si ujít: {title}', '{category}: {title}', '{artists} živě: {title}', '{title} · {place}'],
    body: [
      '{title} již {date}. Zažijte to naživo a zajistěte si vstupenky ještě dnes!',
      'Večer, na který nezapomenete: {title}, {date}. Kupte si vstupenky, dokud jsou k mání.',
      'Přijďte na {title} – {date}. Rezervujte si vstupenky hned teď.',
      'Účinkují {artists}: {title}, {date}. Vstupenky jsou již v prodeji.',
      '{title}, {date}, {place}. Zajistěte si nejlepší místa!',
    ],
    description: ['{title}, {date}. Vstupenky jsou v prodeji.', 'Vstupenky na {title} – {date}.', ...neutralDescription],
  },
  hr: {
    locale: 'hr-HR',
    categories: cats('Balet|Komorna glazba|Komedija|Ples|Predavanje|Opera|Opereta & mjuzikl|Događaj uživo|Rock & pop|Izgovorena riječ|Simfonijski koncert|Kazalište|Vokalni koncert'),
    headline: ['{title} – uživo {date}', 'Ne propustite: {title}', '{category}: {title}', '{artists} uživo: {title}', '{title} · {place}'],
    body: [
      '{title}, {date}. Doživite to uživo – osigurajte svoje ulaznice već danas!',
      'Večer za pamćenje: {title}, {date}. Kupite ulaznice dok ih još ima.',
      'Dođite na {title} – {date}. Rezervirajte ulaznice odmah.',
      'Nastupaju {artists}: {title}, {date}. Ulaznice su u prodaji.',
      '{title}, {date}, {place}. Osigurajte najbolja mjesta!',
    ],
    description: ['{title}, {date}. Ulaznice su u prodaji.', 'Ulaznice za {title} – {date}.', ...neutralDescription],
  },
  fi: {
    locale: 'fi-FI',
    categories: cats('Baletti|Kamarimusiikki|Komedia|Tanssi|Luento|Ooppera|Operetti & musikaali|Live-tapahtuma|Rock & pop|Puhe ja lausunta|Sinfoniakonsertti|Teatteri|Laulukonsertti'),
    headline: ['{title} – livenä {date}', 'Älä missaa: {title}', '{category}: {title}', '{artists} livenä: {title}', '{title} · {place}'],
    body: [
      '{title} {date}. Koe se livenä – varmista liput jo tänään!',
      'Ilta, joka jää mieleen: {title} {date}. Osta liput, kun niitä vielä on.',
      '{title} saapuu {date}. Ole paikalla – varaa liput heti.',
      'Lavalla {artists}: {title} {date}. Liput nyt myynnissä.',
      '{title} {date}, {place}. Varmista parhaat paikat nyt!',
    ],
    description: ['{title} {date}. Liput nyt myynnissä.', 'Liput: {title} – {date}.', ...neutralDescription],
  },
  sv: {
    locale: 'sv-SE',
    categories: cats('Balett|Kammarmusik|Komedi|Dans|Föreläsning|Opera|Operett & musikal|Liveevenemang|Rock & pop|Uppläsning|Symfonikonsert|Teater|Sångkonsert'),
    headline: ['{title} – live den {date}', 'Missa inte {title}', '{category}: {title}', '{artists} live: {title}', '{title} · {place}'],
    body: [
      '{title} den {date}. Upplev det live – säkra dina biljetter redan i dag!',
      'En kväll att minnas: {title} den {date}. Köp biljetter medan de finns kvar.',
      '{title} kommer den {date}. Var med när det händer – boka biljetter nu.',
      'Upplev {artists} live i {title} den {date}. Biljetterna säljs nu.',
      '{title} den {date}, {place}. Säkra de bästa platserna nu!',
    ],
    description: ['{title} den {date}. Biljetter finns nu.', 'Biljetter till {title} – {date}.', ...neutralDescription],
  },
  es: {
    locale: 'es-ES',
    categories: cats('Ballet|Música de cámara|Comedia|Danza|Conferencia|Ópera|Opereta y musical|Evento en directo|Rock y pop|Palabra hablada|Concierto sinfónico|Teatro|Concierto vocal'),
    headline: ['{title}: en directo el {date}', 'No te pierdas {title}', '{category}: {title}', '{artists} en directo: {title}', '{title} · {place}'],
    body: [
      '{title} el {date}: vívelo en directo. ¡Consigue ya tus entradas!',
      'Una noche para recordar: {title} el {date}. Compra tus entradas mientras queden.',
      '{title} llega el {date}. No te quedes fuera: reserva tus entradas hoy.',
      'Disfruta de {artists} en directo en {title} el {date}. Entradas ya a la venta.',
      '{title} el {date}, {place}. ¡Asegura los mejores asientos!',
    ],
    description: ['{title} el {date}. Entradas ya a la venta.', 'Entradas para {title}: {date}.', ...neutralDescription],
  },
  it: {
    locale: 'it-IT',
    categories: cats('Balletto|Musica da camera|Commedia|Danza|Conferenza|Opera|Operetta e musical|Evento dal vivo|Rock e pop|Reading|Concerto sinfonico|Teatro|Concerto vocale'),
    headline: ['{title} – dal vivo, {date}', 'Non perdere {title}', '{category}: {title}', '{artists} dal vivo: {title}', '{title} · {place}'],
    body: [
      "{title}, {date}: un'esperienza da vivere dal vivo. Assicurati subito i biglietti!",
      'Una serata da ricordare: {title}, {date}. Acquista i biglietti finché ci sono.',
      '{title} arriva il {date}. Non mancare: prenota oggi i tuoi biglietti.',
      'Scopri {artists} dal vivo in {title}, {date}. Biglietti già in vendita.',
      '{title}, {date}, {place}. Assicurati i posti migliori!',
    ],
    description: ['{title}, {date}. Biglietti già in vendita.', 'Biglietti per {title} – {date}.', ...neutralDescription],
  },
  nl: {
    locale: 'nl-NL',
    categories: cats('Ballet|Kamermuziek|Comedy|Dans|Lezing|Opera|Operette & musical|Live-evenement|Rock & pop|Voordracht|Symfonieconcert|Theater|Vocaal concert'),
    headline: ['{title} – live op {date}', 'Mis {title} niet', '{category}: {title}', '{artists} live: {title}', '{title} · {place}'],
    body: [
      '{title} op {date}: beleef het live. Regel nu je tickets!',
      'Een avond om nooit te vergeten: {title} op {date}. Koop je tickets zolang het kan.',
      '{title} komt op {date}. Wees erbij – boek vandaag nog je tickets.',
      'Beleef {artists} live in {title} op {date}. Tickets nu te koop.',
      '{title} op {date}, {place}. Regel nu de beste plaatsen!',
    ],
    description: ['{title} op {date}. Tickets nu verkrijgbaar.', 'Tickets voor {title} – {date}.', ...neutralDescription],
  },
  pl: {
    locale: 'pl-PL',
    categories: cats('Balet|Muzyka kameralna|Komedia|Taniec|Wykład|Opera|Operetka i musical|Wydarzenie na żywo|Rock i pop|Słowo mówione|Koncert symfoniczny|Teatr|Koncert wokalny'),
    headline: ['{title} – na żywo {date}', 'Nie przegap: {title}', '{category}: {title}', '{artists} na żywo: {title}', '{title} · {place}'],
    body: [
      '{title}, {date}. Przeżyj to na żywo – kup bilety już dziś!',
      'Wieczór, który zapamiętasz: {title}, {date}. Kup bilety, póki są dostępne.',
      '{title} już {date}. Bądź tam – zarezerwuj bilety teraz.',
      'Wystąpią {artists}: {title}, {date}. Bilety już w sprzedaży.',
      '{title}, {date}, {place}. Zarezerwuj najlepsze miejsca!',
    ],
    description: ['{title}, {date}. Bilety już w sprzedaży.', 'Bilety na {title} – {date}.', ...neutralDescription],
  },
};
