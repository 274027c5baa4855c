// The copy of every notification a producer sends, in en and de. Bodies are markdown: the list
// renders them sanitised and the mail carries them as text. Values are escaped for markdown so a
// file or event name cannot inject links or markup.
import type { Language } from '../../../lib/constants';
import type { NotificationTopic } from '../../../lib/notification-topics';

export type TemplateVars = Record<string, string | number>;

interface Copy {
  title: string;
  body: string;
}

export interface NotificationTemplate {
  topic: NotificationTopic;
  copy: Record<Language, (v: TemplateVars) => Copy>;
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
  uploadFinished: {
    topic: 'upload',
    copy: {
      en: (v) => ({ title: 'Upload finished', body: `Your file **${e(v.file)}** (${e(v.size)}) was uploaded.\n\n[Download ${e(v.file)}](${v.link})` }),
      de: (v) => ({ title: 'Upload abgeschlossen', body: `Ihre Datei **${e(v.file)}** (${e(v.size)}) wurde hochgeladen.\n\n[${e(v.file)} herunterladen](${v.link})` }),
    },
  },
} satisfies Record<string, NotificationTemplate>;

export type TemplateName = keyof typeof TEMPLATES;
