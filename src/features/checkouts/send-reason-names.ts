// Why a reminder's WhatsApp message waits or failed, in the page's language: the shared names
// (src/i18n/send-reason-names.ts), a reminder ended while it waited being one whose order came first.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { sendReasonName as sharedName } from '@/src/i18n/send-reason-names';

const orderCameFirst = msg`not sent: the order came first`;

/** The phrase for a reason the sender recorded; one this build does not know is another reason. */
export const sendReasonName = (reason: string): MessageDescriptor => sharedName(reason, orderCameFirst);
