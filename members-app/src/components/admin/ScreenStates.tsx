import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../Button.tsx';
import { StatusMessage } from '../StatusMessage.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { LOAD_ERRORS } from '../../lib/admin/messages.ts';
import { adminUrls, type Ids } from '../../lib/admin/urls.ts';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * An inline load error (§8) with the server's reason and a 'Try Again' that asks again. What is not
 * there (404) is not asked again: it may have been deleted, and Deleted content can bring it back.
 */
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const action = isNotFound(error) ? (
    <Link to={adminUrls.deleted()}>See deleted content</Link>
  ) : (
    <Button onClick={onRetry}>Try Again</Button>
  );
  return (
    <StatusMessage title={title} action={action}>
      {error instanceof ApiError ? error.serverMessage : undefined}
    </StatusMessage>
  );
}

/** A programme screen whose programme is unknown or deleted says 'Program not found' (§8). */
export function ProgramLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isNotFound(error)) {
    return (
      <StatusMessage
        title={LOAD_ERRORS.programMissing}
        action={<Link to={adminUrls.programs()}>Back to Programs</Link>}
      />
    );
  }
  return <LoadFailed title={LOAD_ERRORS.program} error={error} onRetry={onRetry} />;
}

export function AdminNotFound() {
  return (
    <StatusMessage
      title="404 - Page Not Found"
      action={<Link to={adminUrls.programs()}>Back to Programs</Link>}
    >
      The page you're looking for doesn't exist.
    </StatusMessage>
  );
}

const ID_PATTERN = /^[1-9]\d{0,9}$/;
const ID_PARAMS = ['programId', 'phaseId', 'pathId'] as const;

/** The ids of the address; a screen is only shown (by `ValidIds`) when every one of them is a real id. */
export function useIds(): Ids {
  const params = useParams();
  const [programId, phaseId, pathId] = ID_PARAMS.map((name) => Number(params[name] ?? 0)) as [
    number,
    number,
    number,
  ];
  return { programId, phaseId, pathId };
}

/** /admin/programs/abc is not a screen: it shows the not-found screen (§2). */
export function ValidIds({ children }: { children: ReactNode }) {
  const params = useParams();
  const valid = ID_PARAMS.every((name) => {
    const value = params[name];
    return value === undefined || (ID_PATTERN.test(value) && Number(value) <= 2_147_483_647);
  });
  return valid ? <>{children}</> : <AdminNotFound />;
}
