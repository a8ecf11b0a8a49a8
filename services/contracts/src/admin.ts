import { z } from 'zod';
import { parseVimeoLink, VIMEO_LINK_MESSAGE } from './vimeo.ts';

/**
 * The administrator's content calls (admin/data spec §3, §5, §7, §9): every request body and answer.
 * The admin screens validate their forms with these same schemas, so the browser and the server refuse
 * the same input with the same words.
 */

// ── Constants (§3 field lengths, §9) ────────────────────────────────────────────────────────────────

export const TITLE_MAX_LENGTH = 255;
export const LABEL_MAX_LENGTH = 255;
export const IMAGE_URL_MAX_LENGTH = 500;
export const REDIRECT_URL_MAX_LENGTH = 255;
/** The stored columns of the video, audio and additional-content links are 500 long. */
export const LINK_URL_MAX_LENGTH = 500;
export const PROGRAM_TYPES = ['Full Program', 'Add On'] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];
export const DEFAULT_PROGRAM_TYPE: ProgramType = 'Full Program';
export const MIN_PROGRAM_DISPLAY_ORDER = 1;
/** Every order position is stored in a PostgreSQL integer, which holds no more than this. */
export const MAX_ORDER_POSITION = 2_147_483_647;
export const MIN_CLASS_DURATION_MINUTES = 1;
/** Drip: a path or class opens at most this many days after the purchase (0 = at once). */
export const MAX_OPENS_AFTER_DAYS = 3650;
export const DEFAULT_GUIDE_BUTTON_LABEL = 'Read the Guide';
/** Recommended image sizes shown beside the image fields. */
export const RECOMMENDED_IMAGE_SIZES = {
  programCard: '1200x675',
  programCover: '2688x512',
  pathCard: '400x225',
  pathCover: '2688x512',
  /** Not in the spec: the class page shows it in the video's 16:9 place when there is no video. */
  classCover: '1200x675',
} as const;

// ── Links ───────────────────────────────────────────────────────────────────────────────────────────

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** "/join-now", not "//elsewhere.example" (which a browser reads as another site). */
function isSitePath(value: string): boolean {
  return /^\/(?!\/)\S*$/.test(value);
}

const isLink = (value: string) => isSitePath(value) || parseHttpUrl(value) !== null;

/**
 * The learner's browser fetches an audio track itself: an https address (never plain http, which an
 * https page may not play), or a file of our own media under /media/ (the media store, the demo audio).
 */
const isAudioLink = (value: string) =>
  parseHttpUrl(value)?.protocol === 'https:' ||
  (isSitePath(value) && /^\/media\/[^/]/.test(value) && !value.split(/[/?#]/).includes('..'));

/** The learner side plays the video `parseVimeoLink` finds; the admin must enter a full link to one video. */
const isVimeoLink = (value: string) => parseHttpUrl(value) !== null && parseVimeoLink(value) !== null;

// ── Field schemas ───────────────────────────────────────────────────────────────────────────────────

/** Forms send '' for an untouched optional field; the stored value is then null. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
/** Number inputs arrive as text from forms and as numbers from JSON. */
const numericText = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

const text = (field: string) => z.string({ error: `${field} must be text` }).trim();

const titleSchema = text('Title')
  .min(1, 'Title is required')
  .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`);

const requiredTitle = z.preprocess((value) => value ?? '', titleSchema);

function optionalText(field: string, maxLength?: number) {
  const base = text(field);
  const limited = maxLength ? base.max(maxLength, `${field} must be at most ${maxLength} characters`) : base;
  return z.preprocess(blankToNull, limited.nullable()).optional();
}

/** An optional link of at most `maxLength` characters that `accepts`, refused with `message`. */
function linkField(field: string, maxLength: number, accepts: (value: string) => boolean, message: string) {
  return z
    .preprocess(
      blankToNull,
      text(field)
        .max(maxLength, `${field} must be at most ${maxLength} characters`)
        .refine(accepts, message)
        .nullable(),
    )
    .optional();
}

function optionalLink(field: string, maxLength: number) {
  return linkField(
    field,
    maxLength,
    isLink,
    `${field} must be a web address starting with https:// or a site path starting with /`,
  );
}

const vimeoUrl = linkField('Video URL', LINK_URL_MAX_LENGTH, isVimeoLink, VIMEO_LINK_MESSAGE);

const audioUrl = linkField(
  'Audio URL',
  LINK_URL_MAX_LENGTH,
  isAudioLink,
  'Audio URL must be a web address starting with https:// or a path of our media starting with /media/',
);

const programType = z.enum(PROGRAM_TYPES, { error: "Type must be 'Full Program' or 'Add On'" });

const displayOrder = z.preprocess(
  numericText,
  z
    .number({ error: 'Display order must be a number' })
    .int('Display order must be a whole number')
    .min(MIN_PROGRAM_DISPLAY_ORDER, `Display order must be at least ${MIN_PROGRAM_DISPLAY_ORDER}`)
    .max(MAX_ORDER_POSITION, 'Display order is too large'),
);

/** Order positions set by forms and drag-and-drop: 0 is the first place (paths start at 1, see below). */
const orderPosition = (min = 0) =>
  z.preprocess(
    numericText,
    z
      .number({ error: 'Order must be a number' })
      .int('Order must be a whole number')
      .min(min, `Order must be at least ${min}`)
      .max(MAX_ORDER_POSITION, 'Order is too large'),
  );

const durationMinutes = z
  .preprocess(
    (value) => numericText(blankToNull(value)),
    z
      .number({ error: 'Duration must be a number of minutes' })
      .int('Duration must be a whole number of minutes')
      .min(MIN_CLASS_DURATION_MINUTES, `Duration must be at least ${MIN_CLASS_DURATION_MINUTES} minute`)
      .max(24 * 60, 'Duration must be at most 1440 minutes')
      .nullable(),
  )
  .optional();

/**
 * Drip: "opens N days after purchase". Empty or null means at once (0), as does 0 itself; left out of
 * an edit, the stored value stays.
 */
const opensAfterDays = z
  .preprocess(
    (value) => (value === undefined ? value : numericText(blankToNull(value) ?? 0)),
    z
      .number({ error: 'Opens after must be a number of days' })
      .int('Opens after must be a whole number of days')
      .min(0, 'Opens after cannot be negative')
      .max(MAX_OPENS_AFTER_DAYS, `Opens after must be at most ${MAX_OPENS_AFTER_DAYS} days`),
  )
  .optional();

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

const idSchema = z
  .number({ error: 'Each id must be a positive whole number' })
  .int('Each id must be a positive whole number')
  .positive('Each id must be a positive whole number')
  .max(2_147_483_647, 'Each id must be a positive whole number');

/** A parent id repeated in a create body must name the parent of the address. */
const parentId = (field: string) =>
  z
    .preprocess(
      numericText,
      z
        .number({ error: `${field} must be a positive whole number` })
        .int()
        .positive(),
    )
    .optional();

/** Title, label and description: every level has them. */
const namingFields = {
  title: requiredTitle,
  label: optionalText('Label', LABEL_MAX_LENGTH),
  description: optionalText('Description'),
};

const rowId = z.number().int();
const storedText = z.string().nullable();
/** The stored counterparts of `namingFields`. */
const namingColumns = { id: rowId, title: z.string(), label: storedText, description: storedText };
/** Phases, paths and classes each have a place in their parent and a lock. */
const placeColumns = { orderIndex: z.number().int(), isUnlocked: z.boolean() };
/**
 * When the row last changed (any of its fields, its place or its lock): the version an edit form read.
 * Sent back with the edit, it makes the save refuse (409) to overwrite a change made since, in another
 * tab or by another admin; left out, the edit is made whatever changed.
 */
const versionColumn = { updatedAt: z.string() };
const VERSION_MESSAGE = 'updatedAt must be the time the row was read, as the API gave it';
/**
 * Sent to PostgreSQL as UTC: an ISO time JavaScript reads (offsets up to ±23:59, which PostgreSQL would
 * refuse) within the years both hold.
 */
const seenVersion = {
  updatedAt: z.iso
    .datetime({ offset: true, error: VERSION_MESSAGE })
    .transform((value) => new Date(value))
    .refine((time) => time.getUTCFullYear() >= 1970 && time.getUTCFullYear() <= 9999, VERSION_MESSAGE)
    .transform((time) => time.toISOString())
    .optional(),
};
/** 409: the row changed after the form read it (in another tab, by another admin, or here, not yet shown). */
export const changedSinceOpened = (level: string) =>
  `This ${level} was changed after you opened it. Close this form and open it again to see the changes; then make yours.`;

// ── Programs ────────────────────────────────────────────────────────────────────────────────────────

/** The programme form labels its title "Name" (spec 001 §2, §5), so its messages say Name. */
const programName = z.preprocess(
  (value) => value ?? '',
  text('Name')
    .min(1, 'Name is required')
    .max(TITLE_MAX_LENGTH, `Name must be at most ${TITLE_MAX_LENGTH} characters`),
);

const programFields = {
  ...namingFields,
  title: programName,
  format: optionalText('Format', 255),
  programCardFinePrint: optionalText('Card fine print'),
  cardImageUrl: optionalLink('Card image URL', IMAGE_URL_MAX_LENGTH),
  coverArtUrl: optionalLink('Cover art URL', IMAGE_URL_MAX_LENGTH),
  redirectUrl: optionalLink('Redirect URL', REDIRECT_URL_MAX_LENGTH),
};

/** POST /api/admin/programs. Without a display order the programme goes to the end of the list. */
export const createProgramSchema = z.object({
  ...programFields,
  programType: programType.default(DEFAULT_PROGRAM_TYPE),
  orderIndex: displayOrder.optional(),
  isActive: flag('Active').default(true),
});
export type CreateProgramInput = z.input<typeof createProgramSchema>;

/** PUT /api/admin/programs/{programId}. A field left out keeps its value; null or '' clears it. */
export const updateProgramSchema = z.object({
  ...programFields,
  programType: programType.optional(),
  orderIndex: displayOrder.optional(),
  isActive: flag('Active').optional(),
  ...seenVersion,
});
export type UpdateProgramInput = z.input<typeof updateProgramSchema>;

export const adminProgramSchema = z.object({
  ...namingColumns,
  format: storedText,
  programType: programType,
  programCardFinePrint: storedText,
  cardImageUrl: storedText,
  coverArtUrl: storedText,
  redirectUrl: storedText,
  orderIndex: z.number().int(),
  isActive: z.boolean(),
  ...versionColumn,
});
export type AdminProgram = z.infer<typeof adminProgramSchema>;
/** A level's live rows in order: its list, and the answer of its reorder call. */
export const adminProgramListSchema = z.array(adminProgramSchema);

// ── Phases ──────────────────────────────────────────────────────────────────────────────────────────

const phaseFields = namingFields;

/** POST /api/admin/programs/{programId}/phases. Without an order a new phase goes to the end of its list; it is unlocked. */
export const createPhaseSchema = z.object({
  ...phaseFields,
  programId: parentId('programId'),
  orderIndex: orderPosition().optional(),
  // Left out, the phase is unlocked (the column's default); the spec's create body carries no flag.
  isUnlocked: flag('isUnlocked').optional(),
});
export type CreatePhaseInput = z.input<typeof createPhaseSchema>;

/** PUT /api/admin/phases/{phaseId}. */
export const updatePhaseSchema = z.object({ ...phaseFields, ...seenVersion });
export type UpdatePhaseInput = z.input<typeof updatePhaseSchema>;

export const adminPhaseSchema = z.object({
  ...namingColumns,
  programId: rowId,
  ...placeColumns,
  ...versionColumn,
});
export type AdminPhase = z.infer<typeof adminPhaseSchema>;
/** A level's live rows in order: its list, and the answer of its reorder call. */
export const adminPhaseListSchema = z.array(adminPhaseSchema);

// ── Paths ───────────────────────────────────────────────────────────────────────────────────────────

const pathFields = {
  ...namingFields,
  cardImageUrl: optionalLink('Card image URL', IMAGE_URL_MAX_LENGTH),
  coverArtUrl: optionalLink('Cover art URL', IMAGE_URL_MAX_LENGTH),
  opensAfterDays,
};

/** New paths and classes go to the end of their list and are locked (§4) unless the body says otherwise. */
const newChildPlace = {
  orderIndex: orderPosition().optional(),
  isUnlocked: flag('isUnlocked').default(false),
};

/** POST /api/admin/phases/{phaseId}/paths. */
export const createPathSchema = z.object({ ...pathFields, phaseId: parentId('phaseId'), ...newChildPlace });
export type CreatePathInput = z.input<typeof createPathSchema>;

/** PATCH /api/admin/programs/{programId}/phases/{phaseId}/paths/{pathId}: only the fields sent change. */
export const updatePathSchema = z.object({
  ...pathFields,
  title: titleSchema.optional(),
  orderIndex: orderPosition().optional(),
  isUnlocked: flag('isUnlocked').optional(),
  ...seenVersion,
});
export type UpdatePathInput = z.input<typeof updatePathSchema>;

export const adminPathSchema = z.object({
  ...namingColumns,
  phaseId: rowId,
  cardImageUrl: storedText,
  coverArtUrl: storedText,
  ...placeColumns,
  /** Drip: days after the learner's purchase before the path opens (0 = at once). */
  opensAfterDays: z.number().int(),
  ...versionColumn,
});
export type AdminPath = z.infer<typeof adminPathSchema>;
/** A level's live rows in order: its list, and the answer of its reorder call. */
export const adminPathListSchema = z.array(adminPathSchema);

const crumb = z.object({ id: rowId, title: z.string() });

/** GET /api/admin/paths/{pathId}: the path with its phase and programme, for the classes-list breadcrumb. */
export const adminPathDetailsSchema = z.object({
  path: adminPathSchema,
  phase: crumb,
  program: crumb,
});
export type AdminPathDetails = z.infer<typeof adminPathDetailsSchema>;

// ── Classes ─────────────────────────────────────────────────────────────────────────────────────────

const classFields = {
  ...namingFields,
  coverArtUrl: optionalLink('Cover art URL', IMAGE_URL_MAX_LENGTH),
  vimeoVideoId: vimeoUrl,
  audioUrl,
  additionalContentUrl: optionalLink('Additional content URL', LINK_URL_MAX_LENGTH),
  additionalContentButtonLabel: optionalText('Additional content button label', LABEL_MAX_LENGTH),
  durationMinutes,
  opensAfterDays,
};

/** POST /api/admin/paths/{pathId}/classes. */
export const createClassSchema = z.object({ ...classFields, pathId: parentId('pathId'), ...newChildPlace });
export type CreateClassInput = z.input<typeof createClassSchema>;

/**
 * PUT /api/admin/classes/{classId}: class fields without pathId or orderIndex (those are ignored; order
 * changes go through the reorder call). A field left out keeps its value.
 */
export const updateClassSchema = z.object({
  ...classFields,
  isUnlocked: flag('isUnlocked').optional(),
  ...seenVersion,
});
export type UpdateClassInput = z.input<typeof updateClassSchema>;

export const adminClassSchema = z.object({
  ...namingColumns,
  pathId: rowId,
  coverArtUrl: storedText,
  /** The Vimeo URL as the admin entered it; `parseVimeoLink` (contracts/vimeo) reads it. */
  vimeoVideoId: storedText,
  /** The audio track of listen mode: an https address or a `/media/...` path. */
  audioUrl: storedText,
  additionalContentUrl: storedText,
  additionalContentButtonLabel: storedText,
  durationMinutes: z.number().int().nullable(),
  ...placeColumns,
  /** Drip: days after the learner's purchase before the class opens (0 = at once; the path's count too). */
  opensAfterDays: z.number().int(),
  ...versionColumn,
});
export type AdminClass = z.infer<typeof adminClassSchema>;
/** A level's live rows in order: its list, and the answer of its reorder call. */
export const adminClassListSchema = z.array(adminClassSchema);

/**
 * GET /api/admin/vimeo?url=…: what Vimeo's public oEmbed endpoint says of a video, for the class form
 * to offer. Any of them may be missing (Vimeo leaves out what the owner hides).
 */
export const vimeoLookupQuerySchema = z.object({
  url: z.preprocess((value) => value ?? '', text('Video URL').refine(isVimeoLink, VIMEO_LINK_MESSAGE)),
});
export const vimeoDetailsSchema = z.object({
  title: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type VimeoDetails = z.infer<typeof vimeoDetailsSchema>;
export const VIMEO_LOOKUP_MESSAGES = {
  unreachable: 'Vimeo could not be reached, so its details were not filled in. The class can still be saved.',
  notFound: 'Vimeo does not show this video to others (private, or no such video).',
} as const;

// ── Locks and reordering ────────────────────────────────────────────────────────────────────────────

/** PATCH …/lock on phases, paths and classes. */
export const lockSchema = z.object({ isUnlocked: flag('isUnlocked') });

/**
 * A whole new order: every id once, every position once. The client computes the positions (§9:
 * programs, phases and classes from 0, paths from 1); the server stores them as sent.
 */
function orderList(minPosition: number) {
  return z
    .array(z.object({ id: idSchema, orderIndex: orderPosition(minPosition) }), {
      error: 'The new order must be a list of {id, orderIndex}',
    })
    .min(1, 'The new order is empty')
    .refine(
      (items) => new Set(items.map((item) => item.id)).size === items.length,
      'Each id may appear only once',
    )
    .refine(
      (items) => new Set(items.map((item) => item.orderIndex)).size === items.length,
      'Each position may appear only once',
    );
}

/** PUT /api/admin/programs/reorder: the body is the list itself. */
export const reorderProgramsSchema = orderList(0);
/** PUT /api/admin/phases/reorder: the body is the list itself; all phases of one programme. */
export const reorderPhasesSchema = orderList(0);
/** PATCH /api/admin/phases/{phaseId}/paths/reorder. */
export const reorderPathsSchema = z.object({ paths: orderList(1) });
/** POST /api/admin/paths/{pathId}/classes/reorder. */
export const reorderClassesSchema = z.object({ classUpdates: orderList(0) });
export type OrderUpdate = z.infer<typeof reorderProgramsSchema>[number];

/** DELETE answers. */
export const deletedSchema = z.object({ success: z.literal(true) });
export type Deleted = z.infer<typeof deletedSchema>;

// ── Deleted content ────────────────────────────────────────────────────────────────────────────────

/** The four levels of the content tree, top down. */
export const CONTENT_LEVELS = ['program', 'phase', 'path', 'class'] as const;
export type ContentLevel = (typeof CONTENT_LEVELS)[number];
export const contentLevelSchema = z.enum(CONTENT_LEVELS, { error: 'Unknown kind of content' });

/**
 * GET /api/admin/deleted: what a deletion took, newest first, one entry per deletion (a phase deleted
 * with its paths and classes is one entry). `within` names its ancestors top down; `blockedBy` is the
 * deleted ancestor whose entry must be restored first (null when it can be restored now).
 */
export const deletedEntrySchema = z.object({
  level: contentLevelSchema,
  id: rowId,
  title: z.string(),
  label: storedText,
  deletedAt: z.string(),
  within: z.array(z.object({ level: contentLevelSchema, id: rowId, title: z.string() })),
  blockedBy: contentLevelSchema.nullable(),
});
export type DeletedEntry = z.infer<typeof deletedEntrySchema>;
export const deletedContentSchema = z.array(deletedEntrySchema);
/** The most recent deletions the list shows. */
export const DELETED_LIST_LIMIT = 200;

/**
 * POST /api/admin/deleted/{level}/{id}/restore: the row and what was deleted with it come back, in
 * their places (the end of the list if a live row took its place meanwhile) and with their locks; what
 * was deleted before it, on its own, stays deleted.
 */
export const restoredSchema = z.object({
  success: z.literal(true),
  level: contentLevelSchema,
  id: rowId,
  title: z.string(),
  /** Rows brought back: the row itself and its descendants deleted with it. */
  rows: z.number().int(),
});
export type Restored = z.infer<typeof restoredSchema>;
