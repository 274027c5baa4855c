// The calls the login island makes, loaded on first use (dynamic import): the typed client (ky)
// is not needed to paint the form, so the page ships less JavaScript up front.
export { choosePartner, getMyGroups, login } from '../../lib/api/auth';
export { ApiError } from '../../lib/api/client';
