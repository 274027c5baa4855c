// Who may self-register under a partner (src/server/modules/partners/registration.ts): the
// partner's domain and its subdomains, or anyone once open registration is on.
import { describe, expect, it } from 'vitest';
import { emailInDomain, mayRegister, normaliseDomain } from '../../../src/server/modules/partners/registration';

describe('registration domain', () => {
  it('accepts the exact domain and its subdomains, in any case', () => {
    expect(emailInDomain('anna@konzerthaus.example', 'konzerthaus.example')).toBe(true);
    expect(emailInDomain('Anna@Tickets.Konzerthaus.Example', 'konzerthaus.example')).toBe(true);
    expect(emailInDomain('anna@a.b.konzerthaus.example', 'Konzerthaus.Example')).toBe(true);
    expect(emailInDomain('anna@konzerthaus.example.', 'konzerthaus.example')).toBe(true);
  });

  it('refuses look-alikes, other domains and broken input', () => {
    expect(emailInDomain('x@evil-konzerthaus.example', 'konzerthaus.example')).toBe(false);
    expect(emailInDomain('x@konzerthaus.example.evil.test', 'konzerthaus.example')).toBe(false);
    expect(emailInDomain('x@example', 'konzerthaus.example')).toBe(false);
    expect(emailInDomain('konzerthaus.example', 'konzerthaus.example')).toBe(false);
    expect(emailInDomain('@konzerthaus.example', 'konzerthaus.example')).toBe(false);
    // the local part does not count: only what follows the last @
    expect(emailInDomain('konzerthaus.example@evil.test', 'konzerthaus.example')).toBe(false);
    expect(emailInDomain('"a@konzerthaus.example"@evil.test', 'konzerthaus.example')).toBe(false);
    // a partner without a domain lets nobody in by domain
    expect(emailInDomain('x@anything.test', '')).toBe(false);
  });

  it('reads a stored domain written as @domain or *.domain', () => {
    expect(normaliseDomain(' @Konzerthaus.Example ')).toBe('konzerthaus.example');
    expect(normaliseDomain('*.konzerthaus.example')).toBe('konzerthaus.example');
    expect(emailInDomain('a@sub.konzerthaus.example', '*.konzerthaus.example')).toBe(true);
  });

  it('open registration lets any address in', () => {
    expect(mayRegister({ domain: 'konzerthaus.example', openRegistration: false }, 'x@elsewhere.test')).toBe(false);
    expect(mayRegister({ domain: 'konzerthaus.example', openRegistration: true }, 'x@elsewhere.test')).toBe(true);
  });
});
