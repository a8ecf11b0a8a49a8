import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Engagement, ProgramEngagement } from '@sleep-ritual/contracts/admin-members';
import { Spinner } from '../../../components/Spinner.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useEngagement } from '../api/get-engagement.ts';
import { count, formatPercent } from '../../../lib/admin/format.ts';
import { LOAD_ERRORS } from '../../../lib/admin/messages.ts';
import { useFilterParams, wholeNumberParam } from '../../../lib/admin/use-filter-params.ts';
import { adminUrls } from '../../../lib/admin/urls.ts';
import { TableFrame } from '../../../components/admin/BackOffice.tsx';
import { isNotFound, LoadFailed } from '../../../components/admin/ScreenStates.tsx';
import { ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';
import { chartSummary, shareOfOwners } from './engagement-figures.ts';

// The chart library is loaded only when this page shows a chart, never with the rest of the admin area.
const DropOffChart = lazy(() => import('./DropOffChart.tsx'));

/** /admin/engagement: per programme, class by class, how many owners started, completed and watched. */
export function EngagementScreen() {
  const { params, update } = useFilterParams();
  const programId = wholeNumberParam(params.get('programId'));
  const engagement = useEngagement(programId);

  let body;
  if (engagement.isPending) body = <Spinner label="Loading engagement..." />;
  else if (engagement.isError) {
    body = isNotFound(engagement.error) ? (
      <StatusMessage
        title={LOAD_ERRORS.programMissing}
        action={<Link to={adminUrls.engagement()}>Show the first program</Link>}
      />
    ) : (
      <LoadFailed
        title={LOAD_ERRORS.engagement}
        error={engagement.error}
        onRetry={() => engagement.refetch()}
      />
    );
  } else
    body = (
      <ProgramFigures
        data={engagement.data}
        busy={engagement.isPlaceholderData}
        onPick={(id) => update({ programId: id })}
      />
    );

  return (
    <>
      <ScreenHeader title="Engagement" intro="Where owners start, finish and stop, class by class." />
      {body}
    </>
  );
}

function ProgramFigures({
  data,
  busy,
  onPick,
}: {
  data: Engagement;
  busy: boolean;
  onPick: (programId: number) => void;
}) {
  if (data.programs.length === 0 || !data.program) return <p className="admin-summary">No programs yet.</p>;
  const { program } = data;
  return (
    <>
      <div className="field admin-program-picker">
        <label htmlFor="engagement-program">Program</label>
        <select
          id="engagement-program"
          value={program.programId}
          onChange={(event) => onPick(Number(event.target.value))}
        >
          {data.programs.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.title}
            </option>
          ))}
        </select>
      </div>
      <section aria-busy={busy}>
        <h2>{program.title}</h2>
        <p className="admin-summary" role="status">
          {busy ? 'Loading...' : `${count(program.owners, 'owner')}: members who can open this program now.`}
        </p>
        {program.classes.length === 0 ? (
          <p className="muted">This program has no classes yet.</p>
        ) : (
          <>
            <Suspense fallback={<Spinner label="Loading chart..." />}>
              <DropOffChart program={program} summary={chartSummary(program)} />
            </Suspense>
            <ClassFigures program={program} />
          </>
        )}
      </section>
    </>
  );
}

/** The figures behind the chart, and its text alternative. */
function ClassFigures({ program }: { program: ProgramEngagement }) {
  return (
    <TableFrame
      label={`Engagement per class of ${program.title}`}
      columns={['Class', 'Started', 'Completed', 'Median watched', 'Sleep check-ins']}
    >
      {program.classes.map((row) => (
        <tr key={row.classId}>
          <th scope="row">
            <span className="admin-cell-title">{row.label ? `${row.label}: ${row.title}` : row.title}</span>
            <span className="admin-cell-note">
              {row.phaseTitle} · {row.pathTitle}
            </span>
          </th>
          <OwnersCell value={row.started} owners={program.owners} />
          <OwnersCell value={row.completed} owners={program.owners} />
          <td>
            {row.medianPercentWatched === null ? (
              <>
                <span aria-hidden="true">–</span>
                <span className="visually-hidden">Nobody started it</span>
              </>
            ) : (
              formatPercent(row.medianPercentWatched)
            )}
          </td>
          <SleepCell sleep={row.sleep} />
        </tr>
      ))}
    </TableFrame>
  );
}

/** The morning check-ins about a night: how many answered, the share asleep during it, mean quality. */
function SleepCell({ sleep }: { sleep: ProgramEngagement['classes'][number]['sleep'] }) {
  if (sleep.answered === 0) {
    return (
      <td>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">Nobody answered</span>
      </td>
    );
  }
  return (
    <td>
      {count(sleep.answered, 'answer')}
      <span className="admin-cell-note">
        {formatPercent(sleep.asleepDuringPercent ?? 0)} fell asleep during it
      </span>
      {sleep.averageQuality !== null && (
        <span className="admin-cell-note">Sleep quality {sleep.averageQuality.toFixed(1)} of 5</span>
      )}
    </td>
  );
}

function OwnersCell({ value, owners }: { value: number; owners: number }) {
  const share = shareOfOwners(value, owners);
  return (
    <td>
      {value}
      {share && <span className="admin-cell-note">{share}</span>}
    </td>
  );
}
