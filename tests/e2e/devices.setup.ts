// Runs before the journeys: signs each demo user in once through the API, answering the TOTP
// challenge with 'remember this device', and keeps the device keys. Journeys that are not about
// MFA present them as the remembered-device cookie, so they skip the code step (issue 3 §2) and
// never compete for a user's one-time TOTP step.
import fs from 'node:fs';
import { expect, test as setup } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, totpCode } from './auth-helpers';
import { DEVICES_FILE, USERS } from './helpers';
import { clearLocks } from './fixtures';

setup('remember a device for every demo user', async ({ request }) => {
  clearLocks();
  const devices: Record<string, string> = {};
  for (const { email } of Object.values(USERS)) {
    const first = await request.post('/api/v3/auth', { data: { username: email, password: DEMO_PASSWORD } });
    expect(first.status()).toBe(200);
    const challenge = await first.json();
    expect(challenge.Challenge).toBe('SOFTWARE_TOKEN_MFA');
    const answer = await request.put('/api/v3/auth/challenge/mfa-token', {
      data: { username: email, session: challenge.ChallengeSession, mfa_token: totpCode(DEMO_TOTP_SECRET), mfa_method: 'SOFTWARE_TOKEN_MFA', remember_device: true },
    });
    expect(answer.status()).toBe(200);
    const body = await answer.json();
    devices[email] = `${body.DeviceKey}.${body.DeviceGroupKey}`;
  }
  fs.writeFileSync(DEVICES_FILE, JSON.stringify(devices));
});
