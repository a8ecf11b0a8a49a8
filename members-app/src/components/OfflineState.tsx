import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { classRoute } from '../lib/learner-urls.ts';
import { listSavedNights, type SavedNight } from '../lib/offline-tracks.ts';

/**
 * What the installed app shows when the network is off and a screen cannot load: that it is offline,
 * the nights saved on this device (each opens and plays offline) and how to listen to them. When the
 * network returns the screens ask again by themselves: no reload needed.
 */
export function OfflineState() {
  const queryClient = useQueryClient();
  const [nights, setNights] = useState<SavedNight[] | null>(null);

  useEffect(() => {
    let current = true;
    void listSavedNights()
      .catch(() => [])
      .then((saved) => current && setNights(saved));
    const recover = () => void queryClient.refetchQueries({ type: 'active' });
    window.addEventListener('online', recover);
    return () => {
      current = false;
      window.removeEventListener('online', recover);
    };
  }, [queryClient]);

  return (
    <section className="status-message offline-state" aria-labelledby="offline-title">
      <h1 id="offline-title">You're offline</h1>
      <p>This page comes back by itself once you're connected again.</p>
      {nights === null ? null : nights.length === 0 ? (
        <p>
          No nights are saved on this device yet. Next time you're online, open a night and choose "Save for
          offline" to listen to it without a connection.
        </p>
      ) : (
        <>
          <p>
            These nights are saved on this device. Open one and tap Listen: it plays without a connection.
          </p>
          <ul className="offline-nights" aria-label="Saved for offline">
            {nights.map(({ details }) => (
              <li key={details.id}>
                <Link to={classRoute(details.programId, details.pathId, details.id)}>
                  {details.label ? `${details.label} – ${details.title}` : details.title}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
