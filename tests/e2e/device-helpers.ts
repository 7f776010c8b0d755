import { expect, type Page } from '@playwright/test';

/** The demo vendor key of the reading intake (README "Device readings"). */
export const DEVICE_KEY = 'dk_demo_Rk7vQ2mX9pL4sT8wZ1nB6cF3hJ5yD0gA';

export const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

export async function unreadCount(page: Page): Promise<number> {
  const match = /, (\d+) unread$/.exec((await bell(page).getAttribute('aria-label')) ?? '');
  return match ? Number(match[1]) : 0;
}

/** A patient the signed-in nurse cares for, with a blood-pressure cuff that has a rule in force. */
export async function findCuff(page: Page): Promise<{ patientId: number; imei: string }> {
  return page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
    const headers = { uid: String(user.user_id), token: user.token };
    for (let id = 1; id < 2000; id++) {
      if (!(await fetch(`/api/rpm/auth/checkPageAccess?patient_id=${id}`, { headers })).ok) continue;
      const res = await fetch(`/api/rpm/devices/getPatientDevices?patient_id=${id}`, { headers });
      const devices = (await res.json()).data as {
        current: boolean;
        IMEI: string;
        device_type_id: number;
        active_rule_id: number | null;
      }[];
      const cuff = devices.find((d) => d.current && d.device_type_id === 1 && d.active_rule_id !== null);
      if (cuff) return { patientId: id, imei: cuff.IMEI };
    }
    throw new Error('no patient with a blood-pressure cuff under a rule');
  });
}

/** Sends one blood-pressure measurement of the cuff through the reading intake, `minutesAgo` before now. */
export async function sendReading(
  page: Page,
  imei: string,
  values: Record<string, number>,
  minutesAgo = 0,
): Promise<void> {
  const res = await page.request.post('/api/ingest/readings', {
    headers: { 'x-device-key': DEVICE_KEY },
    data: { imei, taken_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(), values },
  });
  expect(res.status()).toBe(200);
}
