// How the package builder's screens write dates, money and counts (spec 1 §9: DD.MM.YYYY and
// HH:mm in UTC; money in the partner's currency, spec 3 §9 "currency from userCurrency"), and the
// one way a failed call becomes a sentence (spec 3 §8: a server code maps to common.serverErrors).
import type { TinyT } from '../../lib/i18n/tiny';
import { ApiError } from '../../lib/api/client';

const pad = (n: number) => String(n).padStart(2, '0');
const locale = (language: string) => (language === 'de' ? 'de-DE' : 'en-US');

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'DD.MM.YYYY' of a UTC day or instant. */
export function formatDay(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}` : '';
}

/** 'DD.MM.YYYY, HH:mm' in UTC: how an event's start is shown everywhere (spec 3 "Event row"). */
export function formatDateTime(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? `${formatDay(iso)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : '';
}

/** A local clock time, for "checked at" lines. */
export function formatClock(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function formatMoney(value: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(locale(language), {
      style: 'currency',
      currency,
      maximumFractionDigits: 2,
    }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}

export function formatNumber(value: number, language: string, digits = 0): string {
  return new Intl.NumberFormat(locale(language), {
    maximumFractionDigits: digits,
  }).format(value);
}

/** A failure as the user reads it: the code's translation, else the given fallback key. */
export function errorText(t: TinyT, err: unknown, fallbackKey: string): string {
  if (err instanceof ApiError) {
    if (err.cancelled) return t('common.errors.requestCanceled');
    if (err.code.startsWith('error.')) {
      const key = `common.serverErrors.${err.code}`;
      const text = t(key);
      if (text !== key) return text;
    }
  }
  return t(fallbackKey);
}
