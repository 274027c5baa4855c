// Rendering a stored notification for its reader (issue 20 §4): a notification made from a
// template keeps the template's name and raw values in template_data, and the list, the detail
// and the mail render them in the reader's language at that moment — numbers included (en
// "72.9 %", de "72,9 %"). The demo's seeded ones carry their text in each language (COPIES_KEY).
// Rows without either (written before) show their stored text.
import type { Language } from '../../../lib/constants';
import { isTemplateName, renderTemplate, type TemplateName, type TemplateVars } from './templates';

/** Keys of template_data that are ours, not the client's (toItem leaves them out). */
export const TEMPLATE_KEY = 'template';
export const PARAMS_KEY = 'params';
/** The demo's seeded notifications: their own text in each language ({ en: {title, body}, de: … }). */
export const COPIES_KEY = 'copies';

export function withTemplate(data: Record<string, unknown> | null, template: TemplateName, vars: TemplateVars): Record<string, unknown> {
  return { ...(data ?? {}), [TEMPLATE_KEY]: template, [PARAMS_KEY]: vars };
}

function isVars(value: unknown): value is TemplateVars {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
}

/** Title and body of a stored notification in `language`. */
export function renderedCopy(row: { title: string; body: string; templateData: unknown }, language: Language): { title: string; body: string } {
  const data = row.templateData as Record<string, unknown> | null;
  const copies = data?.[COPIES_KEY] as Record<string, { title?: unknown; body?: unknown }> | undefined;
  const own = copies && typeof copies === 'object' ? copies[language] : undefined;
  if (own && typeof own.title === 'string' && typeof own.body === 'string') return { title: own.title, body: own.body };
  const name = data?.[TEMPLATE_KEY];
  const params = data?.[PARAMS_KEY];
  if (!isTemplateName(name) || !isVars(params)) return { title: row.title, body: row.body };
  try {
    return renderTemplate(name, params, language);
  } catch {
    // Values that no longer fit the template (renamed since): the text as it was sent.
    return { title: row.title, body: row.body };
  }
}

/** template_data as the client sees it: without the template and its values. */
export function clientTemplateData(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { [TEMPLATE_KEY]: _t, [PARAMS_KEY]: _p, [COPIES_KEY]: _c, ...rest } = data as Record<string, unknown>;
  return data && (TEMPLATE_KEY in data || PARAMS_KEY in data || COPIES_KEY in data) && Object.keys(rest).length === 0 ? null : rest;
}
