// A stand-in for GET /api/v1/channels, for what the component tests' real server cannot be made to
// answer from a view test: a read that fails (a 503), and numbers that need attention (the inbound
// worker marks them when Meta refuses a reply's token or a message comes for a base no longer active;
// the Cloud API fixture's refusals are set in global-setup's process). It wraps the app's real API
// client: the list is answered here, with the answer and error shapes the route gives (ApiError with
// the API's codes, the answer parsed with the caller's schema); everything else goes to the real server.
import { parse, type $ZodType } from 'zod/v4/core';
import type { Channel } from '@/domain/channel';
import type { ApiErrorCode } from '@/domain/api-error';
import type { ApiClient } from '@/src/api/api-client';
import { ApiError } from '@/src/api/api-errors';

type Options = { schema?: $ZodType } | undefined;

/** A held answer: the test lets it through (or fails it) when it has seen the screen wait. */
export type Gate = { release: () => void; fail: (error: ApiError) => void };

export class ChannelsApiDouble {
  channels: Channel[] = [];
  /** The next list's answer waits for the test: null lets it through, an error fails it. */
  private wait: Promise<ApiError | null> | null = null;

  /** The next `GET /channels` waits until the test lets it through or fails it. */
  holdList(): Gate {
    let gate!: Gate;
    this.wait = new Promise((resolve) => (gate = { release: () => resolve(null), fail: (error) => resolve(error) }));
    return gate;
  }

  wrap(real: ApiClient): ApiClient {
    return {
      ...real,
      get: ((path: string, options: Options) =>
        path === '/channels' ? this.list(options) : real.get(path, options as never)) as ApiClient['get'],
    };
  }

  private async list(options: Options): Promise<unknown> {
    const wait = this.wait;
    this.wait = null;
    const failure = wait ? await wait : null;
    if (failure) throw failure;
    const data = { channels: this.channels };
    return options?.schema ? parse(options.schema, data) : data;
  }
}

export function apiError(status: number, code: ApiErrorCode, fields?: Record<string, string>): ApiError {
  return new ApiError({ status, code, message: code, ...(fields ? { fields } : {}) });
}

let numbers = 0;
/** A channel as the server shows one (with a test's overrides). */
export function channelOf(values: Partial<Channel> & Pick<Channel, 'aiBaseId'>): Channel {
  numbers += 1;
  return {
    id: crypto.randomUUID(),
    displayPhoneNumber: `+55 11 9${String(1000 + numbers).padStart(4, '0')}-5678`,
    phoneNumberId: `10654035224${String(numbers).padStart(4, '0')}`,
    wabaId: '102290129340398',
    accessTokenHint: '…9i0j',
    inventoryId: null,
    status: 'active',
    attentionReason: null,
    verifiedName: 'Loja Ana',
    qualityRating: 'green',
    webhookVerifiedAt: null,
    retentionDays: 90,
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
    ...values,
  };
}
