import type { Knex } from '@sleep-ritual/platform/db';
import type { CreateProductMapping, ProductMapping } from '@sleep-ritual/contracts/product-mappings';

type Row = {
  id: number;
  externalProductId: string;
  programId: number;
  programTitle: string;
  programDeleted: boolean;
  createdAt: Date;
};

const serialize = (row: Row): ProductMapping => ({ ...row, createdAt: row.createdAt.toISOString() });

function withProgram(db: Knex): Knex.QueryBuilder {
  return db('product_program_map as map')
    .join('programs', 'programs.id', 'map.programId')
    .select(
      'map.id',
      'map.externalProductId',
      'map.programId',
      'programs.title as programTitle',
      db.raw('programs."deletedAt" is not null as "programDeleted"'),
      'map.createdAt',
    );
}

export async function listProductMappings(db: Knex): Promise<ProductMapping[]> {
  const rows: Row[] = await withProgram(db).orderBy('map.externalProductId');
  return rows.map(serialize);
}

export async function findProductMapping(db: Knex, id: number): Promise<ProductMapping | undefined> {
  const row: Row | undefined = await withProgram(db).where('map.id', id).first();
  return row && serialize(row);
}

/** Answers the new row's id; a duplicate item is PostgreSQL's unique violation (23505). */
export async function insertProductMapping(db: Knex, mapping: CreateProductMapping): Promise<number> {
  const [row] = await db('product_program_map').insert(mapping).returning('id');
  return row.id;
}

export async function deleteProductMapping(db: Knex, id: number): Promise<boolean> {
  return (await db('product_program_map').where({ id }).delete()) > 0;
}

export async function liveProgramExists(db: Knex, programId: number): Promise<boolean> {
  return Boolean(await db('programs').where({ id: programId }).whereNull('deletedAt').first('id'));
}
