// Connecting Meta (issue 13): connections, assets, shared links and partner tokens. Importing
// ./exchange-task registers the code-exchange task (the worker imports it).
export * from './service';
export * from './access-grants';
export { type ConnectCtx, type ConnectIdentityKind, callbackUri, FB_CALLBACK_PATH } from './ctx';
export { createOAuthState, readOAuthState } from './oauth-state';
