// The partner vocabulary the runner hands the parser: the server's own loader, so the runner
// measures what the server does.
import type { Db } from '../../src/server/db/client';
import type { Vocabulary } from '../../src/server/engines/nlq';
import { loadVocabulary } from '../../src/server/modules/nlq/vocabulary';

export async function loadPartnerVocabulary(db: Db, partnerId: number): Promise<{ vocabulary: Vocabulary; source: string }> {
  return { vocabulary: await loadVocabulary(db, partnerId), source: 'src/server/modules/nlq/vocabulary.ts' };
}
