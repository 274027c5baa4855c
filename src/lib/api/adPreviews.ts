// spec 2 §2 Ad preview modal, §7 page_infos (contracts: ../contracts/ad-previews). Asset ids are our
// row ids. Types only from the contracts, so zod stays out of the browser bundles.
import type { PageInfoResponse, PreviewsBody, PreviewsResponse } from '../contracts/ad-previews';
import { call, mainApi } from './client';

/** Renders up to PREVIEW_PAGE_SIZE variations of one creative in the four placements. */
export const getAdPreviews = (eventId: string, body: PreviewsBody, signal?: AbortSignal) =>
  call<PreviewsResponse>(mainApi, `/setup_processes/${encodeURIComponent(eventId)}/previews`, { method: 'post', json: body, signal });

export const getPageInfo = (pageRowId: string, signal?: AbortSignal) =>
  call<PageInfoResponse>(mainApi, '/integrations/facebook/page_infos', { searchParams: { fb_page_id: pageRowId }, signal });
