// An export is made to be downloaded (spec 01 §4.5, §6): an account without MENU_DATA_DOWNLOAD is
// told so when it asks for one, before anything is sent to be made. The server refuses the same
// (platform/exports.ts), so the check here only spares the round trip and says it at once.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { canDownload } from '@openseller/core';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';

/** Runs `start` (the call that starts an export) only when the account may download its file. */
export function useExportStart(): (start: () => void) => void {
  const { t } = useTranslation();
  const session = useSession();
  return useCallback(
    (start: () => void) => {
      if (!canDownload(session.menus)) {
        toast.error(t('errors:ERR_NO_DOWNLOAD_PERMISSION'));
        return;
      }
      start();
    },
    [session.menus, t],
  );
}
