import type { EngagementClass, ProgramEngagement } from '@sleep-ritual/contracts/admin-members';
import { formatPercent } from '../../format.ts';

/** A class's short name on the chart: its label ("Night 1") when it has one. */
export const className = (row: Pick<EngagementClass, 'label' | 'title'>) => row.label ?? row.title;

/** "2 (67% of owners)": how many, and what share of the programme's owners. */
export function ofOwners(value: number, owners: number): string {
  return owners > 0 ? `${value} (${formatPercent((value / owners) * 100)} of owners)` : String(value);
}

/** The chart in words, for screen readers: the same figures, class by class. */
export function chartSummary(program: ProgramEngagement): string {
  const classes = program.classes.map((row) => `${className(row)}: ${row.started} started, ${row.completed} completed`);
  return `Owners who started and completed each class of ${program.title}, of ${program.owners} owners. ${classes.join('; ')}.`;
}
