import type { ContentLevel, DeletedEntry } from '@sleep-ritual/contracts/admin';
import { Button } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { DateTime } from '../../../components/admin/BackOffice.tsx';
import { LoadFailed } from '../../../components/admin/ScreenStates.tsx';
import { ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';
import { LOAD_ERRORS } from '../../../lib/admin/messages.ts';
import { useAdminToasts } from '../../../lib/admin/use-admin-toasts.ts';
import { useDeleted } from '../api/get-deleted.ts';
import { useRestoreDeleted } from '../api/restore-deleted.ts';

const NAMES: Record<ContentLevel, string> = {
  program: 'Program',
  phase: 'Phase',
  path: 'Path',
  class: 'Class',
};

const entryKey = (entry: Pick<DeletedEntry, 'level' | 'id'>) => `${entry.level}-${entry.id}`;

/**
 * /admin/deleted: what was deleted, newest first, each with where it was and Restore. A deletion took
 * what was beneath it too, and Restore brings that back with it; under a parent deleted as well, the
 * entry says to restore the parent first.
 */
export function DeletedScreen() {
  const deleted = useDeleted();
  const restore = useRestoreDeleted();
  const toasts = useAdminToasts();

  function restoreEntry(entry: DeletedEntry) {
    const name = NAMES[entry.level];
    restore.mutate(
      { level: entry.level, id: entry.id },
      {
        onSuccess: () => toasts.success(`${name} restored successfully`, 'restore'),
        onError: (error) => toasts.failure(`Failed to restore ${name.toLowerCase()}`, error, 'restore'),
      },
    );
  }

  const restoring = restore.isPending && restore.variables ? entryKey(restore.variables) : null;
  return (
    <>
      <ScreenHeader
        title="Deleted Content"
        intro="Programs, phases, paths and classes deleted here are hidden from learners and kept. Restore brings one back where it was, with what was deleted with it; learners' progress in it was kept too."
      />
      {deleted.isPending ? (
        <Spinner label="Loading deleted content..." />
      ) : deleted.isError ? (
        <LoadFailed title={LOAD_ERRORS.deleted} error={deleted.error} onRetry={() => deleted.refetch()} />
      ) : deleted.data.length === 0 ? (
        <p className="muted">Nothing has been deleted.</p>
      ) : (
        <ul className="admin-list" aria-label="Deleted content">
          {deleted.data.map((entry) => {
            const key = entryKey(entry);
            const noteId = `deleted-note-${key}`;
            return (
              <li key={key} className="admin-row">
                <div className="admin-row-body">
                  <p className="admin-badges">
                    <span className="badge">{NAMES[entry.level]}</span>
                  </p>
                  <h2 className="admin-row-title">{entry.title}</h2>
                  {entry.within.length > 0 && (
                    <p className="muted">In {entry.within.map((ancestor) => ancestor.title).join(' › ')}</p>
                  )}
                  <p className="muted">
                    Deleted <DateTime value={entry.deletedAt} />
                  </p>
                  {entry.blockedBy && (
                    <p id={noteId} className="admin-cell-note">
                      Its {entry.blockedBy} is deleted too: restore the {entry.blockedBy} first.
                    </p>
                  )}
                </div>
                <div className="admin-row-side">
                  <Button
                    variant="secondary"
                    busy={entry.blockedBy !== null || restoring === key}
                    aria-label={`${restoring === key ? 'Restoring' : 'Restore'} ${entry.title}`}
                    aria-describedby={entry.blockedBy ? noteId : undefined}
                    onClick={() => restoreEntry(entry)}
                  >
                    {restoring === key ? 'Restoring...' : 'Restore'}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
