import {
  DEFAULT_PROGRAM_TYPE,
  MIN_PROGRAM_DISPLAY_ORDER,
  type AdminProgram,
} from '@sleep-ritual/contracts/admin';
import { endOfList } from './ordering.ts';

export type ProgramFormValues = {
  title: string;
  label: string;
  format: string;
  description: string;
  programType: string;
  orderIndex: string;
  programCardFinePrint: string;
  cardImageUrl: string;
  coverArtUrl: string;
  redirectUrl: string;
  isActive: boolean;
  /** The version the form opened (not shown): the edit is refused if the programme changed since. */
  updatedAt: string;
};

/**
 * The form's starting values: the programme's own, or for a new one the type 'Full Program' and the
 * display order after the last programme, so it lands at the end of the list.
 */
export function programFormValues(
  program: AdminProgram | undefined,
  programs: readonly AdminProgram[],
): ProgramFormValues {
  return {
    title: program?.title ?? '',
    label: program?.label ?? '',
    format: program?.format ?? '',
    description: program?.description ?? '',
    programType: program?.programType ?? DEFAULT_PROGRAM_TYPE,
    orderIndex: String(program ? program.orderIndex : endOfList(programs, MIN_PROGRAM_DISPLAY_ORDER)),
    programCardFinePrint: program?.programCardFinePrint ?? '',
    cardImageUrl: program?.cardImageUrl ?? '',
    coverArtUrl: program?.coverArtUrl ?? '',
    redirectUrl: program?.redirectUrl ?? '',
    isActive: program?.isActive ?? true,
    updatedAt: program?.updatedAt ?? '',
  };
}

/** §5: a display order that is not a number falls back to 1. */
export function displayOrder(text: string): string | number {
  return text.trim() !== '' && !Number.isNaN(Number(text)) ? text : MIN_PROGRAM_DISPLAY_ORDER;
}

/**
 * The body to send. Creating sets isActive true (§4). Editing leaves the display order out when the
 * admin did not touch it: 'Save Ordering' stores positions from 0, which the form's minimum of 1 would
 * otherwise refuse.
 */
export function programBody(values: ProgramFormValues, initial: ProgramFormValues, editing: boolean) {
  const { orderIndex, isActive, updatedAt, ...fields } = values;
  const order = editing && orderIndex === initial.orderIndex ? {} : { orderIndex: displayOrder(orderIndex) };
  return editing ? { ...fields, ...order, isActive, updatedAt } : { ...fields, ...order, isActive: true };
}
