// Merchants ready to connect a WhatsApp number, written straight to the run's database (an account,
// an active and an inactive AI base, an inventory; for a new uid or an emulator user's), and connect
// forms with fresh ids and secrets: every number is new to the run, so tests never collide on the
// one-number-one-channel rule; and a connected number written straight into `channels` (its token
// sealed as nothing a test reads) for tests that need only its id and display number.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { ConnectChannel, PhoneNumberCheck } from '@/domain/channel';
import { accounts } from '@/server/accounts/account-tables';
import { aiBases } from '@/server/ai-bases/ai-base-tables';
import { channels } from '@/server/channels/channel-tables';
import { inventories } from '@/server/inventories/inventory-tables';
import { testDatabase } from './test-database';

export type ChannelMerchant = { uid: string; activeBaseId: string; inactiveBaseId: string; inventoryId: string };

export async function seedChannelMerchant(label: string): Promise<ChannelMerchant> {
  return seedAnsweringRecords(`channels-${label}-${randomUUID()}`, label);
}

/** The same records for an account that may exist already (an emulator user's, made on their first API call or here). */
export async function seedAnsweringRecords(uid: string, label: string): Promise<ChannelMerchant> {
  const { db } = await testDatabase();
  await db.insert(accounts).values({ uid }).onConflictDoNothing();
  const base = {
    uid,
    function: 'seller',
    language: 'pt_br',
    voiceTone: 'friendly',
    personalized: false,
    creativity: 3,
    model: 'builtin-retrieval',
    savedSteps: 3,
  } as const;
  const [active, inactive] = await db
    .insert(aiBases)
    .values([
      { ...base, name: 'Vendedora', status: 'active' },
      { ...base, name: 'Desligada', status: 'inactive' },
    ])
    .returning({ id: aiBases.id });
  const [inventory] = await db
    .insert(inventories)
    .values({ uid, name: `Loja ${label}`, publicId: randomBytes(16).toString('base64url') })
    .returning({ id: inventories.id });
  return { uid, activeBaseId: active!.id, inactiveBaseId: inactive!.id, inventoryId: inventory!.id };
}

/** A phone number id no other test of the run uses (15 digits, like Meta's). */
export const newPhoneNumberId = () => String(100_000_000_000_000 + randomInt(0, 2 ** 47));

/** A connect form for `merchant`'s active base and inventory, with a new number and new secrets. */
export function connectForm(merchant: ChannelMerchant, overrides: Partial<ConnectChannel> = {}): ConnectChannel {
  return {
    phoneNumberId: newPhoneNumberId(),
    wabaId: String(200_000_000_000_000 + randomInt(0, 2 ** 47)),
    accessToken: `EAAG${randomBytes(48).toString('hex')}`,
    appSecret: randomBytes(16).toString('hex'),
    aiBaseId: merchant.activeBaseId,
    inventoryId: merchant.inventoryId,
    ...overrides,
  };
}

/** What a Cloud API check of the number found. */
export const checkedNumber: PhoneNumberCheck = {
  displayPhoneNumber: '+55 11 3000-0000',
  verifiedName: 'Loja Contoso',
  qualityRating: 'green',
};

/** A connected number of the account's answering with `aiBaseId`, written straight into `channels`; its id. */
export async function addChannelRow(uid: string, aiBaseId: string, displayPhoneNumber: string, status: 'active' | 'paused' = 'active') {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(channels)
    .values({
      id: randomUUID(),
      uid,
      phoneNumberId: newPhoneNumberId(),
      wabaId: '1000',
      displayPhoneNumber,
      accessTokenSealed: 'sealed',
      accessTokenHint: '…abcd',
      appSecretSealed: 'sealed',
      verifyTokenHash: randomUUID(),
      aiBaseId,
      status,
    })
    .returning({ id: channels.id });
  return row!.id;
}
