// The copy of every notification a producer sends, in en and de. Bodies are markdown: the list
// renders them sanitised and the mail carries them as text. Values are escaped for markdown so a
// file or event name cannot inject links or markup.
//
// A notification stores its template's name and raw values (template_data.template/.params) and
// is rendered when it is read, in the reader's language at that moment (issue 20 §4: a German
// "72.9 %" stayed German after switching to English). Numbers are formatted here, per language.
import type { Language } from '../../../lib/constants';
import type { NotificationTopic } from '../../../lib/notification-topics';

/** Raw values: numbers stay numbers until the copy is rendered for a language; null shows '–'. */
export type TemplateVars = Record<string, string | number | null>;
/** The values as one language shows them. */
type ShownVars = Record<string, string>;

interface Copy {
  title: string;
  body: string;
}

export interface NotificationTemplate {
  topic: NotificationTopic;
  copy: Record<Language, (v: ShownVars) => Copy>;
}

/** Backslash-escapes markdown syntax in a value placed into a body. */
export function mdEscape(value: string | number): string {
  return String(value).replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

const e = mdEscape;

export const TEMPLATES = {
  salesImportFinished: {
    topic: 'sales',
    copy: {
      en: (v) => ({ title: 'Sales import finished', body: `The sales file for **${e(v.event)}** was imported: ${e(v.days)} day(s), ${e(v.tickets)} ticket(s).` }),
      de: (v) => ({ title: 'Verkaufsimport abgeschlossen', body: `Die Verkaufsdatei für **${e(v.event)}** wurde importiert: ${e(v.days)} Tag(e), ${e(v.tickets)} Ticket(s).` }),
    },
  },
  salesImportFailed: {
    topic: 'sales',
    copy: {
      en: (v) => ({ title: 'Sales import failed', body: `The sales file for **${e(v.event)}** could not be imported (${e(v.reason)}). Nothing was changed; fix the file and upload it again.` }),
      de: (v) => ({ title: 'Verkaufsimport fehlgeschlagen', body: `Die Verkaufsdatei für **${e(v.event)}** konnte nicht importiert werden (${e(v.reason)}). Es wurde nichts geändert; korrigieren Sie die Datei und laden Sie sie erneut hoch.` }),
    },
  },
  salesAdjustmentFinished: {
    topic: 'sales',
    copy: {
      en: (v) => ({ title: 'Sales adjustments imported', body: `Your edited sales export was imported: ${e(v.events)} event(s) updated.` }),
      de: (v) => ({ title: 'Verkaufskorrekturen importiert', body: `Ihr bearbeiteter Verkaufsexport wurde importiert: ${e(v.events)} Veranstaltung(en) aktualisiert.` }),
    },
  },
  salesAdjustmentFailed: {
    topic: 'sales',
    copy: {
      en: (v) => ({ title: 'Sales adjustment import failed', body: `Your edited sales export could not be imported (${e(v.reason)}). Nothing was changed.` }),
      de: (v) => ({ title: 'Import der Verkaufskorrekturen fehlgeschlagen', body: `Ihr bearbeiteter Verkaufsexport konnte nicht importiert werden (${e(v.reason)}). Es wurde nichts geändert.` }),
    },
  },
  eventBelowBenchmark: {
    topic: 'event',
    copy: {
      en: (v) => ({ title: `Below benchmark: ${v.event}`, body: `**${e(v.event)}** on ${e(v.date)} is now predicted to sell **${e(v.predicted)} %** of capacity, below comparable events (${e(v.benchmark)} %).` }),
      de: (v) => ({ title: `Unter Benchmark: ${v.event}`, body: `Für **${e(v.event)}** am ${e(v.date)} werden jetzt **${e(v.predicted)} %** der Kapazität erwartet, weniger als bei vergleichbaren Veranstaltungen (${e(v.benchmark)} %).` }),
    },
  },
  historyImportFinished: {
    topic: 'sales',
    copy: {
      en: (v) => ({
        title: 'Ticketing history imported',
        body: `Import finished: **${e(v.moved)}** ${v.moved === '1' ? 'forecast' : 'forecasts'} moved by more than ${e(v.points)} points, **${e(v.below)}** ${v.below === '1' ? 'event' : 'events'} below benchmark.\n\n${e(v.created)} ${v.created === '1' ? 'event' : 'events'} created, ${e(v.updated)} updated, ${e(v.transactions)} ${v.transactions === '1' ? 'transaction' : 'transactions'}.`,
      }),
      de: (v) => ({
        title: 'Ticketing-Historie importiert',
        body: `Import abgeschlossen: **${e(v.moved)}** ${v.moved === '1' ? 'Prognose' : 'Prognosen'} um mehr als ${e(v.points)} Punkte verändert, **${e(v.below)}** ${v.below === '1' ? 'Veranstaltung' : 'Veranstaltungen'} unter Benchmark.\n\n${e(v.created)} ${v.created === '1' ? 'Veranstaltung' : 'Veranstaltungen'} angelegt, ${e(v.updated)} aktualisiert, ${e(v.transactions)} ${v.transactions === '1' ? 'Transaktion' : 'Transaktionen'}.`,
      }),
    },
  },
  uploadFinished: {
    topic: 'upload',
    copy: {
      en: (v) => ({ title: 'Upload finished', body: `Your file **${e(v.file)}** (${e(v.size)}) was uploaded.\n\n[Download ${e(v.file)}](${v.link})` }),
      de: (v) => ({ title: 'Upload abgeschlossen', body: `Ihre Datei **${e(v.file)}** (${e(v.size)}) wurde hochgeladen.\n\n[${e(v.file)} herunterladen](${v.link})` }),
    },
  },
  packageReady: {
    topic: 'package',
    copy: {
      en: (v) => ({ title: 'Package ready', body: `Your package **${e(v.name)}** is built: ${e(v.customers)} customers in ${e(v.variations)} variation(s), ready to review and export.` }),
      de: (v) => ({ title: 'Paket fertig', body: `Ihr Paket **${e(v.name)}** ist erstellt: ${e(v.customers)} Kunden in ${e(v.variations)} Variante(n), bereit zur Prüfung und zum Export.` }),
    },
  },
  packageFailed: {
    topic: 'package',
    copy: {
      en: (v) => ({ title: 'Package failed', body: `Your package **${e(v.name)}** could not be built. Open it to try again.` }),
      de: (v) => ({ title: 'Paket fehlgeschlagen', body: `Ihr Paket **${e(v.name)}** konnte nicht erstellt werden. Öffnen Sie es, um es erneut zu versuchen.` }),
    },
  },
} satisfies Record<string, NotificationTemplate>;

export type TemplateName = keyof typeof TEMPLATES;

export function isTemplateName(name: unknown): name is TemplateName {
  return typeof name === 'string' && Object.hasOwn(TEMPLATES, name);
}

/** spec 1 §9: the locales behind the languages (en maps to en-US). */
const LOCALE: Record<Language, string> = { en: 'en-US', de: 'de-DE' };

/** A number as the language writes it, at most one decimal: en 72.9 and 1,250; de 72,9 and 1.250. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], { maximumFractionDigits: 1 }).format(value);
}

function shown(vars: TemplateVars, language: Language): ShownVars {
  const out: ShownVars = {};
  for (const [k, v] of Object.entries(vars)) out[k] = v === null ? '–' : typeof v === 'number' ? formatNumber(v, language) : v;
  return out;
}

/** The copy of a template with its values, in one language. */
export function renderTemplate(name: TemplateName, vars: TemplateVars, language: Language): Copy {
  const template: NotificationTemplate = TEMPLATES[name];
  return template.copy[language](shown(vars, language));
}
