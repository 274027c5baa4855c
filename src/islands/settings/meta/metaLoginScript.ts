// The sandbox's stand-in for Meta's login script (spec 1 §2.5 "the platform's script"): loaded on
// demand like the SDK would be, so the 5 s alert of metaLogin.ts is real and testable (a journey
// blocks this chunk and waits for the alert).
export const loginScriptReady = true;
