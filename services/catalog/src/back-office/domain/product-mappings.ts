import {
  PRODUCT_MAPPING_MESSAGES,
  type CreateProductMapping,
  type ProductMapping,
} from '@sleep-ritual/contracts/product-mappings';
import { ConflictError, NotFoundError } from '@sleep-ritual/platform/errors';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import {
  deleteProductMapping,
  findProductMapping,
  insertProductMapping,
  listProductMappings as listMappingRows,
  liveProgramExists,
} from '../data/product-mappings.ts';

export function listProductMappings(deps: ServiceDeps): Promise<ProductMapping[]> {
  return listMappingRows(deps.db);
}

/**
 * Which programme a checkout item opens. The worker reads these when a purchase arrives, so a new
 * mapping applies to every order processed after it is saved.
 */
export async function createProductMapping(
  deps: ServiceDeps,
  input: CreateProductMapping,
): Promise<ProductMapping> {
  if (!(await liveProgramExists(deps.db, input.programId)))
    throw new NotFoundError(PRODUCT_MAPPING_MESSAGES.programNotFound);
  try {
    const id = await insertProductMapping(deps.db, input);
    const created = await findProductMapping(deps.db, id);
    // Only a programme deleted in the meantime leaves the new row without one.
    if (!created) throw new NotFoundError(PRODUCT_MAPPING_MESSAGES.programNotFound);
    return created;
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw new ConflictError(PRODUCT_MAPPING_MESSAGES.duplicate);
    throw error;
  }
}

export async function removeProductMapping(deps: ServiceDeps, id: number): Promise<void> {
  if (!(await deleteProductMapping(deps.db, id))) throw new NotFoundError(PRODUCT_MAPPING_MESSAGES.notFound);
}
