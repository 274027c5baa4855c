// The remembered device of spec 1 §3 (username, deviceKey, deviceGroupKey), stored locally after
// 'remember this device' on /mfa and sent with the next POST /auth of that user so the code step
// is skipped for 30 days. A server 500 on authentication clears it (spec 1 §4.1).
export const REMEMBERED_DEVICE_KEY = 'encore.rememberedDevice';

export interface RememberedDevice {
  username: string;
  deviceKey: string;
  deviceGroupKey: string;
}

const sameUser = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function readRememberedDevice(username?: string): RememberedDevice | null {
  try {
    const raw = localStorage.getItem(REMEMBERED_DEVICE_KEY);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<RememberedDevice>;
    if (typeof d.username !== 'string' || typeof d.deviceKey !== 'string' || typeof d.deviceGroupKey !== 'string') return null;
    if (username !== undefined && !sameUser(d.username, username)) return null;
    return d as RememberedDevice;
  } catch {
    return null;
  }
}

export function saveRememberedDevice(device: RememberedDevice): void {
  try {
    localStorage.setItem(REMEMBERED_DEVICE_KEY, JSON.stringify(device));
  } catch {
    // storage unavailable: the code is asked again next time
  }
}

export function clearRememberedDevice(): void {
  try {
    localStorage.removeItem(REMEMBERED_DEVICE_KEY);
  } catch {
    // storage unavailable
  }
}

/** The device fields of POST /auth and POST /auth/refresh_token for this user, if remembered. */
export function deviceFields(username?: string): { device_key?: string; device_group_key?: string } {
  const d = readRememberedDevice(username);
  return d ? { device_key: d.deviceKey, device_group_key: d.deviceGroupKey } : {};
}
