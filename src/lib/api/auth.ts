// spec 1 §7 Authentication and profile calls.
import { z } from 'zod';
import {
  FeaturesResponse,
  LoginResponse,
  MyGroupsResponse,
  PartnerDetails,
  PermissionsResponse,
  Profile,
  TotalUnreadResponse,
  type LoginRequest,
  type UpdateProfileRequest,
} from '../contracts/auth';
import { call, mainApi } from './client';

export const login = (body: LoginRequest, signal?: AbortSignal) => call(mainApi, '/auth', LoginResponse, { method: 'post', json: body, signal });
export const choosePartner = (partnerId: number) => call(mainApi, '/auth/partner', null, { method: 'post', json: { partner_id: partnerId } });
export const logout = () => call(mainApi, '/auth/logout', null, { method: 'post' });
export const getPermissions = (signal?: AbortSignal) => call(mainApi, '/permissions', PermissionsResponse, { signal });
export const getFeatures = (signal?: AbortSignal) => call(mainApi, '/features', FeaturesResponse, { signal });
export const getProfile = (signal?: AbortSignal) => call(mainApi, '/profile', Profile, { signal });
export const updateProfile = (body: UpdateProfileRequest) => call(mainApi, '/profile', Profile, { method: 'put', json: body });
export const getMyGroups = (signal?: AbortSignal) => call(mainApi, '/profile/my-groups', MyGroupsResponse, { signal });
export const getPartner = (signal?: AbortSignal) => call(mainApi, '/partners/', PartnerDetails, { signal });
export const getTotalUnread = (signal?: AbortSignal) =>
  call(mainApi, '/messages/totalunread', TotalUnreadResponse, { signal }).then((r: z.infer<typeof TotalUnreadResponse>) => r.total_unread);
