/** The shapes a lead form's action answers (defined with the action, server/leads/form-types.ts). */
export type { FormValue, FormValuesData, LeadFormActionData } from "~/server/leads/form-types";
