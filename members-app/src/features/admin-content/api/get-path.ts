import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPathSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';
import { pathUrl, type PathAddress } from './path-address.ts';

export const getPath = (address: PathAddress) => api.get(adminPathSchema, pathUrl(address));

export const pathQueryOptions = (address: PathAddress) =>
  queryOptions({ queryKey: adminKeys.paths.detail(address.pathId), queryFn: () => getPath(address) });

export const usePath = (address: PathAddress) => useQuery(pathQueryOptions(address));
