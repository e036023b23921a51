export * from './model.js';
export { checkPlan, PlanError, maxPeriodsPerDay, maxDaysPerWeek, type PlanIssue } from './plan-check.js';
export {
  generateTimetable,
  evaluatePlacements,
  type GenerateOptions,
  type GenerateProgress,
  type GenerateResult,
  type GenerateStatus,
} from './generate.js';
export type { Violation } from './engine/report.js';
export type { LpSolver } from './engine/exact-repair.js';
export { loadLpSolver, openLpSolver } from './lp-solver.js';
export type { BlockingReason, UnplacedActivity } from './engine/diagnose.js';
export {
  importFet,
  importedFetConstraintTypes,
  type FetImport,
  type FetImportReport,
  type ImportFetOptions,
  type TypeCount,
} from './fet/import-fet.js';
export { FetFileError, defaultMaxFetBytes, type FetFileErrorCode } from './fet/safe-xml.js';
export { exportFet, type ExportFetOptions, type FetExport } from './fet/export-fet.js';
export { readFetSolution } from './fet/read-fet-solution.js';
export {
  verifyFetTimetable,
  readFetActivitiesXml,
  type VerifyPlacement,
  type VerifyReport,
  type VerifyViolation,
} from './verify/verify-fet.js';
