import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import '../learning.css';

/** A picture of the content, or the night-sky fallback when it has none or it fails to load. */
export function ContentImage({
  src,
  fallback,
  className,
  size,
  priority = false,
}: {
  src: string | null;
  fallback: string;
  className?: string;
  /** The intrinsic size, so the browser reserves the image's box before it arrives. */
  size?: { width: number; height: number };
  /** The page's largest image on first view (its LCP element): fetched at once, first. */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={className}
      src={src && !failed ? src : fallback}
      alt=""
      {...size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      onError={() => setFailed(true)}
    />
  );
}

/** The back links of the content screens ("Back to All Programs", "Back to Program Overview", "Back"). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="back-link">
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}

/** Grey placeholders while content loads; announced once as loading. */
export function SkeletonBlock({ className = '' }: { className?: string }) {
  return <span className={`skeleton ${className}`} aria-hidden="true" />;
}

export function LoadingRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="loading-region" aria-busy="true">
      <span role="status" className="visually-hidden">
        {label}
      </span>
      {children}
    </div>
  );
}

/** The loading state of a content page: its header's shape, then what the page puts below it. */
export function PageSkeleton({
  label,
  className,
  cover = false,
  children,
}: {
  label: string;
  className: string;
  cover?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`learning-page ${className}`}>
      <LoadingRegion label={label}>
        <SkeletonBlock className="skeleton-line short" />
        {cover && <SkeletonBlock className="skeleton-cover" />}
        <SkeletonBlock className="skeleton-title" />
        <SkeletonBlock className="skeleton-line" />
        {children}
      </LoadingRegion>
    </div>
  );
}

/** The error and not-found states of the programme, path and class screens, each with a way back. */
export function ContentProblem({
  title,
  message,
  reason,
  back,
  retry,
}: {
  title: string;
  message: string;
  reason?: string;
  back: { to: string; label: string };
  /** For a failure that may pass (the server erred or did not answer): asks again, busy meanwhile. */
  retry?: { onRetry: () => void; retrying: boolean };
}) {
  return (
    <div role="alert" className="content-problem">
      <StatusMessage
        title={title}
        action={
          <div className="content-problem-actions">
            {retry && (
              <Button busy={retry.retrying} onClick={retry.onRetry}>
                {retry.retrying ? 'Trying again...' : 'Try Again'}
              </Button>
            )}
            <ButtonLink to={back.to} variant="secondary">
              {back.label}
            </ButtonLink>
          </div>
        }
      >
        {message}
        {reason && (
          <>
            <br />
            <span className="muted">{reason}</span>
          </>
        )}
      </StatusMessage>
    </div>
  );
}

/** How far a class was played (listened to or watched: a night may be either), or that it is completed. */
export function WatchStatus({ percent, completed }: { percent: number; completed: boolean }) {
  if (completed) {
    return (
      <span className="watch-status is-completed">
        <span aria-hidden="true">✓</span> Completed
      </span>
    );
  }
  if (percent <= 0) return null;
  return (
    <span className="watch-status">
      <span className="watch-bar" aria-hidden="true">
        <span style={{ width: `${Math.min(100, percent)}%` }} />
      </span>
      {percent}% played
    </span>
  );
}
