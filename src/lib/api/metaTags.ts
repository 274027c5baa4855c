// spec 2 §7 GET /campaigns/meta_tags?url= (contract: ../contracts/meta-tags): a page's link
// preview (title, image, description), for the share dialog.
import type { MetaTagsResponse } from '../contracts/meta-tags';
import { call, mainApi } from './client';

export const getMetaTags = (url: string, signal?: AbortSignal) => call<MetaTagsResponse>(mainApi, '/campaigns/meta_tags', { searchParams: { url }, signal });
