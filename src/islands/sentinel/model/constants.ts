// The page's spec 3 §9 values and error codes: the contract's own, from its zod-free half.
export { SENTINEL as PAGE, NLQ_ERROR_CODES as ERROR_CODES } from '../../../lib/sentinel-constants';
