import estadual from './estadual';
import municipal from './municipal';
import pgfnDemais from './pgfn-demais';
import pgfnPrevidenciaria from './pgfn-previdenciaria';
import type { LayoutRule } from './types';

export type { LayoutRule, FieldName, DebtColumn } from './types';

/** Adding a layout: a data file here plus a fixture template. */
export const LAYOUTS: LayoutRule[] = [pgfnPrevidenciaria, pgfnDemais, estadual, municipal];
