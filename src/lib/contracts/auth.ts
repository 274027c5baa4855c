// spec 1 §7 Authentication and profile
import { z } from 'zod';
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
  username: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
  mfa_option: z.string().max(64).nullish(),
  device_key: z.string().max(256).nullish(),
  device_group_key: z.string().max(256).nullish(),
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
    given_name: z.string().trim().min(1).max(120),
    family_name: z.string().trim().min(1).max(120),
    language: z.enum(LANGUAGES),
    multi_partner_view: z.string().max(32),
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
