import { ButtonLink } from '../../../components/Button.tsx';

/** Spec 000 §2 and §9: the upgrade to The Full Transformation Program (programme id 3). */
export const FULL_TRANSFORMATION_PROGRAM_ID = 3;

export function UpgradeBanner({ to = '/upgrade' }: { to?: string }) {
  return (
    <section className="upgrade-banner" aria-labelledby="upgrade-banner-title">
      <div>
        <h2 id="upgrade-banner-title">Unlock Your Next-Level Self</h2>
        <p>Upgrade to 12 months of nightly transformation by joining The Full Transformation Program.</p>
      </div>
      <ButtonLink to={to}>Upgrade Now</ButtonLink>
    </section>
  );
}
