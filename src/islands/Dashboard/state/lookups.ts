/** The lookup values of product.md §3, as the forms offer them and the tiles show them. */
export const GENDERS = [
  { value: '1', label: 'Male' },
  { value: '2', label: 'Female' },
] as const;
export const MARITAL_STATUSES = [
  { value: '1', label: 'Single' },
  { value: '2', label: 'Married' },
  { value: '3', label: 'Divorced' },
] as const;
export const RESIDENCE_TYPES = [
  { value: '1', label: 'Owned' },
  { value: '2', label: 'Rented' },
] as const;
export const INCOME_TYPES = [
  { value: '1', label: 'Salaried' },
  { value: '2', label: 'Self-Employed' },
] as const;
export const SALARY_MODES = [
  { value: '1', label: 'Bank transfer' },
  { value: '2', label: 'Cheque' },
  { value: '3', label: 'Cash' },
] as const;

/** The label of a stored id, or '' when there is none. */
export function labelOf(choices: readonly { value: string; label: string }[], id: number | string | null | undefined) {
  if (id === null || id === undefined || id === '') return '';
  return choices.find((choice) => choice.value === String(id))?.label ?? '';
}

/** A stored id as a form value ('' when none). */
export const formValue = (id: number | string | null | undefined) =>
  id === null || id === undefined ? '' : String(id);
