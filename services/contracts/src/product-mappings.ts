import { z } from 'zod';

/**
 * How the checkout's items map to programmes (product_program_map). An item is named the way
 * ThriveCart's purchase map names it: `product-12`, `upsell-2`, `bump-12` (and `downsell-5`, which the
 * map also carries). A bare number is the main product: `12` means `product-12`.
 */

export const ITEM_KEY_PATTERN = /^(product|upsell|downsell|bump)-[1-9]\d{0,17}$/;
export const ITEM_KEY_MESSAGE =
  'Enter the item as ThriveCart names it: product-N, upsell-N, bump-N or downsell-N (a bare number means product-N).';

/** `12` → `product-12`; `Bump-3 ` → `bump-3`; anything else is returned trimmed and lower-cased. */
export function normalizeItemKey(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return `product-${value}`;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim().toLowerCase();
  return /^\d+$/.test(trimmed) ? `product-${trimmed.replace(/^0+(?=\d)/, '')}` : trimmed;
}

export const itemKeySchema = z.preprocess(
  normalizeItemKey,
  z.string({ error: ITEM_KEY_MESSAGE }).regex(ITEM_KEY_PATTERN, ITEM_KEY_MESSAGE),
);

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
