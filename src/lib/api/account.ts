// spec 1 §7 Authentication and profile: the calls of the account flows (issue 3) that the browser
// makes. Same pattern as ./auth.ts: named functions, types from the contracts (type-only imports,
// so no zod reaches the browser).
import type {
  ConfirmForgotPasswordRequest,
  ConfirmRegistrationRequest,
  EmailChangeConfirmRequest,
  EmailChangeRequest,
  InitiateForgotPasswordRequest,
  LoginResponse,
  MailboxResponse,
  MfaEmailResendRequest,
  MfaSettings,
  MfaSettingsUpdateRequest,
  MfaTokenChallengeRequest,
  NewPasswordChallengeRequest,
  Profile,
  RefreshTokenRequest,
  RefreshTokenResponse,
  RegisterRequest,
  RemoveTotpRequest,
  SessionInfoResponse,
  SessionList,
  SuccessResponse,
  TotpSetupResponse,
  TotpVerifyRequest,
  UpdateUsersRequest,
} from '../contracts/auth';
import type { CalendarRegions, CalendarSetting, CalendarSettingRequest, RegistrationSetting, RegistrationSettingRequest } from '../contracts/partners';
import { call, mainApi } from './client';
import { DEV_MAILBOX_TOKEN_HEADER } from '../constants';

// challenges (spec 1 §2.4)
export const answerNewPassword = (body: NewPasswordChallengeRequest) =>
  call<LoginResponse>(mainApi, '/auth/challenge/new-password', { method: 'put', json: body });
export const answerMfaToken = (body: MfaTokenChallengeRequest) =>
  call<LoginResponse>(mainApi, '/auth/challenge/mfa-token', { method: 'put', json: body });
export const resendMfaEmail = (body: MfaEmailResendRequest) =>
  call<SuccessResponse>(mainApi, '/auth/mfa/email/resend', { method: 'post', json: body });

// tokens and sessions (spec 1 §4.1)
export const refreshToken = (body: RefreshTokenRequest) =>
  call<RefreshTokenResponse>(mainApi, '/auth/refresh_token', { method: 'post', json: body });
export const getSessionInfo = (signal?: AbortSignal) => call<SessionInfoResponse>(mainApi, '/auth/session', { signal });
export const listSessions = (signal?: AbortSignal) => call<SessionList>(mainApi, '/auth/sessions', { signal });
export const endSession = (id: string) => call(mainApi, `/auth/sessions/${encodeURIComponent(id)}`, { method: 'delete' });
/** Ends every other sign-in of the user (the current session stays). */
export const endOtherSessions = () => call(mainApi, '/auth/sessions', { method: 'delete' });

// forgot password, registration, update details (spec 1 §2.4, §5)
export const initiateForgotPassword = (body: InitiateForgotPasswordRequest) =>
  call<SuccessResponse>(mainApi, '/auth/initiate_forgot_password', { method: 'post', json: body });
export const confirmForgotPassword = (body: ConfirmForgotPasswordRequest) =>
  call<SuccessResponse>(mainApi, '/auth/confirm_forgot_password', { method: 'post', json: body });
export const registerUser = (body: RegisterRequest) =>
  call<SuccessResponse>(mainApi, `/auth/partners/${body.partner_id}/users`, { method: 'post', json: body });
export const confirmRegistration = (body: ConfirmRegistrationRequest) =>
  call<SuccessResponse>(mainApi, '/auth/partners/users/confirm', { method: 'post', json: body });
export const updateUserDetails = (body: UpdateUsersRequest) =>
  call<SuccessResponse>(mainApi, `/auth/partners/${body.partner_id}/update_users`, { method: 'post', json: body });

// MFA configuration (spec 1 §2.4 /setup-mfa, §2.5 #system)
export const getTotpSetup = (signal?: AbortSignal) => call<TotpSetupResponse>(mainApi, '/auth/mfa/configure/totp', { signal });
export const verifyTotp = (body: TotpVerifyRequest) =>
  call<LoginResponse>(mainApi, '/auth/mfa/configure/totp', { method: 'put', json: body });
export const getMfaSettings = (signal?: AbortSignal) => call<MfaSettings>(mainApi, '/auth/mfa/settings', { signal });
export const updateMfaSettings = (body: MfaSettingsUpdateRequest) =>
  call<LoginResponse>(mainApi, '/auth/mfa/settings', { method: 'put', json: body });
export const removeTotp = (body: RemoveTotpRequest) => call<LoginResponse>(mainApi, '/auth/mfa/totp', { method: 'delete', json: body });

// email change (spec 1 §2.5 personal: re-authentication and a code sent to the new address)
export const requestEmailChange = (body: EmailChangeRequest) =>
  call<SuccessResponse>(mainApi, '/profile/email', { method: 'post', json: body });
export const confirmEmailChange = (body: EmailChangeConfirmRequest) =>
  call<Profile>(mainApi, '/profile/email/confirm', { method: 'post', json: body });

// development outbox
export const getMailbox = (to?: string, signal?: AbortSignal, token?: string) =>
  call<MailboxResponse>(mainApi, '/dev/mailbox', { signal, searchParams: to ? { to } : undefined, headers: token ? { [DEV_MAILBOX_TOKEN_HEADER]: token } : undefined });

/** Settings #system: who may self-register under the partner (its domain only, or anyone). */
export const setOpenRegistration = (body: RegistrationSettingRequest) =>
  call<RegistrationSetting>(mainApi, '/partners/registration', { method: 'put', json: body });

/** Settings #system: the country and region whose public holidays the demand forecast reads (issue 25). */
export const setCalendar = (body: CalendarSettingRequest) => call<CalendarSetting>(mainApi, '/partners/calendar', { method: 'put', json: body });
export const getCalendarRegions = (country: string, signal?: AbortSignal) =>
  call<CalendarRegions>(mainApi, '/partners/calendar/regions', { signal, searchParams: { country } });

/** Settings #system: the partner's attribution model (spec 1 §7, 204). */
export const setAttributionModel = (model: string) => call(mainApi, '/partners/attribution_model', { method: 'PUT', searchParams: { model } });
