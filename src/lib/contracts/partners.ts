// Settings #system › Registration (security review, finding 10): whether anyone may register on
// /partners/{id}/register, or only addresses of the partner's domain (spec 1 §1 `domain`) and its
// subdomains. GET and PUT /partners/registration need the settings permission.
import { z } from 'zod';

export const RegistrationSetting = z.object({
  /** true: any email address may self-register; false: only the partner's domain. */
  open_registration: z.boolean(),
  /** The partner's domain (spec 1 §1), shown next to the switch. */
  domain: z.string(),
});
export type RegistrationSetting = z.infer<typeof RegistrationSetting>;

export const RegistrationSettingRequest = z.object({ open_registration: z.boolean() });
export type RegistrationSettingRequest = z.infer<typeof RegistrationSettingRequest>;
