// contracts: issue 3 complete
// spec 1 §7 Authentication and profile
import { z } from 'zod';
import { text } from './common';
import { LANGUAGES, PERMISSIONS } from '../constants';

export const Challenge = z.enum(['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA', 'EMAIL_OTP', 'MFA_SETUP']);
export type Challenge = z.infer<typeof Challenge>;

export const MfaSettings = z.object({
  preferred_mfa: z.string().nullable(),
  activate_mfa: z.array(z.string()),
  required: z.boolean(),
  softwareTokenMfa: z.boolean(),
  emailTotp: z.boolean(),
});
export type MfaSettings = z.infer<typeof MfaSettings>;

export const LoginRequest = z.object({
  username: text().trim().min(1).max(320),
  password: text().min(1).max(1024),
  mfa_option: text().max(64).nullish(),
  device_key: text().max(256).nullish(),
  device_group_key: text().max(256).nullish(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({
  AccessToken: z.string().nullable(),
  IdToken: z.string().nullable(),
  RefreshToken: z.string().nullable(),
  ExpiresIn: z.number().int().nullable(),
  TokenType: z.literal('Bearer'),
  Challenge: Challenge.nullable(),
  ChallengeSession: z.string().nullable(),
  DeviceKey: z.string().nullable(),
  DeviceGroupKey: z.string().nullable(),
  mfa_settings: MfaSettings,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const Permission = z.object({ name: z.enum(PERMISSIONS), is_enabled: z.boolean() });
export const PermissionsResponse = z.array(Permission);
export type PermissionsResponse = z.infer<typeof PermissionsResponse>;

export const FeaturesResponse = z.record(z.string(), z.boolean());
export type FeaturesResponse = z.infer<typeof FeaturesResponse>;

export const Profile = z.object({
  id: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  name: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  zoneinfo: z.string(),
  locale: z.string(),
  language: z.enum(LANGUAGES),
  camp_notice_period: z.number().int(),
  multi_partner_view: z.string(),
  isAdmin: z.boolean(),
  isBackOfficeAdmin: z.boolean(),
  accessLevel: z.string(),
  partnerId: z.number().int().nullable(),
  cognitoGroups: z.array(z.string()),
});
export type Profile = z.infer<typeof Profile>;

export const UpdateProfileRequest = z
  .object({
    given_name: text().trim().min(1).max(120),
    family_name: text().trim().min(1).max(120),
    language: z.enum(LANGUAGES),
    multi_partner_view: text().max(32),
  })
  .partial()
  .strict();
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const PartnerDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  campaign_recommendations: z.boolean(),
  demand_prediction: z.boolean(),
  vertical: z.string(),
  attribution_model_default: z.string(),
  product: z.enum(['prisma', 'full-service']),
  currency: z.string().length(3),
});
export type PartnerDetails = z.infer<typeof PartnerDetails>;

export const MyGroupsResponse = z.array(PartnerDetails.pick({ id: true, name: true, product: true }));
export type MyGroupsResponse = z.infer<typeof MyGroupsResponse>;

export const SelectPartnerRequest = z.object({ partner_id: z.number().int().positive() }).strict();
export type SelectPartnerRequest = z.infer<typeof SelectPartnerRequest>;

export const TotalUnreadResponse = z.object({ total_unread: z.number().int().nonnegative() });

// ---------------------------------------------------------------------------------------------
// Issue 3: challenges, MFA, tokens, sessions, account flows (spec 1 §2.4, §2.5, §4.1, §5, §7).
// Every privilege change (challenge passed, MFA change, password change) answers a LoginResponse
// with the tokens of a NEW session (the cookie is replaced as well).
// ---------------------------------------------------------------------------------------------

export const MfaMethod = z.enum(['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']);
export type MfaMethod = z.infer<typeof MfaMethod>;

/** spec 1 §9 OTP length 6, digits only (spec 1 §5 MFA code). */
export const OtpCode = z.string().trim().regex(/^\d{6}$/, 'six digits');

const Email = text().trim().toLowerCase().pipe(z.email().max(320));
/** Strength is checked by the server (error.password.policy), not here, so each key is reported. */
const NewPassword = text().max(1024);
const ChallengeSessionToken = text().min(16).max(256);

/** The answer of calls that only confirm (spec 1 §7 "→ success"). */
export const SuccessResponse = z.object({ success: z.boolean() });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

// PUT /auth/challenge/new-password → LoginResponse (a following challenge, e.g. MFA_SETUP, or tokens)
export const NewPasswordChallengeRequest = z.object({
  username: text().trim().min(1).max(320),
  session: ChallengeSessionToken,
  new_password: NewPassword,
});
export type NewPasswordChallengeRequest = z.infer<typeof NewPasswordChallengeRequest>;

// PUT /auth/challenge/mfa-token → LoginResponse (DeviceKey/DeviceGroupKey set when remember_device)
export const MfaTokenChallengeRequest = z.object({
  username: text().trim().min(1).max(320),
  session: ChallengeSessionToken,
  mfa_token: OtpCode,
  mfa_method: MfaMethod,
  remember_device: z.boolean().nullish(),
});
export type MfaTokenChallengeRequest = z.infer<typeof MfaTokenChallengeRequest>;

// POST /auth/mfa/email/resend → SuccessResponse (a new code; the previous one dies)
export const MfaEmailResendRequest = z.object({
  username: text().trim().min(1).max(320),
  session: ChallengeSessionToken,
});
export type MfaEmailResendRequest = z.infer<typeof MfaEmailResendRequest>;

// POST /auth/refresh_token: the refresh token from the body (bearer clients) or, when absent,
// from the HttpOnly refresh cookie (browser). Both cookies are rotated.
export const RefreshTokenRequest = z.object({
  token: text().max(256).nullish(),
  device_key: text().max(256).nullish(),
  device_group_key: text().max(256).nullish(),
});
export type RefreshTokenRequest = z.infer<typeof RefreshTokenRequest>;

export const RefreshTokenResponse = z.object({
  AccessToken: z.string(),
  TokenType: z.literal('Bearer'),
  IdToken: z.string(),
  /** The rotated refresh token; the one sent is now spent (reusing it ends the session family). */
  RefreshToken: z.string(),
  ExpiresIn: z.number().int(),
  /**
   * When the sign-in ends (ISO 8601): renewals keep it, so the session countdown shows this, not
   * the 15-minute access token (issue 20 §4). Also in the cookie `encore_session_ends_at`.
   */
  session_ends_at: z.string(),
});
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponse>;

// GET /auth/session: the access token's expiry for the session countdown (renew 5 min before).
// The same instant is also in the non-HttpOnly cookie `encore_expires_at` (epoch milliseconds).
export const SessionInfoResponse = z.object({
  expires_at: z.string(), // ISO 8601
  expires_in: z.number().int(), // seconds from now
  refresh_expires_at: z.string().nullable(),
  /** When the sign-in ends: refresh_expires_at, or expires_at for a session that cannot be renewed. */
  session_ends_at: z.string(),
  /** true for a pre-MFA session that may only set up MFA (spec 1 §2.2). */
  mfa_setup_required: z.boolean(),
});
export type SessionInfoResponse = z.infer<typeof SessionInfoResponse>;

// POST /auth/initiate_forgot_password → SuccessResponse (always, whether or not the email exists)
export const InitiateForgotPasswordRequest = z.object({ email: Email });
export type InitiateForgotPasswordRequest = z.infer<typeof InitiateForgotPasswordRequest>;

// POST /auth/confirm_forgot_password → SuccessResponse
export const ConfirmForgotPasswordRequest = z.object({
  email: Email,
  conf_code: text().trim().min(1).max(32),
  new_password: NewPassword,
});
export type ConfirmForgotPasswordRequest = z.infer<typeof ConfirmForgotPasswordRequest>;

// POST /auth/partners/{partner_id}/users → SuccessResponse (a confirmation code is mailed)
export const PartnerIdParam = z.object({ partner_id: z.coerce.number().int().positive().max(2_147_483_647) });
export const RegisterRequest = z.object({
  email: Email,
  password: NewPassword,
  given_name: text().trim().min(1).max(120),
  family_name: text().trim().min(1).max(120),
  partner_id: z.coerce.number().int().positive().max(2_147_483_647),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

// POST /auth/partners/users/confirm → SuccessResponse
export const ConfirmRegistrationRequest = z.object({ email: Email, conf_code: text().trim().min(1).max(32) });
export type ConfirmRegistrationRequest = z.infer<typeof ConfirmRegistrationRequest>;

// POST /auth/partners/{partner_id}/update_users → SuccessResponse. Needs the signed-in session of
// a user flagged needs_update; email must be the account's own (change it via /profile/email).
export const UpdateUsersRequest = z.object({
  email: Email,
  password: NewPassword,
  name: text().trim().min(1).max(241),
  partner_id: z.coerce.number().int().positive().max(2_147_483_647),
});
export type UpdateUsersRequest = z.infer<typeof UpdateUsersRequest>;

// GET /auth/mfa/configure/totp → a new (not yet active) authenticator secret
export const TotpSetupResponse = z.object({
  /** data:image/png;base64 QR code of otpauth_uri */
  qr_uri: z.string(),
  /** base32 secret for manual entry */
  qr_secret: z.string(),
  otpauth_uri: z.string(),
});
export type TotpSetupResponse = z.infer<typeof TotpSetupResponse>;

// PUT /auth/mfa/configure/totp → LoginResponse (activates TOTP preferred + email; new session)
export const TotpVerifyRequest = z.object({ mfa_token: OtpCode });
export type TotpVerifyRequest = z.infer<typeof TotpVerifyRequest>;

// GET /auth/mfa/settings → MfaSettings
// PUT /auth/mfa/settings → LoginResponse (new session; mfa_settings updated)
export const MfaSettingsUpdateRequest = z.object({
  mfa_option_class: MfaMethod,
  status: z.enum(['ENABLED', 'DISABLED']),
  preferred: z.boolean().nullish(),
});
export type MfaSettingsUpdateRequest = z.infer<typeof MfaSettingsUpdateRequest>;

// DELETE /auth/mfa/totp → LoginResponse (authenticator removed after re-authentication)
export const RemoveTotpRequest = z.object({ password: text().min(1).max(1024) });
export type RemoveTotpRequest = z.infer<typeof RemoveTotpRequest>;

// GET /auth/sessions → SessionList; DELETE /auth/sessions/{id} → 204 (404 for another user's id)
export const SessionSummary = z.object({
  id: z.string(),
  /** When the current token of this sign-in was issued (each renewal issues a new one). */
  created_at: z.string(),
  /** When the user signed in; renewals keep it (issue 20 §4: the list showed the last renewal). */
  signed_in_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export const SessionList = z.array(SessionSummary);
export type SessionSummary = z.infer<typeof SessionSummary>;
export type SessionList = z.infer<typeof SessionList>;
export const SessionIdParam = z.object({ id: z.string().uuid() });

// POST /profile/email → SuccessResponse (code mailed to the new address); confirm → Profile
export const EmailChangeRequest = z.object({ new_email: Email, password: text().min(1).max(1024) });
export type EmailChangeRequest = z.infer<typeof EmailChangeRequest>;
export const EmailChangeConfirmRequest = z.object({ code: OtpCode });
export type EmailChangeConfirmRequest = z.infer<typeof EmailChangeConfirmRequest>;

// GET /dev/mailbox (demo only; ?token= or X-Dev-Mailbox-Token, else a signed-in user's own mails)
// → the outbox, newest first; ?to= filters by recipient
export const MailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string(),
  language: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
});
export const MailboxResponse = z.array(MailboxMessage);
export type MailboxMessage = z.infer<typeof MailboxMessage>;
export type MailboxResponse = z.infer<typeof MailboxResponse>;
