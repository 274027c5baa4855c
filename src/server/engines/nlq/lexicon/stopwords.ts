// Words that carry no condition of their own (articles, pronouns, question words, auxiliaries,
// polite filler). Every other word of a question must be understood, or the question is refused
// as not understood (docs/NLQ-ENGINE.md "No guessing") — so this list is deliberately generous
// with function words and deliberately empty of content words.
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
  any some every each several anyone someone something anything ever yet still already just only also too so such very
  data records entries information info details results result ids id number count total sum average avg overall
  gekommen kamen came go gehen ging genommen took getaetigt made gemacht erhalten received got bekommen spielt spielen gespielt played playing
  stattfinden stattgefunden findet fanden statt takes took place happen happened happening laufen lief laeuft runs ran running
  tatsaechlich really actually eigentlich wirklich letztendlich mindestens einfach genau hinweg insgesamt zusammen together
  haben. seit since
  momentan derzeit aktuell currently gerade now jetzt heute`.split(/\s+/).filter(Boolean),
);
