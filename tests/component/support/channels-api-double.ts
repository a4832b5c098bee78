// TEMPORARY: a stand-in for the /api/v1/channels routes, which server/routes/channel-routes.ts is to
// add (they are not on the component tests' server yet). It wraps the app's real API client: calls
// under /channels are answered here, with the answers and error shapes the routes are designed to
// give (ApiError with the API's codes, answers parsed with the caller's schema); everything else
// (AI bases, inventories, the account) goes to the real server. Once the routes land, the tests
// that use it switch to the real client and this file goes.
import { parse, type $ZodType } from 'zod/v4/core';
import { connectChannelSchema, type Channel, type ChannelWebhookSetup, type ConnectChannel } from '../../../domain/channel';
import type { ApiErrorCode } from '../../../domain/api-error';
import type { ApiClient } from '../../../src/api/api-client';
import { ApiError } from '../../../src/api/api-errors';

type Options = { schema?: $ZodType } | undefined;

/** A held answer: the test lets it through (or fails it) when it has seen the screen wait. */
export type Gate = { release: () => void; fail: (error: ApiError) => void };

export class ChannelsApiDouble {
  channels: Channel[] = [];
  /** The calls made, as `METHOD path`. */
  readonly calls: string[] = [];
  /** Answers of these calls (`GET /channels`…) wait for the test: null lets one through, an error fails it. */
  private readonly waits = new Map<string, Promise<ApiError | null>>();
  /** Refusals the next calls of a `METHOD path` get (once each). */
  private readonly refusals = new Map<string, ApiError[]>();
  /** The connect's answer: the channel as the server makes it from the form. */
  connectAnswer: (input: ConnectChannel) => ChannelWebhookSetup = (input) => ({
    channel: channelOf({
      phoneNumberId: input.phoneNumberId,
      wabaId: input.wabaId,
      accessTokenHint: `…${input.accessToken.slice(-4)}`,
      aiBaseId: input.aiBaseId,
      inventoryId: input.inventoryId ?? null,
    }),
    verifyToken: 'vt_0123456789abcdefghijklmnopqrstuv',
    webhookUrl: 'https://catalyst.example/webhooks/whatsapp',
  });

  /** The next call of `key` (`GET /channels`) waits until the test lets it through or fails it. */
  hold(key: string): Gate {
    let gate!: Gate;
    this.waits.set(key, new Promise((resolve) => (gate = { release: () => resolve(null), fail: (error) => resolve(error) })));
    return gate;
  }

  /** The next call of `key` is refused with `error`. */
  refuse(key: string, error: ApiError) {
    this.refusals.set(key, [...(this.refusals.get(key) ?? []), error]);
  }

  wrap(real: ApiClient): ApiClient {
    const route =
      (method: string, send: (path: string, body: unknown, options: Options) => Promise<unknown>) =>
      (path: string, ...rest: unknown[]) => {
        if (!path.startsWith('/channels')) return send(path, rest[0], rest[1] as Options);
        const [body, options] = method === 'GET' ? [undefined, rest[0] as Options] : [rest[0], rest[1] as Options];
        return this.answer(method, path, body, options);
      };
    return {
      get: route('GET', (path, options) => real.get(path, options as never)) as ApiClient['get'],
      post: route('POST', (path, body, options) => real.post(path, body, options as never)) as ApiClient['post'],
      put: route('PUT', (path, body, options) => real.put(path, body, options as never)) as ApiClient['put'],
      patch: route('PATCH', (path, body, options) => real.patch(path, body, options as never)) as ApiClient['patch'],
      delete: route('DELETE', (path, body, options) => real.delete(path, body, options as never)) as ApiClient['delete'],
    };
  }

  private async answer(method: string, path: string, body: unknown, options: Options): Promise<unknown> {
    const key = `${method} ${path}`;
    this.calls.push(key);
    const wait = this.waits.get(key);
    if (wait) {
      this.waits.delete(key);
      const failure = await wait;
      if (failure) throw failure;
    }
    const refusal = this.refusals.get(key)?.shift();
    if (refusal) throw refusal;
    const data = this.route(method, path, body);
    return options?.schema ? parse(options.schema, data) : data;
  }

  private route(method: string, path: string, body: unknown): unknown {
    if (method === 'GET' && path === '/channels') return { channels: this.channels };
    if (method === 'POST' && path === '/channels') {
      const parsed = connectChannelSchema.safeParse(body);
      if (!parsed.success) throw apiError(400, 'validation_failed');
      const answer = this.connectAnswer(parsed.data);
      this.channels.push(answer.channel);
      return answer;
    }
    const [, id, action] = /^\/channels\/([^/]+)(?:\/(pause|resume))?$/.exec(path) ?? [];
    const index = this.channels.findIndex((channel) => channel.id === id);
    if (!id || index < 0) throw apiError(404, 'not_found');
    if (method === 'GET' && !action) return { channel: this.channels[index] };
    if (method === 'DELETE' && !action) {
      this.channels.splice(index, 1);
      return undefined;
    }
    if (method === 'POST' && action) {
      const changed: Channel = { ...this.channels[index]!, status: action === 'pause' ? 'paused' : 'active', attentionReason: null };
      this.channels[index] = changed;
      return changed;
    }
    throw apiError(405, 'method_not_allowed');
  }
}

export function apiError(status: number, code: ApiErrorCode, fields?: Record<string, string>): ApiError {
  return new ApiError({ status, code, message: code, ...(fields ? { fields } : {}) });
}

let numbers = 0;
/** A channel as the server shows one, from what the connect form sends (or a test's overrides). */
export function channelOf(values: Partial<Channel> & Pick<Channel, 'aiBaseId'>): Channel {
  numbers += 1;
  const phoneNumberId = values.phoneNumberId ?? `10654035224${String(numbers).padStart(4, '0')}`;
  return {
    id: crypto.randomUUID(),
    displayPhoneNumber: `+55 11 9${String(1000 + numbers).padStart(4, '0')}-5678`,
    phoneNumberId,
    wabaId: '102290129340398',
    accessTokenHint: '…9i0j',
    inventoryId: null,
    status: 'active',
    attentionReason: null,
    verifiedName: 'Loja Ana',
    qualityRating: 'green',
    webhookVerifiedAt: null,
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
    ...values,
  };
}
