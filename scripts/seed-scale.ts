// `npm run seed:scale`: loads a realistic number of members (SCALE_MEMBERS, default 50,000) with their
// purchases and progress into DATABASE_URL, by default a database of its own, sleep_ritual_scale (created
// and migrated when missing, the demo catalogue loaded), so the admin queries can be measured at size
// (`npm run bench:admin`). Running it again replaces the members it made before. It refuses the
// development, test and browser-test databases.
import { createDb, ensureDatabase, migrateLatest, type Knex } from '@sleep-ritual/platform/db';
import { seedDemo } from '@sleep-ritual/demo/seed';
import { COMPLETION_PERCENT } from '@sleep-ritual/learning/completion';
import { ACCESS_STATUS, PURCHASE_STATUS } from '@sleep-ritual/learning/purchase-access';

const SCALE_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/sleep_ritual_scale';
/** Every member this script makes has an address at one of these, so a rerun finds them to replace. */
const DOMAINS = ['mail.scale.example', 'inbox.scale.example', 'post.scale.example', 'icloud.scale.example'];
const PROTECTED_DATABASES = ['sleep_ritual', 'sleep_ritual_test', 'sleep_ritual_e2e'];
const BATCH = 5_000;

const FIRST_NAMES =
  `Olivia Liam Emma Noah Amelia Oliver Sophia Elijah Charlotte James Ava William Isabella Benjamin Mia
  Lucas Evelyn Henry Harper Theodore Luna Jack Camila Levi Gianna Alexander Elizabeth Jackson Eleanor Mateo Ella
  Daniel Abigail Michael Sofia Mason Avery Sebastian Scarlett Ethan Emily Logan Aria Owen Penelope Samuel Chloe
  Jacob Layla Asher Mila Aiden Nora John Hazel Joseph Madison Wyatt Ellie David Lily Leo Nova Luke Isla Julian
  Grace Hudson Violet Grayson Aurora Matthew Riley Ezra Zoey Gabriel Willow Carter Emilia Isaac Stella Jayden
  Zoe Luca Victoria Anthony Hannah Dylan Addison Lincoln Leah Thomas Lucy Maverick Eliana Elias Ivy Josiah
  Everly Charles Lillian Caleb Paisley Christopher Elena Ezekiel Naomi Miles Maya Jaxon Natalia Isaiah Inès
  Andrew Valentina Joshua Delilah Nathan Ruby Nolan Sophie Adrian Alice Cameron Madeline Santiago Eva Eli
  Josefina Aaron Quinn Ryan Clara Angel Sadie Cooper Kinsley Waylon Anna Easton Lydia Kai Margaret Christian
  Renée Landon Siobhán Colton Maëlle Roman Zoë Axel Chiara Brooks Saoirse Jonathan Björn Robert Ingrid Jameson
  Freya Ian Astrid Everett Greta Greyson Hana Wesley Yuki Jeremiah Aiko Hunter Priya Leonardo Ananya Jordan
  Fatima Jose Aisha Bennett Amara Silas Zara Nicholas Leila Parker Mariam Beau Noor Weston Sanaa Austin Chidi`
    .split(/\s+/)
    .filter(Boolean);
const LAST_NAMES =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
  Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis
  Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera
  Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart
  Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim
  Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo
  Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler
  Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds
  Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford
  Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman
  Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon
  Muñoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice
  Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer
  Hawkins Arnold Pierce Vázquez Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong
  Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Peña Richards
  Willis Carpenter Lawrence Sandoval O'Brien Nakamura Okafor Kowalski Novak Lindqvist Dubois Rossi Müller`
    .split(/\s+/)
    .filter(Boolean);

/** A small deterministic generator, so two runs load the same members. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Member = {
  email: string;
  firstName: string;
  lastName: string;
  hasPassword: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
};

type Purchase = { index: number; programId: number; orderId: string; item: string; status: string; at: Date };
type Progress = {
  index: number;
  classId: number;
  percent: number;
  completedAt: Date | null;
  updatedAt: Date;
};

type Catalogue = Map<number, number[]>;

/** Whole columns as array parameters: pg sends a JS array as a PostgreSQL array, nulls included. */
const columns = (...values: unknown[][]) => values as unknown as Knex.RawBinding[];

/** Programme id → its live class ids in learning order. */
async function catalogue(db: Knex): Promise<Catalogue> {
  const rows: { programId: number; classId: number }[] = await db('classes as c')
    .join('paths as pa', 'pa.id', 'c.pathId')
    .join('phases as ph', 'ph.id', 'pa.phaseId')
    .whereNull('c.deletedAt')
    .whereNull('pa.deletedAt')
    .whereNull('ph.deletedAt')
    .orderBy([
      { column: 'ph.programId' },
      { column: 'ph.orderIndex' },
      { column: 'pa.orderIndex' },
      { column: 'c.orderIndex' },
      { column: 'c.id' },
    ])
    .select('ph.programId', 'c.id as classId');
  const byProgram: Catalogue = new Map();
  for (const row of rows)
    byProgram.set(row.programId, [...(byProgram.get(row.programId) ?? []), row.classId]);
  return byProgram;
}

/**
 * The shape of a real audience: most members bought the ritual, a quarter the add-on, one in ten the
 * full programme; a few refunded; each night is started by fewer people than the one before.
 */
function generate(count: number, classes: Catalogue, now: number) {
  const next = random(20261121);
  const pick = <T>(list: T[]): T => {
    const item = list[Math.floor(next() * list.length)];
    if (item === undefined) throw new Error('Nothing to pick from an empty list');
    return item;
  };
  const members: Member[] = [];
  const purchases: Purchase[] = [];
  const progress: Progress[] = [];
  const twoYears = 2 * 365 * 24 * 60 * 60 * 1000;
  const keepStarting = [0.88, 0.84, 0.86, 0.88, 0.9, 0.92, 0.9, 0.9, 0.9, 0.9];

  for (let index = 0; index < count; index += 1) {
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const createdAt = new Date(now - Math.floor(next() * twoYears));
    const hasPassword = next() < 0.78;
    const lastSignInAt = hasPassword
      ? new Date(createdAt.getTime() + Math.floor(next() * (now - createdAt.getTime())))
      : null;
    const local = `${firstName}.${lastName}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    members.push({
      email: `${local}${index}@${DOMAINS[index % DOMAINS.length]}`,
      firstName,
      lastName,
      hasPassword,
      createdAt,
      lastSignInAt,
    });

    if (next() < 0.06) continue; // signed up through a test order that was never fulfilled
    const orderId = String(5_000_000 + index);
    const refunded = next() < 0.03;
    const owned = [1];
    if (next() < 0.25) owned.push(2);
    if (next() < 0.1) owned.push(3);
    for (const programId of owned) {
      const item = programId === 1 ? 'product-1' : programId === 2 ? 'bump-1' : 'upsell-1';
      purchases.push({
        index,
        programId,
        orderId,
        item,
        status: refunded ? PURCHASE_STATUS.refunded : ACCESS_STATUS,
        at: createdAt,
      });
    }
    if (!hasPassword) continue;
    for (const programId of owned) {
      let watched = createdAt.getTime();
      for (const [position, classId] of (classes.get(programId) ?? []).entries()) {
        if (next() > (keepStarting[position] ?? 0.9)) break;
        const finished = next() < 0.82;
        const percent = finished
          ? COMPLETION_PERCENT + Math.floor(next() * (101 - COMPLETION_PERCENT))
          : 1 + Math.floor(next() * (COMPLETION_PERCENT - 1));
        watched += Math.floor(next() * 3 * 24 * 60 * 60 * 1000);
        const updatedAt = new Date(Math.min(watched, now));
        progress.push({ index, classId, percent, completedAt: finished ? updatedAt : null, updatedAt });
        if (!finished && next() < 0.5) break;
      }
    }
  }
  return { members, purchases, progress };
}

async function insertMembers(db: Knex, members: Member[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < members.length; start += BATCH) {
    const batch = members.slice(start, start + BATCH);
    // Column arrays through unnest: one statement per batch, a handful of parameters whatever its size.
    const { rows } = await db.raw<{ rows: { id: number; email: string }[] }>(
      // A stored password that is no argon2 hash: the member counts as having an account, and no
      // password signs in as them.
      `insert into users (email, password, "emailVerified", "firstName", "lastName", "lastSignInAt", "createdAt", "updatedAt")
       select e, case when p then 'scale-seed-no-sign-in' end, p, f, l, s, c, c
         from unnest(?::text[], ?::boolean[], ?::text[], ?::text[], ?::timestamptz[], ?::timestamptz[]) as t(e, p, f, l, s, c)
       returning id, email`,
      columns(
        batch.map((member) => member.email),
        batch.map((member) => member.hasPassword),
        batch.map((member) => member.firstName),
        batch.map((member) => member.lastName),
        batch.map((member) => member.lastSignInAt?.toISOString() ?? null),
        batch.map((member) => member.createdAt.toISOString()),
      ),
    );
    const byEmail = new Map(rows.map((row) => [row.email, row.id]));
    for (const member of batch) {
      const id = byEmail.get(member.email);
      if (id === undefined) throw new Error(`${member.email} was not inserted`);
      ids.push(id);
    }
  }
  return ids;
}

async function insertPurchases(db: Knex, purchases: Purchase[], ids: number[]): Promise<void> {
  for (let start = 0; start < purchases.length; start += BATCH) {
    const batch = purchases.slice(start, start + BATCH);
    await db.raw(
      `insert into purchases ("userId", "programId", "thriveOrderId", "externalProductId", status, "purchasedAt", "updatedAt")
       select u, p, o, i, s, a, a from unnest(?::int[], ?::int[], ?::text[], ?::text[], ?::text[], ?::timestamptz[]) as t(u, p, o, i, s, a)`,
      columns(
        batch.map((row) => ids[row.index]),
        batch.map((row) => row.programId),
        batch.map((row) => row.orderId),
        batch.map((row) => row.item),
        batch.map((row) => row.status),
        batch.map((row) => row.at.toISOString()),
      ),
    );
  }
}

async function insertProgress(db: Knex, progress: Progress[], ids: number[]): Promise<void> {
  const DURATION_SEC = 960;
  for (let start = 0; start < progress.length; start += BATCH) {
    const batch = progress.slice(start, start + BATCH);
    await db.raw(
      `insert into user_progress ("userId", "classId", "sessionId", "maxPositionSec", "durationSeconds", "percentWatched",
                                  "totalPlays", completed, "completedAt", "startedAt", "createdAt", "updatedAt")
       select u, c, c, pct * ${DURATION_SEC} / 100, ${DURATION_SEC}, pct, 1 + pct / 40, d is not null, d, w, w, w
         from unnest(?::int[], ?::int[], ?::int[], ?::timestamptz[], ?::timestamptz[]) as t(u, c, pct, d, w)`,
      columns(
        batch.map((row) => ids[row.index]),
        batch.map((row) => row.classId),
        batch.map((row) => row.percent),
        batch.map((row) => row.completedAt?.toISOString() ?? null),
        batch.map((row) => row.updatedAt.toISOString()),
      ),
    );
  }
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || SCALE_DATABASE_URL;
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (PROTECTED_DATABASES.includes(name)) {
    console.error(
      `seed:scale refuses ${name}: it would add tens of thousands of made-up members there. ` +
        'Leave DATABASE_URL unset (sleep_ritual_scale) or point it at another database.',
    );
    process.exit(1);
  }
  const count = Number(process.env.SCALE_MEMBERS ?? 50_000);
  const started = performance.now();
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl, { min: 0, max: 1 });
  try {
    await migrateLatest(db);
    await seedDemo(db);
    const classes = await catalogue(db);
    const { members, purchases, progress } = generate(count, classes, Date.now());

    await db.transaction(async (trx) => {
      // Users last: their purchases and progress go with them (ON DELETE CASCADE).
      const removed = await trx('users')
        .where((query) => {
          for (const domain of DOMAINS) query.orWhere('email', 'like', `%@${domain}`);
        })
        .delete();
      if (removed > 0) console.log(`removed the ${removed} members of the previous run`);
      const ids = await insertMembers(trx, members);
      await insertPurchases(trx, purchases, ids);
      await insertProgress(trx, progress, ids);
    });
    // Planner statistics and the visibility map, as autovacuum would leave them on a live database.
    await db.raw('vacuum analyze users, purchases, user_progress');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${name}: ${members.length} members, ${purchases.length} purchases, ${progress.length} progress rows in ${seconds} s`,
    );
  } finally {
    await db.destroy();
  }
}

await main();
