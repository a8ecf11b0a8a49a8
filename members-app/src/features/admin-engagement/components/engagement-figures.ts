import type { EngagementClass, ProgramEngagement } from '@sleep-ritual/contracts/admin-members';
import { count, formatPercent } from '../../../lib/admin/format.ts';

/** A class's short name on the chart: its label ("Night 1") when it has one. */
export const className = (row: Pick<EngagementClass, 'label' | 'title'>) => row.label ?? row.title;

/** "67% of owners": what share of the programme's owners a count is; null when nobody owns it. */
export function shareOfOwners(value: number, owners: number): string | null {
  return owners > 0 ? `${formatPercent((value / owners) * 100)} of owners` : null;
}

/** The chart in words, for screen readers: the same figures, class by class. */
export function chartSummary(program: ProgramEngagement): string {
  const classes = program.classes.map(
    (row) => `${className(row)}: ${row.started} started, ${row.completed} completed`,
  );
  return `Owners who started and completed each class of ${program.title}, of ${count(program.owners, 'owner')}. ${classes.join('; ')}.`;
}
