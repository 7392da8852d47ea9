/**
 * What the catalogue's rules add to a library scan (scanner/index.ts): the scanner writes works and
 * files, and calls these hooks inside its transactions for what else a write implies.
 */
import type { ScanHooks } from '../../scanner/index.ts';
import { refreshReviewedWorks } from '../reviews.ts';

export const scanHooks: ScanHooks = {
  // Reviews outlive a work whose folder vanished: when it comes back, so does its site rating.
  worksAdded: refreshReviewedWorks,
};
