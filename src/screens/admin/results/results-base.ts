import { paths } from '../../../app/paths.ts';

export const RESULTS_BASE = `${paths.admin}/results`;
