// Why a change on a channel's page failed (a new access token, a new verify token, another AI base or
// inventory), as the channel-settings machine tells it apart: the API's refusals by code, a channel
// gone (404), anything else (a network error, a 5xx) `unknown`. Shared by the three calls' files.
import type { ChannelSettingsFailure } from '@/machines/channel-settings';
import { failureMap } from '@/src/api/failure-map';
import { channelRefusals } from './channel-refusals';

const failures = failureMap<ChannelSettingsFailure>({
  codes: { ...channelRefusals, whatsapp_permission_missing: 'permission_missing' },
  notFound: 'not_found',
});

/** The page explains these itself: no generic toast beside them. */
export const channelSettingsExplains = failures.explains;

/** An API error as the failure the flow acts on. */
export const channelSettingsFailureFrom = failures.failureFrom;

/** A call's answer, or its rejection as a ChannelSettingsFailure. */
export const channelSettingsCall = failures.calling;
