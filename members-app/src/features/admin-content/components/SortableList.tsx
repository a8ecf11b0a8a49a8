import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { AUTO_SCROLL, keyboardStep, POINTER_ACTIVATION_PX } from '../drag-settings.ts';

type Row = { id: number; title: string };

const INSTRUCTIONS =
  'To move an item, focus its drag handle and press Space or Enter to pick it up. Use the arrow keys to move it, ' +
  'press Space or Enter again to drop it in its new place, or Escape to cancel.';

/** What a screen reader hears while a row is moved, by title and position rather than by id. */
function announcements(items: readonly Row[]): Announcements {
  const title = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.title ?? 'The item';
  const place = (id: UniqueIdentifier) =>
    `position ${items.findIndex((item) => item.id === id) + 1} of ${items.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${title(active.id)}, in ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${title(active.id)} was moved to ${place(over.id)}.`
        : `${title(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${title(active.id)} was dropped in ${place(over.id)}.`
        : `${title(active.id)} was dropped back in its place.`,
    onDragCancel: ({ active }) => `Moving was cancelled. ${title(active.id)} stays in ${place(active.id)}.`,
  };
}

type Props<T extends Row> = {
  items: readonly T[];
  /** The list's accessible name, e.g. "Programs". */
  label: string;
  /** Called when a row is dropped on another row's place. */
  onMove: (activeId: number, overId: number) => void;
  /** The row's content; `handle` is its drag handle, to be placed where the row wants it. */
  children: (item: T, handle: ReactNode, index: number) => ReactNode;
  disabled?: boolean;
};

/** A list reordered by dragging a row's handle with a pointer, or with the keyboard (§9 step and scroll). */
export function SortableList<T extends Row>({ items, label, onMove, children, disabled = false }: Props<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: POINTER_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardStep }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) onMove(Number(active.id), Number(over.id));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      autoScroll={AUTO_SCROLL}
      accessibility={{
        announcements: announcements(items),
        screenReaderInstructions: { draggable: INSTRUCTIONS },
      }}
      onDragEnd={onDragEnd}
    >
      <SortableContext
        items={items.map((item) => item.id)}
        strategy={verticalListSortingStrategy}
        disabled={disabled}
      >
        <ol className="admin-list" aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} title={item.title}>
              {(handle) => children(item, handle, index)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  title,
  children,
}: {
  id: number;
  title: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="drag-handle"
      {...attributes}
      {...listeners}
      aria-label={`Drag to reorder ${title}`}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`admin-row${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}
