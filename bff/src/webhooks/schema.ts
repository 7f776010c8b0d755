import { z } from 'zod';

/**
 * The device-vendor webhook's body (issue 43 §4; decisions.md "Device vendor webhooks"): `{id, type, occurred_at,
 * data}`, one event each. Orders are named by the product's device order id, which the vendor was given when the
 * device was ordered; devices by their IMEI.
 */
const imei = z.string().regex(/^[0-9A-Za-z-]{4,40}$/, 'imei must be 4 to 40 letters, digits or hyphens');
const orderId = z.number().int().positive().max(2_147_483_647);
const base = {
  id: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'id must be 1 to 100 letters, digits or _.:-'),
  occurred_at: z.iso.datetime({ offset: true, error: 'occurred_at must be an ISO 8601 time with an offset' }),
};

export const webhookEvent = z.discriminatedUnion(
  'type',
  [
    z.object({ ...base, type: z.literal('order.ordered'), data: z.object({ device_order_id: orderId }) }),
    z.object({
      ...base,
      type: z.literal('order.shipped'),
      data: z.object({
        device_order_id: orderId,
        tracking_number: z.string().trim().min(1).max(100),
        carrier: z.string().trim().min(1).max(60).optional(),
      }),
    }),
    z.object({ ...base, type: z.literal('order.delivered'), data: z.object({ device_order_id: orderId }) }),
    z.object({ ...base, type: z.literal('order.returned'), data: z.object({ device_order_id: orderId }) }),
    z.object({
      ...base,
      type: z.literal('device.connected'),
      data: z.object({ imei, device_order_id: orderId.optional() }),
    }),
    z.object({
      ...base,
      type: z.literal('device.replaced'),
      data: z.object({ old_imei: imei, new_imei: imei }),
    }),
    z.object({ ...base, type: z.literal('device.returned'), data: z.object({ imei }) }),
    z.object({ ...base, type: z.literal('device.unlinked'), data: z.object({ imei }) }),
  ],
  {
    error:
      'type must be one of order.ordered, order.shipped, order.delivered, order.returned, device.connected, device.replaced, device.returned, device.unlinked',
  },
);
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** The signature headers (Stripe's scheme): the unix time and `v1=<hex HMAC-SHA256 of "<time>.<raw body>">`. */
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';
export const SIGNATURE_HEADER = 'x-webhook-signature';
/** How far a signed time may be from the server's (older is a replay). */
export const REPLAY_WINDOW_S = 5 * 60;
