// AI copy for the creative form on the wire — spec 2 §4 "Topic report and autofill", §7 "Generation
// and geo", §8 ("Generate-creatives failure returns success false"), §9 (3 creatives by default, the
// 12 languages). Needs the wave permission (src/lib/routes.ts API_RULES lists the path among the
// wizard's calls under /integrations, which otherwise need settings).
//
// Call:
//   GET /api/v3/integrations/openai/gpt-4.1/generate_creatives?event_id=&tc=&tc_run_id=
//       &creatives_type=headline|body|description&required_number_of_creatives=3&language=German
//     → 200 GenerateCreativesResponse. When the writer fails (the LLM timed out, answered garbage,
//       refused) the answer is still 200 with `success: false` and no results (spec 2 §7).
// Errors (ARCHITECTURE §3): 400 error.validation.invalid (bad query); 401 error.auth.unauthenticated;
// 403 error.auth.forbidden (subcode wave); 404 error.common.notFound (event or cluster not the
// partner's, or no such cluster in that run); 429 error.auth.rateLimited with Retry-After when a person
// has asked a real LLM 120 times in 10 minutes (the sandbox is not limited).
import { z } from 'zod';
import { CREATIVE_LANGUAGES, CREATIVE_LIST, type CreativeLanguage } from './setup-process';

export const COPY_FIELDS = ['headline', 'body', 'description'] as const;
export type CopyField = (typeof COPY_FIELDS)[number];
export const DEFAULT_CREATIVES = 3;
export const GENERATE_CREATIVES_PATH = '/integrations/openai/gpt-4.1/generate_creatives';

const byName = new Map(Object.entries(CREATIVE_LANGUAGES).map(([code, name]) => [name.toLowerCase(), code as CreativeLanguage]));

/** The full language name of spec 2 §7 ("German"); the code ("de") is accepted too. Answers the code. */
export const CopyLanguage = z
  .string()
  .trim()
  .max(40)
  .transform((s, ctx) => {
    const lower = s.toLowerCase();
    const code = byName.get(lower) ?? (lower in CREATIVE_LANGUAGES ? (lower as CreativeLanguage) : undefined);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: `One of ${Object.values(CREATIVE_LANGUAGES).join(', ')}` });
      return z.NEVER;
    }
    return code;
  });

export const GenerateCreativesQuery = z.object({
  event_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'An event id'),
  tc: z.coerce.number().int().min(0).max(1_000_000),
  tc_run_id: z.coerce.number().int().min(1).max(2_147_483_647),
  creatives_type: z.enum(COPY_FIELDS),
  required_number_of_creatives: z.coerce.number().int().min(1).max(CREATIVE_LIST.max).default(DEFAULT_CREATIVES),
  language: CopyLanguage,
});
export type GenerateCreativesQuery = z.input<typeof GenerateCreativesQuery>;

export const GenerateCreativesResponse = z.object({
  success: z.boolean(),
  results: z.array(z.string()),
  /** True when the sandbox writer (no LLM configured) wrote them: the UI shows the "Sandbox" badge. */
  sandbox: z.boolean(),
});
export type GenerateCreativesResponse = z.infer<typeof GenerateCreativesResponse>;
