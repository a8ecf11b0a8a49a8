import { z } from 'zod';
import { itemKeySchema } from './purchases.ts';

/**
 * How the checkout's items map to programmes (product_program_map). Items are named by their item key
 * (`product-12`, `upsell-2`, `bump-12`, `downsell-5`; ./purchases.ts).
 */

export const createProductMappingSchema = z.object({
  externalProductId: itemKeySchema,
  programId: z
    .number({ error: 'Choose the programme this item gives access to.' })
    .int('Choose the programme this item gives access to.')
    .positive('Choose the programme this item gives access to.')
    .max(2_147_483_647, 'Choose the programme this item gives access to.'),
});
export type CreateProductMapping = z.infer<typeof createProductMappingSchema>;

export const productMappingSchema = z.object({
  id: z.number().int(),
  externalProductId: z.string(),
  programId: z.number().int(),
  programTitle: z.string(),
  /** The programme was deleted since: new orders of the item give nothing and wait, as for an unmapped one. */
  programDeleted: z.boolean(),
  createdAt: z.string(),
});
export type ProductMapping = z.infer<typeof productMappingSchema>;

export const productMappingListSchema = z.array(productMappingSchema);

/** DELETE /api/admin/product-mappings/{id} answers 204 without a body. */
export const productMappingDeletedSchema = z.undefined();

export const PRODUCT_MAPPING_MESSAGES = {
  duplicate: 'This checkout item is already mapped to a programme.',
  programNotFound: 'Program not found',
  notFound: 'Product mapping not found',
} as const;
