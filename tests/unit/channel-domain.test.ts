// The channel's vocabulary (domain/channel.ts) as the connect form and the API rely on it: ids and
// secrets trimmed, each missing or malformed field refused with its own message id (every one of
// them translatable by id), and Meta's quality rating read as ours.
import { describe, expect, test } from 'vitest';
import {
  channelValidation,
  channelValidationMessages,
  connectChannelSchema,
  qualityRatingOf,
  type ConnectChannelInput,
} from '@/domain/channel';

const filled: ConnectChannelInput = {
  phoneNumberId: ' 106540352242922 ',
  wabaId: '102290129340398',
  accessToken: ' EAAGm0PX4ZCpsBAKZCfakeTokenForTests1234 ',
  appSecret: '0123456789abcdef0123456789abcdef',
  aiBaseId: '7f3f1c2e-5b7a-4c1d-9e8f-0a1b2c3d4e5f',
};

/** Each field's message id for `input`, or {} when it passes. */
const fieldErrors = (input: unknown) => {
  const result = connectChannelSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('channel domain', () => {
  test('a filled form passes, trimmed; the inventory is optional', () => {
    expect(connectChannelSchema.parse(filled)).toEqual({
      ...filled,
      phoneNumberId: '106540352242922',
      accessToken: 'EAAGm0PX4ZCpsBAKZCfakeTokenForTests1234',
    });
    expect(connectChannelSchema.parse({ ...filled, inventoryId: null }).inventoryId).toBeNull();
  });

  test('each missing or malformed field gets its own message id', () => {
    expect(fieldErrors({ ...filled, phoneNumberId: ' ', wabaId: '', accessToken: '', appSecret: '  ' })).toEqual({
      phoneNumberId: channelValidation.phoneNumberIdRequired.id,
      wabaId: channelValidation.wabaIdRequired.id,
      accessToken: channelValidation.accessTokenRequired.id,
      appSecret: channelValidation.appSecretRequired.id,
    });
    expect(
      fieldErrors({
        ...filled,
        phoneNumberId: '+55 11 91234',
        wabaId: 'waba',
        accessToken: 'EAAG with spaces in it',
        appSecret: 'short',
        aiBaseId: '',
      }),
    ).toEqual({
      phoneNumberId: channelValidation.phoneNumberIdInvalid.id,
      wabaId: channelValidation.wabaIdInvalid.id,
      accessToken: channelValidation.accessTokenInvalid.id,
      appSecret: channelValidation.appSecretInvalid.id,
      aiBaseId: channelValidation.aiBaseRequired.id,
    });
    expect(fieldErrors({ ...filled, accessToken: `EAAG${'a'.repeat(2100)}` })).toEqual({ accessToken: channelValidation.tooLong.id });
    expect(fieldErrors({ ...filled, appSecret: 'abc\u0000def0123456789abcdef' })).toEqual({ appSecret: channelValidation.unstorable.id });
    // The verify token is ours to make: a form cannot choose it.
    expect(connectChannelSchema.safeParse({ ...filled, verifyToken: 'mine' }).success).toBe(false);
  });

  test('every message id can be translated back to its descriptor', () => {
    for (const descriptor of Object.values(channelValidation)) expect(channelValidationMessages.get(descriptor.id)).toBe(descriptor);
  });

  test('Meta’s quality rating, lower case; anything else is unknown', () => {
    expect(['GREEN', 'YELLOW', 'RED', 'NA', undefined, 7].map(qualityRatingOf)).toEqual([
      'green',
      'yellow',
      'red',
      'unknown',
      'unknown',
      'unknown',
    ]);
  });
});
