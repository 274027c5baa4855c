export { pageInfo, renderPreviews } from './service';
