// Words that carry no condition of their own (articles, pronouns, question words, auxiliaries,
// polite filler). Every other word of a question must be understood, or the question is refused
// as not understood (docs/NLQ-ENGINE.md "No guessing") — so this list is deliberately generous
// with function words and deliberately empty of content words.
// Function words, auxiliaries, fillers and connectives as box-office staff type them (issue 21 §3:
// one such word refused a fully understood question). Grouped by kind so a missing one is easy to
// spot; none of them names a condition. Connectives that do carry meaning are keywords instead
// ("und/oder/aber", "sowohl … als auch" = und, "weder … noch" = a negation, ./match.ts).
const FUNCTION_WORDS_DE = `
  habe hast hat haben habt hatte hattest hatten hattet haette haetten bin bist ist sind seid war warst waren wart waere waeren
  werde wirst wird werden werdet wurde wurdest wurden wuerde wuerdest wuerden worden geworden gewesen
  kann kannst koennen koennt konnte konnten koennte koennten darf darfst duerfen durfte duerfte duerften muss musst muessen musste muessten
  soll sollst sollen sollte sollten will willst wollen wollte wollten moechte moechtest moechten mag moegen
  ich du er sie es wir ihr mir mich dir dich uns euch ihm ihn ihnen man einem einen jemand niemandem
  dass ob wenn falls weil da damit sodass wobei wie wo wann woran womit wovon wozu worauf
  denen deren dessen derer diejenigen dieselben welche welcher welches welchen welchem irgendwelche irgendwelchen solche solchen
  bitte bitteschoen mal nochmal nochmals eigentlich eben halt ja doch wohl vielleicht eventuell ungefaehr etwa circa gerne gern kurz schnell
  sowohl ueberhaupt insbesondere besonders speziell ebenfalls ausserdem zudem uebrigens genauer naemlich sprich also quasi
  gibts gibt gab gegeben haste hamse zeig zeige zeigen zeigt zeigst anzeigen liste listet auflisten nenne nennen nenn sag sage sagen verrate
  finde finden such suche suchen schau schaue schauen gucken guck ermittle ermitteln hole holen hol raussuchen heraussuchen
  brauche brauchen benoetige benoetigen interessiert interessieren wissen weiss
  stattfinden stattfindet stattfanden stattgefunden stattfand findet fand fanden statt laufen laeuft lief liefen gelaufen steht stehen ansteht anstehen
  spielt spielen spielte spielten gespielt aufgefuehrt auffuehren gegeben angeboten
  innerhalb waehrenddessen laufe rahmen zeitraum zeitraums
  jeweils allesamt saemtliche saemtlichen alle allen aller alles jene jener jenen
  verschiedene verschiedenen verschiedener unterschiedliche unterschiedlichen unterschiedlicher
  durchschnittliche durchschnittlichen durchschnittlicher durchschnittliches ausschliesslich lediglich
  gar schonmal schonmals jemals irgendwann vorher zuvor davor
  musik durchschnittl durchschn abgelehnt abgemeldet abbestellt ausgetragen
`;
const FUNCTION_WORDS_EN = `
  am is are was were be been being do does did done doing have has had having
  can could may might must shall should will would i'd i'm i've we'd we're let's lets
  i me my we us our you your he him his she her they them their it its one ones someone anyone somebody anybody
  that which who whom whose what whats what's where when how whether if because while though although
  please kindly just really actually basically maybe perhaps roughly about approximately around quickly quick
  show shows display list lists give tell find search look looking fetch pull retrieve get getting see know let need want wanted like
  there here out up also both either
  take takes taking took taken place places happen happens happened happening occur occurs occurred held hold holds run runs ran running
  play plays played playing staged performed put on
  during within throughout course
  starting commencing onwards given handed issued back again returned
  who've who'd they've we've you've whove theyve
  different distinct separate various exclusively solely
  pls plz thx ty music
`;
export const STOP_WORDS = new Set(
  `welche welcher welches welchen welchem wer wen wem wessen was wie wieviele wieviel viele viel zeige zeig zeigen zeigt mir uns
  alle aller allen alles liste listen auflisten aufgelistet anzeigen gib gebe geben finde finden such suche suchen ermittle ermitteln bestimme
  brauche benoetige moechte moechten will wollen wuerde wuerden bitte danke hallo hi hey kannst koenntest kann koennen darf duerfen soll sollen
  der die das den dem des ein eine einen einem einer eines im in am an auf zu zum zur bei beim von vom ins ans um durch bis
  hat habe haben hatten hatte sind ist bin war waren wurden wurde werden wird worden sein gewesen gibt gab geworden
  sich sie er es wir ich ihr ihre ihren ihrem ihrer sein seine seinen seiner deren dessen diese dieser dieses diesen diejenigen derjenigen jene jener
  noch schon bereits jemals je mal etwa ungefaehr circa ca insgesamt gesamt total jeweils bisher bislang nur auch dann so da dort hier dabei davon
  denn doch eben halt ja nun also etc usw bzw irgendein irgendeine einige etwas jemand mehrere jeder jede jedes jeden
  daten datensaetze eintraege informationen infos info details liste ergebnis ergebnisse id ids anzahl summe durchschnitt durchschnittlich
  list show me all which who whom whose what how many much give find search get need want would like please thanks hello
  the a an of to in on at by from into onto with about as than then that this these those there here their them they it its our we us i you your
  is are was were be been being do does did done have has had having can could may might shall should will
  any some every everything everyone everybody each several anyone someone something anything ever yet still already just only also too so such very
  data records entries information info details results result ids id number count total sum average avg overall
  gekommen kamen came go gehen ging genommen took getaetigt made gemacht erhalten received got bekommen spielt spielen gespielt played playing
  stattfinden stattgefunden findet fanden statt takes took place happen happened happening laufen lief laeuft runs ran running
  tatsaechlich really actually eigentlich wirklich letztendlich mindestens einfach genau hinweg insgesamt zusammen together
  haben. seit since
  wann when wo where welcher welchem whats what's einzigen einzige einzigen single both beide beiden ueberhaupt at all anything etwas on da overall jemals ever
  momentan derzeit aktuell currently gerade now jetzt heute
  als wohnen wohnt leben lebt live lives living reside resides liegt liegen lag lies
  braeuchte braeuchten haette haetten gern gerne hol holen
  angegeben angeben angab gesagt sagten said say says stated indicated answered replied geantwortet
  ${FUNCTION_WORDS_DE}
  ${FUNCTION_WORDS_EN}`.split(/\s+/).filter(Boolean),
);
