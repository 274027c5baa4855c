// Meta tags of a web page for link previews (spec 2 §7 meta_tags), fetched behind an SSRF guard.
export { metaTags, setMetaTagsLimits } from './service';
export { isAllowedAddress, embeddedIpv4 } from './address';
export { parseMetaTags } from './parse';
