/** Every API path the site calls. The ones the specifications give are kept exactly (product.md §10.2). */
export const API = {
  registration: '/Api/Website/InstantJourneyController/appCustomerRegisteration',
  /** The loan quote and the decision on it (product.md §7: saveleadDetails), by event_name. */
  saveleadDetails: '/Api/Website/saveleadDetails',
  getUser: '/Api/Website/getUser',
  logout: '/Api/Website/logout',
  /** The dashboard (product.md §7): the profile, and what the dashboard frame shows. */
  getProfile: '/Api/Website/getProfile',
  dashboardData: '/Api/Website/getDashboardData',
  master: '/Api/MasterController/masterAPI',
  contact: '/Api/Website/contactUs',
  health: '/Api/health',
  openapi: '/Api/openapi.json',
  devOutbox: '/__dev/outbox',
  /** Repay (product.md §7 calls 4 to 7, and the order for a chosen amount). */
  repaySendOtp: '/Api/CustomerDetails/Sendotp',
  repayVerifyOtp: '/Api/CustomerDetails/verifyOtp',
  razorpayOrder: '/Api/RepayLoanApi/generateRazorpayorderId',
  razorpayVerify: '/Api/CustomerDetails/verifyRazorPayCheckPaymentStatus',
  payuOrder: '/Api/RepayLoanApi/payuOrders',
  /** The loan application (product.md §7): documents, loan history and detail, the KFS, one document. */
  mandatoryDocuments: '/Api/Website/checkCustomerMandatoryDocuments',
  leadList: '/Api/Website/getLeadList',
  leadDetail: '/Api/Website/getLeadDetail',
  keyFactStatement: '/Api/Website/getKeyFactStatement',
  singleDocument: '/Api/Website/uploadSingleDocument',
  /** The kyc screen: each document and whether it is on file (issue 14). */
  kycDocuments: '/Api/Website/getKycDocuments',
  /** A credited payment's receipt as a PDF (issue 23), from /thanku and the loan's screen. */
  receiptPdf: '/Api/Website/downloadReceipt',
  /** The bank and branch of an IFSC, for the bank details form (issue 24). */
  ifscDetails: '/Api/Website/getIfscDetails',
} as const;

/**
 * Header names of product.md §7: the public client credential without a session, the token with
 * one; and the back office's staff session (issue 22), never accepted where a customer's is.
 */
export const HEADERS = { clientKey: 'Auth', token: 'Authtoken', staffToken: 'Stafftoken' } as const;
