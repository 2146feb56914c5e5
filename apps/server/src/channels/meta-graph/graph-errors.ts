// A Graph call made while answering one of our users: its failure becomes the answer.
import { AppError } from '../../platform/errors.ts';
import { ProviderRejection } from '../provider.ts';
import { GraphUnavailable } from './graph-client.ts';

export const asHttpError = (error: unknown): never => {
  if (error instanceof ProviderRejection) throw new AppError(error.code, 400);
  if (error instanceof GraphUnavailable) throw new AppError('ERR_INTERNAL', 503);
  throw error;
};
