// Who may self-register under a partner (security review, finding 10). A registrant becomes a
// member with the dashboard permission — enough to upload into the partner's storage — so by
// default only addresses of the partner's own domain (spec 1 §1 `domain`) may register.
// Decision: the exact domain and any subdomain of it match (anna@konzerthaus.example and
// anna@tickets.konzerthaus.example for domain konzerthaus.example); a look-alike such as
// evil-konzerthaus.example or konzerthaus.example.evil does not. A partner admin may open
// registration to every address (settings #system, PUT /partners/registration).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partners } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { RegistrationSetting } from '../../../lib/contracts/partners';

/** A domain as stored or typed: lower case, without a leading '@' or '*.', or a trailing dot. */
export function normaliseDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/^@/, '').replace(/^\*\./, '').replace(/\.$/, '');
}

/** Does `email` belong to `domain` — the domain itself or one of its subdomains? */
export function emailInDomain(email: string, domain: string): boolean {
  const d = normaliseDomain(domain);
  const at = email.lastIndexOf('@');
  if (!d || at < 1) return false;
  const host = normaliseDomain(email.slice(at + 1));
  return host === d || host.endsWith(`.${d}`);
}

/** May `email` self-register with this partner? */
export function mayRegister(partner: Pick<typeof partners.$inferSelect, 'domain' | 'openRegistration'>, email: string): boolean {
  return partner.openRegistration || emailInDomain(email, partner.domain);
}

export async function getRegistrationSetting(db: Db, partnerId: number): Promise<RegistrationSetting> {
  const [row] = await db.select({ open: partners.openRegistration, domain: partners.domain }).from(partners).where(eq(partners.id, partnerId)).limit(1);
  if (!row) throw notFound('Partner');
  return { open_registration: row.open, domain: row.domain };
}

export async function setOpenRegistration(db: Db, partnerId: number, open: boolean): Promise<RegistrationSetting> {
  await db.update(partners).set({ openRegistration: open }).where(eq(partners.id, partnerId));
  return getRegistrationSetting(db, partnerId);
}
