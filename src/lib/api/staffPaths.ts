/**
 * The back office's API (issue 22), in a module of its own so the public islands' shared chunk does
 * not carry it (docs/budgets.md).
 */
export const STAFF_API = {
  login: '/Api/Staff/login',
  verify: '/Api/Staff/verify',
  logout: '/Api/Staff/logout',
  me: '/Api/Staff/me',
  applications: '/Api/Staff/applications',
  application: '/Api/Staff/application',
  approve: '/Api/Staff/approve',
  sendBack: '/Api/Staff/sendBack',
  reject: '/Api/Staff/reject',
  disbursals: '/Api/Staff/disbursals',
  requestDisbursal: '/Api/Staff/requestDisbursal',
  approveDisbursal: '/Api/Staff/approveDisbursal',
  staffList: '/Api/Staff/staff',
  addStaff: '/Api/Staff/addStaff',
  updateStaff: '/Api/Staff/updateStaff',
  complaints: '/Api/Staff/complaints',
  answerComplaint: '/Api/Staff/answerComplaint',
  assign: '/Api/Staff/assign',
  loans: '/Api/Staff/loans',
  loan: '/Api/Staff/loan',
  recordReceipt: '/Api/Staff/recordReceipt',
  contactNote: '/Api/Staff/contactNote',
  customer: '/Api/Staff/customer',
  refunds: '/Api/Staff/refunds',
  requestRefund: '/Api/Staff/requestRefund',
  approveRefund: '/Api/Staff/approveRefund',
  cancelRefund: '/Api/Staff/cancelRefund',
  bureauFile: '/Api/Staff/bureauFile',
} as const;
