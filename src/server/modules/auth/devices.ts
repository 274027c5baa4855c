// Remembered devices (issue 3 §2): after MFA with remember_device the browser keeps a
// device_key + device_group_key (spec 1 §3 "remembered device"); presenting both at POST /auth
// skips the code for 30 days. Both keys are stored hashed; a device is bound to one user.
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rememberedDevices } from '../../db/schema';
import { newToken, safeEqual, sha256 } from '../../lib/crypto';
import { now } from '../../lib/clock';

export const DEVICE_TTL_SEC = 30 * 24 * 3600;

export async function rememberDevice(db: Db, userId: string): Promise<{ deviceKey: string; deviceGroupKey: string }> {
  const deviceKey = `dev_${newToken(24)}`;
  const deviceGroupKey = `grp_${newToken(24)}`;
  await db.insert(rememberedDevices).values({
    userId,
    deviceKeyHash: sha256(deviceKey),
    groupKeyHash: sha256(deviceGroupKey),
    expiresAt: new Date(now().getTime() + DEVICE_TTL_SEC * 1000),
  });
  return { deviceKey, deviceGroupKey };
}

export async function isRememberedDevice(db: Db, userId: string, deviceKey?: string | null, deviceGroupKey?: string | null): Promise<boolean> {
  if (!deviceKey || !deviceGroupKey) return false;
  const [row] = await db
    .select()
    .from(rememberedDevices)
    .where(and(eq(rememberedDevices.deviceKeyHash, sha256(deviceKey)), eq(rememberedDevices.userId, userId), gt(rememberedDevices.expiresAt, now())))
    .limit(1);
  return !!row && safeEqual(row.groupKeyHash, sha256(deviceGroupKey));
}

/** Forget every device of a user (password reset, MFA factor removed). */
export async function forgetDevices(db: Db, userId: string): Promise<void> {
  await db.delete(rememberedDevices).where(eq(rememberedDevices.userId, userId));
}
