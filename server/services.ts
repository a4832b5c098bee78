// The stores, clients and keys one server process builds once, from its environment and database,
// for the HTTP app (./app.ts) and its background workers (./workers.ts) to share. One channel store
// for both: the webhook's cache of a channel is the one a worker clears when it marks the channel.
import type { Db } from './db/database';
import { channelStore, type ChannelStore } from './channels/channel-store';
import { dataDirFromEnv } from './knowledge/upload-storage';
import { secretBox, secretsKeyFrom, type SecretBox } from './secrets/secret-box';
import { storefrontStore, type StorefrontStore } from './storefront/storefront-store';

export type Services = {
  /** Seals merchants' tokens at rest (SECRETS_KEY, else the key file in DATA_DIR). */
  secrets: SecretBox;
  /** The key file written at this start, when SECRETS_KEY was unset and there was none (the app warns). */
  generatedSecretsKeyFile: string | null;
  /** Connected WhatsApp numbers: the channel routes, the webhook and the WhatsApp worker. */
  channels: ChannelStore;
  /** The shopper's side: the public API and the shopper's pages share its catalog cache. */
  storefront: StorefrontStore;
};

export type ServiceOptions = {
  /** How long the webhook remembers a channel (tests lengthen it to show that a change reaches it at once). */
  webhookTtlMs?: number;
};

export function buildServices(db: Db, env: Record<string, string | undefined>, { webhookTtlMs }: ServiceOptions = {}): Services {
  const secretsKey = secretsKeyFrom(env, dataDirFromEnv(env));
  const secrets = secretBox(secretsKey.key);
  return {
    secrets,
    generatedSecretsKeyFile: secretsKey.generated ? secretsKey.file : null,
    channels: channelStore(db, secrets, webhookTtlMs === undefined ? {} : { webhookTtlMs }),
    storefront: storefrontStore(db),
  };
}
