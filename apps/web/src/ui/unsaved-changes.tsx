// Leaving a page with unsaved changes asks first (spec 01 §4.1(11): a confirm dialog with a title,
// OK and cancel). A page that edits marks itself with useUnsavedChanges(dirty); the one
// <UnsavedChangesGuard> of the layout asks before an in-app navigation to another page (menu,
// links, Back) through the router's blocker, and the browser asks before the tab is closed or
// reloaded (beforeunload). Several editors may be dirty on one page; the router allows only one
// blocker, so they register here and the guard asks once for all of them.
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useShellApi } from './shell-api';

const dirtyEditors = new Set<{ dirty: boolean }>();
let leavingOnPurpose = false;

/** Whether any mounted editor holds work that was not saved. */
export function hasUnsavedChanges(): boolean {
  if (leavingOnPurpose) return false;
  for (const editor of dirtyEditors) if (editor.dirty) return true;
  return false;
}

/** Marks the calling component as holding unsaved work while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean): void {
  const entry = useRef({ dirty });
  useEffect(() => {
    entry.current.dirty = dirty;
  }, [dirty]);
  useEffect(() => {
    const editor = entry.current;
    dirtyEditors.add(editor);
    return () => {
      dirtyEditors.delete(editor);
    };
  }, []);
}

/**
 * Runs a navigation the page chose itself (after saving, the work is not lost) without asking;
 * the dirty flag set back in the same event would only reach the guard after the next render.
 */
export function leaveWithoutAsking(navigate: () => void): void {
  leavingOnPurpose = true;
  try {
    navigate();
  } finally {
    leavingOnPurpose = false;
  }
}

function useLeaveDialog() {
  const { t } = useTranslation();
  const { modal } = useShellApi();
  return useCallback(
    (onLeave: () => void, onStay: () => void) =>
      modal.confirm({
        title: t('common:leaveGuard.title'),
        content: t('common:leaveGuard.content'),
        okText: t('common:leaveGuard.leave'),
        cancelText: t('common:leaveGuard.stay'),
        okButtonProps: { danger: true },
        onOk: onLeave,
        onCancel: onStay,
      }),
    [modal, t],
  );
}

/**
 * Asks (when some work is unsaved) before a step that leaves the page outside the router's
 * navigation, such as signing out; resolves true to go on.
 */
export function useConfirmLeave(): () => Promise<boolean> {
  const ask = useLeaveDialog();
  return useCallback(() => (hasUnsavedChanges() ? new Promise<boolean>((resolve) => ask(() => resolve(true), () => resolve(false))) : Promise.resolve(true)), [ask]);
}

/** Mounted once inside the router, in the signed-in layout. */
export function UnsavedChangesGuard() {
  const ask = useLeaveDialog();
  // Another page only: list filters, tabs and drawers kept in the query string stay on the page.
  // Going to sign-in means the session ended; nothing could be saved there anyway.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== '/login' && hasUnsavedChanges());

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = ask(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
    return () => dialog.destroy();
  }, [blocker, ask]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers show their own question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return null;
}
