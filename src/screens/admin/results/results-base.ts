import { paths } from '../../../shared/paths.ts';

export const RESULTS_BASE = `${paths.admin}/results`;
