// The campaign budget module: the budget range of a setup (spec 2 §7 budget_min_max) and the model
// suggested_tcs funds its clusters with (docs/BUDGET-MODEL.md).
export { budgetMinMax, budgetInputOf } from './service';
export * from './model';
