import toast from 'react-hot-toast';
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { palette } from '@/domain/palette';
import type { ApiError } from './api-errors';

/** Every 4xx/5xx answer raises the common translated error as a red toast at the top right. */
export function notifyHttpError(error: ApiError): void {
  toast.error(i18n._(msg`An unknown error occurred.`), {
    id: `http-error-${error.status}-${error.code}`, // one toast per kind of failure, not a pile
    position: 'top-right',
    style: { background: palette.negative, color: '#ffffff' },
    iconTheme: { primary: '#ffffff', secondary: palette.negative },
  });
}
