// @vitest-environment jsdom
// The creative form's AI helpers in a DOM (spec 2 §4 "Topic report and autofill", §2 co-create
// card): the overwrite warning comes first only when the field has text, the loading dialog can be
// cancelled (and cancels the request), a failed answer opens the error dialog whose retry fills the
// field, and the co-create card asks in the chosen language and hands a suggestion to onUse.
import { createElement } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerateCreativesParams } from '../../../src/lib/api/creativeCopy';
import type { GenerateCreativesResponse } from '../../../src/lib/contracts/creative-copy';

type Call = { params: GenerateCreativesParams; signal?: AbortSignal; resolve(r: GenerateCreativesResponse): void; reject(e: unknown): void };
const calls: Call[] = [];
vi.mock('../../../src/lib/api/creativeCopy', () => ({
  generateCreatives: (params: GenerateCreativesParams, signal?: AbortSignal) =>
    new Promise<GenerateCreativesResponse>((resolve, reject) => {
      calls.push({ params, signal, resolve, reject });
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }),
}));

const { AutofillButton } = await import('../../../src/islands/campaigns/wizard/ai/AutofillButton');
const { CoCreateCard } = await import('../../../src/islands/campaigns/wizard/ai/CoCreateCard');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  calls.length = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const render = (el: ReturnType<typeof createElement>) => act(() => root.render(el));
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
/** Outside an I18nIsland the translator answers the keys, so buttons are found by key. */
const button = (label: string, scope: ParentNode = document) =>
  [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === label || b.getAttribute('aria-label') === label);
const click = async (el: HTMLElement | undefined | null) => {
  expect(el, 'element to click').toBeTruthy();
  await act(async () => el!.click());
};
const settle = async (call: Call, r: GenerateCreativesResponse) => act(async () => call.resolve(r));
const ok = (results: string[]): GenerateCreativesResponse => ({ success: true, results, sandbox: true });

const props = (current: string[], onFill = vi.fn()) => ({ eventId: 'e1', tc: 2, tcRunId: 7, field: 'headline' as const, language: 'de' as const, current, onFill });

describe('AutofillButton', () => {
  it('asks nothing when the field is blank: loading, then the texts go in', async () => {
    const onFill = vi.fn();
    await render(createElement(AutofillButton, props(['', ' '], onFill)));
    await click(button('campaigns.wizard.ai.autofill.button'));
    expect(dialog()?.textContent).toContain('campaigns.wizard.ai.loading.title');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toMatchObject({ eventId: 'e1', tc: 2, tcRunId: 7, field: 'headline', language: 'de', count: 3 });
    await settle(calls[0]!, ok(['A', 'B', 'C']));
    expect(onFill).toHaveBeenCalledWith(['A', 'B', 'C']);
    expect(dialog()).toBeNull();
    expect(container.querySelector('[data-testid="sandbox-badge"]')).not.toBeNull();
  });

  it('warns before replacing text; cancel keeps it and sends nothing, proceed asks', async () => {
    const onFill = vi.fn();
    await render(createElement(AutofillButton, props(['Mine', ''], onFill)));
    await click(button('campaigns.wizard.ai.autofill.button'));
    expect(dialog()?.textContent).toContain('campaigns.wizard.ai.overwrite.title');
    await click(button('campaigns.wizard.ai.overwrite.cancel', dialog()!));
    expect(dialog()).toBeNull();
    expect(calls).toHaveLength(0);
    await click(button('campaigns.wizard.ai.autofill.button'));
    await click(button('campaigns.wizard.ai.overwrite.proceed', dialog()!));
    expect(calls).toHaveLength(1);
    await settle(calls[0]!, ok(['X']));
    expect(onFill).toHaveBeenCalledWith(['X']);
  });

  it('cancelling the loading dialog aborts the request and fills nothing', async () => {
    const onFill = vi.fn();
    await render(createElement(AutofillButton, props([], onFill)));
    await click(button('campaigns.wizard.ai.autofill.button'));
    await click(button('campaigns.wizard.ai.loading.cancel', dialog()!));
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(dialog()).toBeNull();
    expect(onFill).not.toHaveBeenCalled();
  });

  it('a failed answer opens the error dialog; retry asks again and fills', async () => {
    const onFill = vi.fn();
    await render(createElement(AutofillButton, { ...props([], onFill), field: 'description' }));
    await click(button('campaigns.wizard.ai.autofill.button'));
    expect(calls[0]!.params.count).toBe(1);
    await settle(calls[0]!, { success: false, results: [], sandbox: false });
    expect(dialog()?.textContent).toContain('campaigns.wizard.ai.error.title');
    await click(button('common.retry', dialog()!));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.reject(new Error('network')));
    expect(dialog()?.textContent).toContain('campaigns.wizard.ai.error.title');
    await click(button('common.retry', dialog()!));
    await settle(calls[2]!, ok(['Eine Beschreibung.']));
    expect(onFill).toHaveBeenCalledOnce();
    expect(onFill).toHaveBeenCalledWith(['Eine Beschreibung.']);
    expect(dialog()).toBeNull();
  });
});

describe('CoCreateCard', () => {
  const cardProps = (over: Record<string, unknown> = {}) => ({ eventId: 'e1', tc: 2, tcRunId: 7, language: 'fr' as const, onLanguageChange: vi.fn(), onUse: vi.fn(), ...over });

  it('suggests bodies and headlines in the chosen language and hands one to onUse once', async () => {
    const onUse = vi.fn();
    await render(createElement(CoCreateCard, cardProps({ onUse })));
    expect(calls).toHaveLength(0);
    await click(button('campaigns.wizard.ai.coCreate.suggest'));
    expect(calls.map((c) => [c.params.field, c.params.language])).toEqual([['body', 'fr'], ['headline', 'fr']]);
    await settle(calls[0]!, ok(['Corps 1', 'Corps 2']));
    await settle(calls[1]!, ok(['Titre 1']));
    const items = [...container.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['Corps 1campaigns.wizard.ai.coCreate.use', 'Corps 2campaigns.wizard.ai.coCreate.use', 'Titre 1campaigns.wizard.ai.coCreate.use']);
    await click(container.querySelectorAll<HTMLButtonElement>('li button')[2]);
    expect(onUse).toHaveBeenCalledWith('headline', 'Titre 1');
    expect(container.querySelectorAll<HTMLButtonElement>('li button')[2]!.disabled).toBe(true);
    expect(container.querySelector('[data-testid="sandbox-badge"]')).not.toBeNull();
  });

  it('a language change is reported and, once suggestions are shown, asks again in it (cancelling the old request)', async () => {
    const onLanguageChange = vi.fn();
    await render(createElement(CoCreateCard, cardProps({ onLanguageChange })));
    const select = container.querySelector('select')!;
    expect([...select.options].map((o) => o.value)).toEqual(['en', 'de', 'fr', 'pt', 'cz', 'hr', 'fi', 'sv', 'es', 'it', 'nl', 'pl']);
    await act(async () => {
      select.value = 'pl';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onLanguageChange).toHaveBeenCalledWith('pl');
    expect(calls).toHaveLength(0);
    await click(button('campaigns.wizard.ai.coCreate.suggest'));
    await act(async () => {
      select.value = 'sv';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(calls.slice(2).map((c) => c.params.language)).toEqual(['sv', 'sv']);
  });

  it('shows the error with a retry when the writer fails', async () => {
    await render(createElement(CoCreateCard, cardProps()));
    await click(button('campaigns.wizard.ai.coCreate.suggest'));
    await settle(calls[0]!, { success: false, results: [], sandbox: false });
    await settle(calls[1]!, ok(['T']));
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('campaigns.wizard.ai.error.message');
    await click(button('common.retry'));
    expect(calls).toHaveLength(4);
  });
});
