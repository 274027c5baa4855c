// A question is parsed in the language it is written in, which need not be the interface's: box
// office staff with an English interface still type German. Common function words decide; a tie
// keeps the interface language.
const DE = new Set(
  'der die das den dem des und oder nicht kein keine keinen mit für fuer im in am vom zum zur welche welcher welches wer wie viele alle haben hat hatten sind ist waren seit vor nach letzten letzte letztes nächste naechste kunden veranstaltungen tickets karten gekauft besucht umsatz jahr monat woche über ueber mehr als weniger noch'.split(
    ' ',
  ),
);
const EN = new Set(
  'the a an and or not no with for in on at of to which who what how many all have has had are is were since before after last next customers events tickets bought visited revenue year month week over more than less yet never'.split(
    ' ',
  ),
);

export function questionLanguage(text: string, uiLanguage: 'en' | 'de'): 'en' | 'de' {
  let de = /[äöüß]/i.test(text) ? 2 : 0;
  let en = 0;
  for (const word of text.toLowerCase().split(/[^a-zäöüß]+/)) {
    if (!word) continue;
    // Words both languages use ("in", "die" aside) count for neither.
    const inDe = DE.has(word);
    const inEn = EN.has(word);
    if (inDe && !inEn) de++;
    else if (inEn && !inDe) en++;
  }
  if (de > en) return 'de';
  if (en > de) return 'en';
  return uiLanguage;
}
