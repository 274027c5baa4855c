// The chat messages sent to an LLM: the task, the limits and the facts as JSON. The facts are all
// the model ever sees of Encore's data (types.ts CopyFacts: event and cluster, no customer).
import { CREATIVE_LANGUAGES, CREATIVE_TEXT } from '../../../lib/contracts/setup-process';
import type { CopyRequest } from './types';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

const WHAT = {
  headline: 'ad headlines (short, catchy, one line)',
  body: 'ad primary texts (one to three sentences that make people want to buy a ticket)',
  description: 'ad link descriptions (one short sentence under the headline)',
} as const;

export function buildMessages(req: CopyRequest): ChatMessage[] {
  const language = CREATIVE_LANGUAGES[req.language];
  const max = CREATIVE_TEXT[req.field].max;
  const system = [
    'You write copy for Facebook and Instagram ads that sell tickets to live events.',
    'Use only the facts given; never invent performers, dates, prices or places.',
    'Address the audience described by the taste cluster, but never mention that it is a cluster or segment.',
    'Answer with a JSON object {"texts": [...]} and nothing else.',
  ].join(' ');
  const user = [
    `Write ${req.count} different ${WHAT[req.field]} in ${language}.`,
    `Each text must have at most ${max} characters, no line breaks, no surrounding quotes.`,
    `Facts (JSON): ${JSON.stringify(req.facts)}`,
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
