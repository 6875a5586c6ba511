/** The back office's roles (issue 22; docs/decisions.md, "The back office"): what each may do. */
export const STAFF_ROLES = ['credit', 'finance', 'collections', 'support', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The staff member a request's Stafftoken belongs to. */
export interface ActiveStaff {
  sessionId: number;
  staffId: string;
  name: string;
  email: string;
  roles: StaffRole[];
}

/** How a staff member appears in the audit log: by id, never by e-mail. */
export const staffActor = (staff: Pick<ActiveStaff, 'staffId'>) => `staff:${staff.staffId}`;
