// A merchant's WhatsApp number connected through the API with its templates read from the loopback
// Cloud API, and the sender's queued jobs run to their outcome: what the tests of the senders'
// callers (post-sale notices, checkout recovery) share.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ChannelWebhookSetup } from '@/domain/channel';
import type { Db } from '@/server/db/database';
import { jobs } from '@/server/jobs/job-tables';
import type { TemplateSender } from '@/server/messaging/template-sender';
import type { WhatsAppCloudApiServer } from '../../fixtures/whatsapp-cloud-api-server';
import type { FixturePhoneNumber } from '../../fixtures/whatsapp/phone-numbers';
import type { ChannelMerchant } from './channel-seed';
import type { TestUser } from './emulator-users';
import { call } from './test-server';

/** Connects `number` to the merchant's active base and inventory and reads its templates; the channel's id. */
export async function connectTemplateNumber(baseUrl: string, merchant: TestUser, records: ChannelMerchant, number: FixturePhoneNumber) {
  const connected = await call(`${baseUrl}/api/v1/channels`, {
    method: 'POST',
    token: merchant.idToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      aiBaseId: records.activeBaseId,
      inventoryId: records.inventoryId,
    }),
  });
  expect(connected.status, connected.text).toBe(201);
  const channelId = (connected.body as ChannelWebhookSetup).channel.id;
  const refreshed = await call(`${baseUrl}/api/v1/channels/${channelId}/templates/refresh`, { method: 'POST', token: merchant.idToken });
  expect(refreshed.status).toBe(200);
  return channelId;
}

/** Runs the sender's jobs on `queue` until each has an outcome; the Cloud API's sends from `phoneNumberId` to `phone`. */
export async function sendQueued(
  {
    db,
    sender,
    queue,
    cloudApi,
    phoneNumberId,
  }: { db: Db; sender: TemplateSender; queue: string; cloudApi: WhatsAppCloudApiServer; phoneNumberId: string },
  phone: string,
) {
  const queued = await db.select({ id: jobs.id, payload: jobs.payload }).from(jobs).where(eq(jobs.queue, queue));
  for (const job of queued) {
    await sender.handle({ id: job.id, queue, payload: job.payload, attempts: 1, maxAttempts: 10 });
    await db.delete(jobs).where(eq(jobs.id, job.id));
  }
  return cloudApi.templateSends(phoneNumberId).filter((send) => `+${send.waId}` === phone);
}
