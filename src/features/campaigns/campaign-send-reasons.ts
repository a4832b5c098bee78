// Why a campaign message failed, in the page's language: the shared names
// (src/i18n/send-reason-names.ts), a message ended while it waited being one of a cancelled campaign.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { sendReasonName } from '@/src/i18n/send-reason-names';

const campaignCancelled = msg`not sent: the campaign was cancelled`;

/** The phrase for a reason the sender recorded; one this build does not know is another reason. */
export const campaignSendReasonName = (reason: string): MessageDescriptor => sendReasonName(reason, campaignCancelled);
