// spec 1 §7 Authentication and profile calls. Types come from the contracts (type-only imports,
// so no zod reaches the browser).
import type {
  FeaturesResponse,
  LoginRequest,
  LoginResponse,
  MyGroupsResponse,
  PartnerDetails,
  PermissionsResponse,
  Profile,
  UpdateProfileRequest,
} from '../contracts/auth';
import { call, mainApi } from './client';

export const login = (body: LoginRequest, signal?: AbortSignal) => call<LoginResponse>(mainApi, '/auth', { method: 'post', json: body, signal });
export const choosePartner = (partnerId: number) => call(mainApi, '/auth/partner', { method: 'post', json: { partner_id: partnerId } });
export const logout = () => call(mainApi, '/auth/logout', { method: 'post' });
export const getPermissions = (signal?: AbortSignal) => call<PermissionsResponse>(mainApi, '/permissions', { signal });
export const getFeatures = (signal?: AbortSignal) => call<FeaturesResponse>(mainApi, '/features', { signal });
export const getProfile = (signal?: AbortSignal) => call<Profile>(mainApi, '/profile', { signal });
export const updateProfile = (body: UpdateProfileRequest) => call<Profile>(mainApi, '/profile', { method: 'put', json: body });
export const getMyGroups = (signal?: AbortSignal) => call<MyGroupsResponse>(mainApi, '/profile/my-groups', { signal });
export const getPartner = (signal?: AbortSignal) => call<PartnerDetails>(mainApi, '/partners/', { signal });
export const getTotalUnread = (signal?: AbortSignal) =>
  call<{ total_unread: number }>(mainApi, '/messages/totalunread', { signal }).then((r) => r.total_unread);
