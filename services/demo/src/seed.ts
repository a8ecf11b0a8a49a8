import type { Knex } from 'knex';
import { demoAudioUrl, demoTracks, renderTrack } from './demo-audio.ts';
import { quietSpansOfWav } from '@sleep-ritual/catalog/quiet-spans';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { ACCESS_STATUS } from '@sleep-ritual/learning/purchase-access';
import {
  demoLearner,
  demoProductMappings,
  demoPrograms,
  type SeedPhase,
  type SeedProgram,
} from './demo-catalogue.ts';

/**
 * Loads the demo catalogue, product mappings and demo learner. Idempotent: what exists already (by the
 * programme's fixed id, the mapping's product id, the learner's e-mail) is left as it is, so admin
 * edits survive a restart. A phase added to the demo later (`addToExisting`) is added to an existing
 * programme once, when it has no phase of that title, deleted or not.
 */
export async function seedDemo(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(424242)');
    for (const program of demoPrograms) {
      const exists = await trx('programs').where({ id: program.id }).first('id');
      if (!exists) await insertProgram(trx, program);
      else {
        await addLaterPhases(trx, program);
        await addLaterAudio(trx, program);
        await addLaterTranscripts(trx, program);
      }
    }
    await addDemoQuietSpans(trx);
    await trx.raw(
      `select setval(pg_get_serial_sequence('programs', 'id'), greatest((select max(id) from programs), 1))`,
    );

    await trx('product_program_map').insert(demoProductMappings).onConflict('externalProductId').ignore();

    let learner = await trx('users').whereRaw('lower(email) = ?', [demoLearner.email]).first('id');
    if (!learner) {
      [learner] = await trx('users')
        .insert({
          email: demoLearner.email,
          username: demoLearner.email,
          password: await hashPassword(demoLearner.password),
          firstName: demoLearner.firstName,
          lastName: demoLearner.lastName,
          emailVerified: true,
        })
        .returning('id');
    }
    if (!learner) throw new Error('The demo learner was not created');
    for (const programId of demoLearner.ownsProgramIds) {
      await trx('purchases')
        .insert({ userId: learner.id, programId, thriveOrderId: demoLearner.orderId, status: ACCESS_STATUS })
        .onConflict(['thriveOrderId', 'programId'])
        .ignore();
    }
  });
}

async function insertProgram(trx: Knex.Transaction, program: SeedProgram): Promise<void> {
  const { phases, ...fields } = program;
  await trx('programs').insert(fields);
  for (const [phaseIndex, phase] of phases.entries()) await insertPhase(trx, program.id, phase, phaseIndex);
}

async function addLaterPhases(trx: Knex.Transaction, program: SeedProgram): Promise<void> {
  for (const [phaseIndex, phase] of program.phases.entries()) {
    if (!phase.addToExisting) continue;
    const present = await trx('phases').where({ programId: program.id, title: phase.title }).first('id');
    if (!present) await insertPhase(trx, program.id, phase, phaseIndex);
  }
}

/**
 * The nights' audio came after the first demo databases were seeded: a class gets its track once, when
 * it has none and no admin has ever changed it (its updatedAt is still its createdAt), so an admin's
 * edit, a cleared audio link included, stays.
 */
async function addLaterAudio(trx: Knex.Transaction, program: SeedProgram): Promise<void> {
  const programPaths = trx('paths')
    .join('phases', 'phases.id', 'paths.phaseId')
    .where('phases.programId', program.id)
    .select('paths.id');
  for (const lesson of program.phases.flatMap((phase) => phase.paths.flatMap((path) => path.classes))) {
    if (!lesson.audioUrl) continue;
    await trx('classes')
      .where({ label: lesson.label, title: lesson.title })
      .whereIn('pathId', programPaths.clone())
      .whereNull('audioUrl')
      .whereRaw('"createdAt" = "updatedAt"')
      .update({ audioUrl: lesson.audioUrl });
  }
}

/**
 * The demo tracks' quiet spans, found in the tracks themselves (rendered in memory: the same bytes as
 * the files), for every class that plays one and has none yet: once, on the first seed.
 */
async function addDemoQuietSpans(trx: Knex.Transaction): Promise<void> {
  for (const track of demoTracks) {
    const audioUrl = demoAudioUrl(track);
    const missing = await trx('classes').where({ audioUrl }).whereNull('audioQuietSpans').first('id');
    if (!missing) continue;
    const spans = quietSpansOfWav(renderTrack(track));
    await trx('classes')
      .where({ audioUrl })
      .whereNull('audioQuietSpans')
      .update({ audioQuietSpans: JSON.stringify(spans) });
  }
}

/** The nights' transcripts came later still: added by the same rule as the audio, once per class. */
async function addLaterTranscripts(trx: Knex.Transaction, program: SeedProgram): Promise<void> {
  for (const lesson of program.phases.flatMap((phase) => phase.paths.flatMap((path) => path.classes))) {
    if (!lesson.transcript) continue;
    const untouched = await trx('classes')
      .join('paths', 'paths.id', 'classes.pathId')
      .join('phases', 'phases.id', 'paths.phaseId')
      .where({ 'phases.programId': program.id, 'classes.label': lesson.label, 'classes.title': lesson.title })
      .whereRaw('classes."createdAt" = classes."updatedAt"')
      .pluck('classes.id');
    for (const classId of untouched)
      await trx('class_transcripts')
        .insert({ classId, vtt: lesson.transcript })
        .onConflict('classId')
        .ignore();
  }
}

async function insertPhase(
  trx: Knex.Transaction,
  programId: number,
  { paths, addToExisting: _, ...phase }: SeedPhase,
  orderIndex: number,
): Promise<void> {
  const [phaseRow] = await trx('phases')
    .insert({ ...phase, programId, orderIndex })
    .returning('id');
  for (const [pathIndex, { classes, ...pathFields }] of paths.entries()) {
    const [pathRow] = await trx('paths')
      .insert({ ...pathFields, phaseId: phaseRow.id, orderIndex: pathIndex + 1 })
      .returning('id');
    const rows: { id: number }[] = await trx('classes')
      .insert(
        classes.map(({ transcript: _, ...lesson }, classIndex) => ({
          ...lesson,
          pathId: pathRow.id,
          orderIndex: classIndex,
        })),
      )
      .returning('id');
    const transcripts = classes.flatMap((lesson, index) => {
      if (!lesson.transcript) return [];
      const row = rows[index];
      if (!row) throw new Error(`Class ${index + 1} of a demo path was not inserted`);
      return [{ classId: row.id, vtt: lesson.transcript }];
    });
    if (transcripts.length > 0) await trx('class_transcripts').insert(transcripts);
  }
}
